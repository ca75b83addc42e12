import { VOICE_BITS_PER_SAMPLE, VOICE_CHANNELS, VOICE_SAMPLE_RATE } from '@notewise/shared';

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes of PCM samples in the data chunk. */
  dataBytes: number;
  durationMs: number;
}

export type WavCheck = { ok: true; info: WavInfo } | { ok: false; reason: 'empty' | 'invalid' };

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Reads a RIFF/WAVE header and accepts exactly what the browser's encoder writes: PCM (format 1, or
 * WAVE_FORMAT_EXTENSIBLE with the PCM sub-format), 16 kHz, mono, 16-bit, with a data chunk that fits
 * in the file. Anything else is 'invalid'; a valid file without samples is 'empty'. The samples
 * themselves are not inspected: whether there is speech is the speech server's call.
 */
export function checkWav(bytes: Buffer): WavCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (
    bytes.length < 12 ||
    bytes.toString('latin1', 0, 4) !== 'RIFF' ||
    bytes.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    return { ok: false, reason: 'invalid' };
  }
  let format:
    | { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number }
    | undefined;
  let offset = 12;
  // Chunks: 4-byte id, 4-byte little-endian size, body padded to an even length.
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.length) return { ok: false, reason: 'invalid' };
      let audioFormat = bytes.readUInt16LE(body);
      if (audioFormat === WAVE_FORMAT_EXTENSIBLE) {
        // cbSize (22) then valid bits, channel mask, and the sub-format GUID whose first 2 bytes are the format.
        if (size < 40) return { ok: false, reason: 'invalid' };
        audioFormat = bytes.readUInt16LE(body + 24);
      }
      format = {
        audioFormat,
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bitsPerSample: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) return { ok: false, reason: 'invalid' };
      const accepted =
        format.audioFormat === WAVE_FORMAT_PCM &&
        format.channels === VOICE_CHANNELS &&
        format.sampleRate === VOICE_SAMPLE_RATE &&
        format.bitsPerSample === VOICE_BITS_PER_SAMPLE;
      if (!accepted || body + size > bytes.length) return { ok: false, reason: 'invalid' };
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      const dataBytes = size - (size % 2);
      if (dataBytes === 0) return { ok: false, reason: 'empty' };
      return {
        ok: true,
        info: {
          sampleRate: format.sampleRate,
          channels: format.channels,
          bitsPerSample: format.bitsPerSample,
          dataBytes,
          durationMs: Math.round((dataBytes / bytesPerSecond) * 1000),
        },
      };
    }
    offset = body + size + (size % 2);
  }
  return { ok: false, reason: 'invalid' };
}
