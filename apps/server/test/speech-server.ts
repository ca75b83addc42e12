import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible speech server (Speaches, whisper.cpp's server, OpenAI), speaking
 * the real protocol: POST /v1/audio/transcriptions as multipart form data (`file`, `model`,
 * `response_format`) answered `{ text }`, and POST /v1/audio/speech ({ model, voice, input }) answered
 * with audio bytes. It reads the WAV itself and refuses, with OpenAI's 400 error shape, anything that
 * is not a PCM WAV with speech energy (RMS over a threshold). Its transcript is derived from what it
 * heard: the number of energy bursts picks a sentence, and the duration and a checksum of the samples
 * follow it, so a test can tell utterances apart.
 */

/** The sentence said for 1, 2, 3... bursts of energy (bursts beyond the list wrap around). */
export const BURST_SENTENCES = [
  'We decided to go with the blue design for the landing page.',
  'Alice will send the budget to the team by Friday.',
  'What did we decide about the design?',
  'The next review of the landing page is planned for the end of the month.',
  'Assistant, what are the action items so far?',
];

/** RMS (of 32767) below which a 20 ms frame counts as silence. */
export const SPEECH_RMS_THRESHOLD = 500;
const FRAME_MS = 20;

export interface ParsedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  samples: Int16Array;
}

/** This stand-in's own WAV reader (deliberately not the server's). */
export function parseWav(bytes: Buffer): ParsedWav | string {
  if (bytes.length < 44) return 'file is too short to be a WAV';
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
    return 'file is not a RIFF/WAVE file';
  }
  let offset = 12;
  let fmt: Omit<ParsedWav, 'samples'> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(offset + 8) !== 1) return 'only PCM WAV is supported';
      fmt = {
        channels: bytes.readUInt16LE(offset + 10),
        sampleRate: bytes.readUInt32LE(offset + 12),
        bitsPerSample: bytes.readUInt16LE(offset + 22),
      };
    } else if (id === 'data') {
      if (fmt?.bitsPerSample !== 16) return 'only 16-bit PCM is supported';
      const end = Math.min(bytes.length, offset + 8 + size);
      const data = bytes.subarray(offset + 8, end - ((end - offset - 8) % 2));
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { ...fmt, samples };
    }
    offset += 8 + size + (size % 2);
  }
  return 'no data chunk';
}

/** Frames of speech energy: how many separate bursts, and the RMS of the loudest frame. */
export function energyBursts(wav: ParsedWav): { bursts: number; peakRms: number } {
  const frame = Math.max(1, Math.round((wav.sampleRate * wav.channels * FRAME_MS) / 1000));
  let bursts = 0;
  let loud = false;
  let peakRms = 0;
  for (let start = 0; start < wav.samples.length; start += frame) {
    let sum = 0;
    const end = Math.min(wav.samples.length, start + frame);
    for (let i = start; i < end; i++) sum += (wav.samples[i] ?? 0) ** 2;
    const rms = Math.sqrt(sum / Math.max(1, end - start));
    peakRms = Math.max(peakRms, rms);
    const now = rms > SPEECH_RMS_THRESHOLD;
    if (now && !loud) bursts += 1;
    loud = now;
  }
  return { bursts, peakRms };
}

export function checksum(samples: Int16Array): string {
  let hash = 2166136261;
  for (const sample of samples) {
    hash ^= sample & 0xffff;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export interface TranscriptionRequest {
  model: string;
  responseFormat: string;
  fileName: string;
  fileType: string;
  bytes: number;
}

export interface SpeechServer {
  baseUrl: string;
  /** Every transcription request that reached it. */
  transcriptions: TranscriptionRequest[];
  speechRequests: { model: string; voice: string; input: string }[];
  /** 'ok', answer 500, or drop every connection (a server that is down). */
  mode: 'ok' | 'error' | 'drop';
  /** Extra latency per transcription (the bench sets the speech server's own time). */
  delayMs: number;
  close(): Promise<void>;
}

/** MP3 frame header bytes: enough for a client to see audio came back. */
export const FAKE_MP3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0xff, 0xfb, 0x90, 0x64]);

function openAiError(res: http.ServerResponse, status: number, message: string, param: string | null) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param, code: null } }));
}

export async function startSpeechServer(expectedModel: string): Promise<SpeechServer> {
  const state: Omit<SpeechServer, 'baseUrl' | 'close'> = {
    transcriptions: [],
    speechRequests: [],
    mode: 'ok',
    delayMs: 0,
  };
  const server = http.createServer(async (req, res) => {
    if (state.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (state.mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model crashed', type: 'server_error' } }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
      let form: FormData;
      try {
        form = await new Response(body, {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData();
      } catch {
        openAiError(res, 400, 'Request must be multipart/form-data.', null);
        return;
      }
      const file = form.get('file');
      const model = form.get('model');
      const responseFormat = form.get('response_format');
      if (!(file instanceof Blob))
        return openAiError(res, 400, "Missing required parameter: 'file'.", 'file');
      if (model !== expectedModel)
        return openAiError(res, 404, `The model '${model}' does not exist`, 'model');
      if (responseFormat !== 'json')
        return openAiError(res, 400, 'response_format must be json', 'response_format');
      const bytes = Buffer.from(await file.arrayBuffer());
      state.transcriptions.push({
        model,
        responseFormat,
        fileName: file instanceof File ? file.name : '',
        fileType: file.type,
        bytes: bytes.length,
      });
      const wav = parseWav(bytes);
      if (typeof wav === 'string') return openAiError(res, 400, `Invalid file format: ${wav}`, 'file');
      const { bursts } = energyBursts(wav);
      if (bursts === 0) return openAiError(res, 400, 'Audio file contains no speech.', 'file');
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      const seconds = wav.samples.length / (wav.sampleRate * wav.channels);
      const sentence = BURST_SENTENCES[(bursts - 1) % BURST_SENTENCES.length];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ text: ` ${sentence} (${seconds.toFixed(2)} s, sum ${checksum(wav.samples)})` }),
      );
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/audio/speech') {
      let json: { model?: unknown; voice?: unknown; input?: unknown };
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        return openAiError(res, 400, 'Body must be JSON.', null);
      }
      if (typeof json.input !== 'string' || !json.input)
        return openAiError(res, 400, 'input is required', 'input');
      if (typeof json.model !== 'string' || typeof json.voice !== 'string') {
        return openAiError(res, 400, 'model and voice are required', 'model');
      }
      state.speechRequests.push({ model: json.model, voice: json.voice, input: json.input });
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(FAKE_MP3);
      return;
    }
    openAiError(res, 404, 'Not found', null);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle = state as SpeechServer;
  handle.baseUrl = `http://127.0.0.1:${port}/v1`;
  handle.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return handle;
}

/** A WAV: silence and 440 Hz tone segments (speech energy), 16 kHz mono 16-bit unless asked otherwise. */
export function makeWav(
  segments: readonly { ms: number; tone: boolean }[],
  format: { sampleRate?: number; channels?: number } = {},
): Buffer {
  const sampleRate = format.sampleRate ?? 16_000;
  const channels = format.channels ?? 1;
  const frames = segments.reduce((sum, segment) => sum + Math.round((segment.ms * sampleRate) / 1000), 0);
  const data = Buffer.alloc(frames * channels * 2);
  let frame = 0;
  for (const segment of segments) {
    const count = Math.round((segment.ms * sampleRate) / 1000);
    for (let i = 0; i < count; i++, frame++) {
      const value = segment.tone ? Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12_000) : 0;
      for (let c = 0; c < channels; c++) data.writeInt16LE(value, (frame * channels + c) * 2);
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** `bursts` tone bursts of 300 ms with 200 ms of silence around each: what the stand-in counts. */
export function speechWav(bursts: number, toneMs = 300): Buffer {
  const segments: { ms: number; tone: boolean }[] = [{ ms: 200, tone: false }];
  for (let i = 0; i < bursts; i++) segments.push({ ms: toneMs, tone: true }, { ms: 200, tone: false });
  return makeWav(segments);
}
