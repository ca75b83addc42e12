import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../src/engines/ai/builtin';
import { currentEnginePool } from '../src/engines/ai/builtin/engine-pool';
import { loadEvalNotes } from '../src/engines/ai/builtin/eval/corpus';
import { harperRequested } from '../src/engines/ai/builtin/grammar';
import type { AiProvider } from '../src/engines/ai/types';
import { parseSse } from './ai-fake-model';
import { signUp, startTestApp, type TestApp } from './helpers';
import { loopCpuMs } from './support/loop-cpu';

/**
 * The built-in engine in its worker thread (decision 076): the same answers as on the request
 * thread, the request thread free while a long grammar check runs, and a dead or overrunning thread
 * replaced without wedging the next request. Run with AI_WORKERS=0 to see the old behaviour fail.
 * The routes come first: the first test checks that nothing in the process has started a thread.
 */
const WORKERS = process.env.AI_WORKERS ?? '1';

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}

/** About 10,000 short words (under the 50,000-character limit), with typos the engine fixes. */
function longNote(): string {
  const sentences = [
    'We saw teh new plan and it was good.',
    'Tom will recieve the box on Friday.',
    'She said the the test ran fine.',
    'It is a big day for all of us.',
    'Our team met at ten and we set the goals.',
  ];
  const paragraphs: string[] = [];
  let words = 0;
  for (let i = 0; words < 10_000; i++) {
    const paragraph = Array.from({ length: 5 }, (_, j) => sentences[(i + j) % sentences.length]).join(' ');
    paragraphs.push(paragraph);
    words += paragraph.split(' ').length;
  }
  return paragraphs.join('\n\n');
}

describe('the AI routes with the engine in a worker', () => {
  let t: TestApp;
  let origin: string;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false', AI_WORKERS: WORKERS, AI_TIMEOUT_MS: '60000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  /** Runs an AI action over HTTP; `onDelta` is told once the first delta has arrived. */
  async function enhance(action: string, content: string, onDelta?: () => void) {
    const response = await send('POST', '/api/ai/enhance', { action, content });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (onDelta && text.includes('event: delta')) {
        onDelta();
        onDelta = undefined;
      }
    }
    const events = parseSse(text);
    return { last: events.at(-1), events };
  }

  it('starts no thread with the server; the first grammar starts one, and harper stays off the request thread', {
    timeout: 180_000,
  }, async () => {
    if (WORKERS === '0') return;
    expect(currentEnginePool()?.threads().length ?? 0).toBe(0);
    const { last } = await enhance('grammar', 'We will recieve teh results tomorow.');
    expect(last?.data.output).toBe('We will receive the results tomorrow.');
    expect(currentEnginePool()?.threads().length).toBe(1);
    expect(harperRequested()).toBe(false);
  });

  it('answers a cheap request at once while a 10,000-word grammar check runs', {
    timeout: 300_000,
  }, async () => {
    await enhance('grammar', 'A warm up: teh engines load here.');
    const waits: number[] = [];
    // The event loop's CPU during each health answer's wait, and during the whole check: CPU time
    // does not grow with the machine's load (decision 114), while wall-clock shares of the check did
    // (a CI run saw one answer wait 306 ms of a 665 ms check with the loop idle).
    let blocked = 0;
    let checking = true;
    const healthLoop = (async () => {
      while (checking) {
        const started = performance.now();
        const cpuBefore = loopCpuMs();
        const response = await send('GET', '/api/health');
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        const cpuAfter = loopCpuMs();
        if (checking) {
          waits.push(performance.now() - started);
          if (cpuBefore !== null && cpuAfter !== null) blocked = Math.max(blocked, cpuAfter - cpuBefore);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const processStart = process.cpuUsage();
    const loopStart = loopCpuMs();
    const { last } = await enhance('grammar', longNote());
    const grammarDone = performance.now() - started;
    const processCpu = process.cpuUsage(processStart);
    const loopEnd = loopCpuMs();
    checking = false;
    await healthLoop;
    expect(last?.event).toBe('done');
    expect(last?.data.output).toContain('She said the test ran fine.');
    expect(last?.data.output).not.toContain('the the');
    const processMs = (processCpu.user + processCpu.system) / 1000;
    const loopMs = loopStart === null || loopEnd === null ? null : loopEnd - loopStart;
    console.log(
      `grammar ${Math.round(grammarDone)} ms (process CPU ${Math.round(processMs)} ms, event loop ${loopMs} ms); ${waits.length} health answers meanwhile, slowest ${Math.round(Math.max(...waits))} ms, loop CPU per answer max ${blocked} ms`,
    );
    // Answered while it ran, counted in answers: a check on the request thread answers none.
    expect(waits.length).toBeGreaterThan(0);
    // The check's CPU is spent off the event loop (in the engine's thread): the loop's share of the
    // process's CPU stays under half, and no health answer waited on 300 ms of the loop's work.
    if (loopMs !== null) expect(loopMs).toBeLessThan(processMs / 2);
    expect(blocked).toBeLessThanOrEqual(300);
  });

  it('a thread killed mid-request: the request answers AI_FAILED, the next one succeeds', {
    timeout: 300_000,
  }, async () => {
    if (WORKERS === '0') return;
    // The thread dies the moment it is handed the job: a quick machine finished the whole check
    // before its first delta reached the client, so killing on that delta killed an idle thread.
    for (const thread of currentEnginePool()?.threads() ?? []) {
      const post = thread.postMessage.bind(thread);
      thread.postMessage = (message: { job?: unknown }) => {
        post(message);
        if (message.job) void thread.terminate();
      };
    }
    const failed = await enhance('grammar', longNote());
    expect(failed.last?.event).toBe('error');
    expect(failed.last?.data).toEqual({
      code: 'AI_FAILED',
      message: 'The AI request failed. Please try again.',
    });
    const next = await enhance('grammar', 'We will recieve teh results tomorow.');
    expect(next.last?.data.output).toBe('We will receive the results tomorrow.');
  });

  it('a job past its time limit answers AI_TIMEOUT and the thread serves the next one', {
    timeout: 300_000,
  }, async () => {
    if (WORKERS === '0') return;
    // AI_TIMEOUT_MS is at least 1 s, which a fast machine's 10,000-word check beats (888 ms quiet):
    // the limit is set on the provider, as create-provider.ts passes AI_TIMEOUT_MS. 40,000 words take
    // well over 300 ms anywhere (10,000 took 203 ms on the quickest day seen), one sentence well under.
    const limited = createBuiltinProvider({ workers: 1, timeoutMs: 300 });
    const fourNotes = Array.from({ length: 4 }, longNote).join('\n\n');
    await expect(collect(limited.grammar(fourNotes))).rejects.toMatchObject({ code: 'AI_TIMEOUT' });
    expect(await collect(limited.grammar('We will recieve teh results tomorow.'))).toBe(
      'We will receive the results tomorrow.',
    );
  });
});

describe('the built-in engine in a worker thread gives the answers of the request thread', () => {
  const inThread = createBuiltinProvider();
  const inWorker = createBuiltinProvider({ workers: 1, timeoutMs: 120_000 });
  const notes = loadEvalNotes().slice(0, 3);

  it.each(['summarize', 'structure', 'grammar'] as const)(
    '%s on dev evaluation notes',
    {
      timeout: 240_000,
    },
    async (action) => {
      for (const note of notes) {
        const run = (provider: AiProvider) =>
          collect(provider[action](note.text, { userWords: action === 'grammar' ? ['Kysely'] : undefined }));
        expect(await run(inWorker), note.file).toBe(await run(inThread));
      }
    },
  );

  it('voice notes', { timeout: 60_000 }, async () => {
    const transcript = notes.map((note) => ({ speaker: 'user' as const, text: note.text.slice(0, 600) }));
    expect(await inWorker.voiceNotes(transcript)).toEqual(await inThread.voiceNotes(transcript));
  });
});
