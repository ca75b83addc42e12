/**
 * Voice: end of utterance (the browser posts the WAV) to the transcript in the answer, through the
 * real app over HTTP, against the local OpenAI-protocol speech stand-in (test/speech-server.ts). The
 * stand-in's own time is measured alone on the same WAVs and subtracted: what is left is ours (WAV
 * check, limits, multipart upload, database writes, notes every third turn). Budget: p95
 * under 300 ms plus the speech server's own time. Standalone: `npm run bench:voice -w @notewise/server`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { speechWav, startSpeechServer } from '../test/speech-server';

const MODEL = 'whisper-bench';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

export async function measureVoiceLatency(samples = 60) {
  const speech = await startSpeechServer(MODEL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-voice-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNT: 'false',
    STT_BASE_URL: speech.baseUrl,
    STT_MODEL: MODEL,
    VOICE_UTTERANCES_PER_MINUTE: '10000',
  });
  const { app } = await buildApp(config, { logger: false });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = { origin: address, 'content-type': 'application/json' };
    const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ name: 'Voice', email: 'voice@example.com', password: 'bench-password-1' }),
    });
    const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const call = (await (
      await fetch(`${address}/api/voice/calls`, {
        method: 'POST',
        headers: { ...origin, cookie },
        body: JSON.stringify({ mode: 'server' }),
      })
    ).json()) as { call: { id: string } };
    // About 2 s of speech each (what a spoken sentence sends: 64 KB), 1 to 5 bursts.
    const wavs = Array.from({ length: samples }, (_, i) =>
      speechWav((i % 5) + 1, 1_800 / ((i % 5) + 1) - 200),
    );

    const direct: number[] = [];
    for (const wav of wavs) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'utterance.wav');
      form.append('model', MODEL);
      form.append('response_format', 'json');
      const start = performance.now();
      const response = await fetch(`${speech.baseUrl}/audio/transcriptions`, { method: 'POST', body: form });
      await response.json();
      direct.push(performance.now() - start);
    }

    const total: number[] = [];
    for (const [i, wav] of wavs.entries()) {
      const start = performance.now();
      const response = await fetch(
        `${address}/api/voice/calls/${call.call.id}/utterances?offsetMs=${i * 3000}`,
        {
          method: 'POST',
          headers: { origin: address, cookie, 'content-type': 'audio/wav' },
          body: new Uint8Array(wav),
        },
      );
      const body = (await response.json()) as { turn?: { text: string } };
      if (response.status !== 201 || !body.turn?.text)
        throw new Error(`utterance failed: ${response.status}`);
      total.push(performance.now() - start);
    }
    const overhead = total.map((ms, i) => ms - (direct[i] ?? 0));
    return {
      samples,
      wavBytes: wavs[0]?.length ?? 0,
      total: { p50: percentile(total, 50), p95: percentile(total, 95) },
      speechServer: { p50: percentile(direct, 50), p95: percentile(direct, 95) },
      overhead: { p50: percentile(overhead, 50), p95: percentile(overhead, 95) },
    };
  } finally {
    await app.close();
    await speech.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureVoiceLatency(Number(process.env.BENCH_VOICE_SAMPLES ?? 60));
  console.log(JSON.stringify(result, null, 2));
  console.log(`voice: utterance -> transcript overhead p95 ${result.overhead.p95} ms (budget 300 ms)`);
}
