import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible speech-to-text server (Speaches, whisper.cpp's server, OpenAI),
 * for the voice e2e spec: POST /v1/audio/transcriptions as multipart form data (`file`, `model`,
 * `response_format`), answered `{ text }`, errors in OpenAI's shape. It refuses anything that is not a
 * 16-bit PCM WAV, or that is silent; the text it returns is derived from what it received (a sentence
 * picked by the request's order, then the audio's duration and a checksum), so utterances differ.
 */

/** Said in turn: a decision and two tasks, so the assistant's notes have something to keep. */
const SENTENCES = [
  'We decided to use the blue design for the landing page',
  'Alice will send the budget to the team by Friday',
  'Bob should book the room for the next review',
];

export interface Transcription {
  bytes: number;
  sampleRate: number;
  channels: number;
  seconds: number;
  text: string;
}

export interface SpeechStandIn {
  baseUrl: string;
  transcriptions: Transcription[];
  /** Every refusal it answered (what was wrong with the upload). */
  refusals: string[];
  /** 'drop' closes every connection unanswered: a speech server that is down. */
  mode: 'ok' | 'drop';
  close(): Promise<void>;
}

function wavSamples(bytes: Buffer): { sampleRate: number; channels: number; samples: Int16Array } | string {
  if (
    bytes.length < 44 ||
    bytes.toString('latin1', 0, 4) !== 'RIFF' ||
    bytes.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    return 'not a RIFF/WAVE file';
  }
  let offset = 12;
  let format: { sampleRate: number; channels: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(offset + 8) !== 1 || bytes.readUInt16LE(offset + 22) !== 16)
        return 'not 16-bit PCM';
      format = { channels: bytes.readUInt16LE(offset + 10), sampleRate: bytes.readUInt32LE(offset + 12) };
    } else if (id === 'data') {
      if (!format) return 'data before fmt';
      const data = bytes.subarray(offset + 8, Math.min(bytes.length, offset + 8 + size));
      const samples = new Int16Array(Math.floor(data.length / 2));
      for (let index = 0; index < samples.length; index += 1) samples[index] = data.readInt16LE(index * 2);
      return { ...format, samples };
    }
    offset += 8 + size + (size % 2);
  }
  return 'no data chunk';
}

function refuse(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: 'file', code: null } }));
}

export async function startSpeechStandIn(): Promise<SpeechStandIn> {
  // Assigned once the server listens; its handler reads `mode` from it.
  let handle: SpeechStandIn;
  const transcriptions: Transcription[] = [];
  const refusals: string[] = [];
  const server = http.createServer(async (req, res) => {
    if (handle.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return refuse(res, 404, 'Not found');
    let form: FormData;
    try {
      form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
    } catch {
      return refuse(res, 400, 'Request must be multipart/form-data.');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) return refuse(res, 400, "Missing required parameter: 'file'.");
    if (typeof form.get('model') !== 'string')
      return refuse(res, 400, "Missing required parameter: 'model'.");
    const bytes = Buffer.from(await file.arrayBuffer());
    const wav = wavSamples(bytes);
    if (typeof wav === 'string') {
      refusals.push(wav);
      return refuse(res, 400, `Invalid file format: ${wav}`);
    }
    let sum = 0;
    let hash = 2166136261;
    for (const sample of wav.samples) {
      sum += sample * sample;
      hash = Math.imul(hash ^ (sample & 0xffff), 16777619) >>> 0;
    }
    const rms = Math.sqrt(sum / Math.max(1, wav.samples.length));
    if (rms < 100) {
      refusals.push(`silent (rms ${rms.toFixed(1)})`);
      return refuse(res, 400, 'Audio file contains no speech.');
    }
    const seconds = wav.samples.length / (wav.sampleRate * wav.channels);
    const sentence = SENTENCES[transcriptions.length % SENTENCES.length];
    const text = `${sentence} (${seconds.toFixed(2)} s, sum ${hash.toString(16)}).`;
    transcriptions.push({
      bytes: bytes.length,
      sampleRate: wav.sampleRate,
      channels: wav.channels,
      seconds,
      text,
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  handle = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    transcriptions,
    refusals,
    mode: 'ok',
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return handle;
}
