import { describe, expect, it } from 'vitest';
import { downsample, encodeWav, formatOffset, rmsLevel, toPcm16, utteranceToWav } from './wav';

const text = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

describe('WAV encoding', () => {
  it('writes a valid 44-byte RIFF header for 16 kHz mono PCM16', () => {
    const wav = encodeWav(new Int16Array([0, 1000, -1000, 32767]), 16_000);
    const view = new DataView(wav.buffer);
    expect(wav.byteLength).toBe(44 + 8);
    expect(text(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(text(wav, 8, 4)).toBe('WAVE');
    expect(text(wav, 12, 4)).toBe('fmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((index) => view.getInt16(44 + index * 2, true))).toEqual([0, 1000, -1000, 32767]);
  });

  it('clips floats outside [-1, 1] when converting to PCM16', () => {
    expect([...toPcm16(new Float32Array([-2, -1, 0, 0.5, 1, 3]))]).toEqual([
      -32768, -32768, 0, 16384, 32767, 32767,
    ]);
  });

  it('downsamples 48 kHz to 16 kHz by averaging, keeping the duration', () => {
    const input = new Float32Array(48_000).map((_, index) => (index % 3 === 0 ? 0.3 : 0));
    const output = downsample(input, 48_000, 16_000);
    expect(output.length).toBe(16_000);
    expect(output[0]).toBeCloseTo(0.1, 5);
    expect(() => downsample(input, 0, 16_000)).toThrow(RangeError);
    // Never upsamples: the samples pass through.
    expect(downsample(new Float32Array([0.5]), 8_000, 16_000)).toEqual(new Float32Array([0.5]));
  });

  it('turns one second of 44.1 kHz audio into 16,000 samples of WAV', () => {
    const wav = utteranceToWav(new Float32Array(44_100).fill(0.25), 44_100);
    expect(wav.byteLength).toBe(44 + 16_000 * 2);
    expect(new DataView(wav.buffer).getInt16(44 + 200, true)).toBe(Math.round(0.25 * 0x7fff));
  });

  it('measures the level as RMS', () => {
    expect(rmsLevel([])).toBe(0);
    expect(rmsLevel(new Float32Array(100).fill(0.5))).toBeCloseTo(0.5);
    expect(rmsLevel([1, -1, 1, -1])).toBe(1);
  });

  it('formats offsets as mm:ss', () => {
    expect(formatOffset(0)).toBe('00:00');
    expect(formatOffset(65_400)).toBe('01:05');
    expect(formatOffset(3_600_000 + 1000)).toBe('60:01');
    expect(formatOffset(-5)).toBe('00:00');
  });
});
