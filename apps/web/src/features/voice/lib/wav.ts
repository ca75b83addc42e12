/**
 * Audio helpers for utterances: pure functions over sample arrays, so they are unit-tested in Node.
 * Float samples are in [-1, 1]; the WAV written is little-endian PCM16 mono.
 */

/** Root mean square of the samples: the "level" the speech threshold is compared with. */
export function rmsLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const value = samples[index] ?? 0;
    sum += value * value;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * Resamples to `outputRate` by averaging each output sample's window of input samples (a box filter:
 * cheap, and enough against aliasing for speech going 48 kHz -> 16 kHz).
 */
export function downsample(input: Float32Array, inputRate: number, outputRate: number): Float32Array {
  if (!(inputRate > 0) || !(outputRate > 0)) throw new RangeError('Sample rates must be positive');
  if (outputRate >= inputRate) return input.slice();
  const ratio = inputRate / outputRate;
  const length = Math.floor(input.length / ratio);
  const output = new Float32Array(length);
  for (let index = 0; index < length; index += 1) {
    const start = Math.floor(index * ratio);
    const end = Math.min(input.length, Math.floor((index + 1) * ratio));
    let sum = 0;
    for (let source = start; source < end; source += 1) sum += input[source] ?? 0;
    output[index] = end > start ? sum / (end - start) : 0;
  }
  return output;
}

/** Float samples to signed 16-bit, clipped. */
export function toPcm16(samples: Float32Array): Int16Array {
  const output = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const value = Math.max(-1, Math.min(1, samples[index] ?? 0));
    output[index] = value < 0 ? Math.round(value * 0x8000) : Math.round(value * 0x7fff);
  }
  return output;
}

const WAV_HEADER_BYTES = 44;

/** A RIFF/WAVE file: 44-byte header, then PCM16 mono little-endian samples. */
export function encodeWav(samples: Int16Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1)
      view.setUint8(offset + index, text.charCodeAt(index));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index += 1) {
    view.setInt16(WAV_HEADER_BYTES + index * 2, samples[index] ?? 0, true);
  }
  return new Uint8Array(buffer);
}

/** Float samples at `inputRate` to a 16 kHz (or `outputRate`) mono PCM16 WAV file. */
export function utteranceToWav(samples: Float32Array, inputRate: number, outputRate = 16_000) {
  return encodeWav(toPcm16(downsample(samples, inputRate, outputRate)), outputRate);
}

/** Milliseconds as the transcript shows them: mm:ss (minutes keep counting past 59). */
export function formatOffset(offsetMs: number): string {
  const totalSeconds = Math.max(0, Math.floor(offsetMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
