import { AI_MESSAGES } from '@notewise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiProvider } from '../src/engines/ai/create-provider';
import { stripCodeFence } from '../src/engines/ai/openai-compatible/code-fence';
import {
  createOpenAICompatibleProvider,
  parseCaptureAnswer,
} from '../src/engines/ai/openai-compatible/index';
import type { AiConfig, AiProvider } from '../src/engines/ai/types';
import {
  closedBaseUrl,
  errorAnswer,
  type FakeModel,
  type FakeModelRequest,
  startFakeModel,
  streamAnswer,
} from './ai-fake-model';

async function collect(stream: AsyncIterable<string>) {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { chunks, text: chunks.join('') };
}

async function failure(stream: AsyncIterable<string>) {
  try {
    await collect(stream);
  } catch (error) {
    return error as { code: string; message: string; statusCode: number };
  }
  throw new Error('expected the stream to fail');
}

async function* fromChunks(chunks: string[]) {
  for (const chunk of chunks) yield chunk;
}

// The bound only makes a miss fail readably; a loaded machine may take seconds to deliver an abort.
const waitFor = async (condition: () => boolean, timeoutMs = 15_000) => {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('openai-compatible provider against a local chat-completions server', () => {
  let fake: FakeModel;
  let config: AiConfig;
  let provider: AiProvider;

  beforeAll(async () => {
    fake = await startFakeModel();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.handler = (_request, response) => streamAnswer(response, ['Hello', ' **world**', '.']);
    config = {
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      // Covers retries: a 1 s Retry-After plus two requests must fit on a loaded machine too.
      timeoutMs: 8000,
      rateLimit: 30,
    };
    provider = createOpenAICompatibleProvider(config, { retryDelayMs: 10 });
  });

  it('is chosen when AI_BASE_URL is set and can do every action', () => {
    const chosen = createAiProvider(config);
    expect(chosen.kind).toBe('openai-compatible');
    expect(chosen.model).toBe('test-model');
    expect(Object.values(chosen.capabilities).every(Boolean)).toBe(true);
  });

  it('streams the answer chunk by chunk and sends the model, the prompt, stream: true and the key', async () => {
    const { chunks, text } = await collect(provider.grammar('i has went to the the store.'));
    expect(chunks).toEqual(['Hello', ' **world**', '.']);
    expect(text).toBe('Hello **world**.');
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0] as FakeModelRequest;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    expect(request.body.stream).toBe(true);
    const [system, user] = request.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('proofreader');
    expect(system?.content).toContain('<mark data-color="…">');
    expect(system?.content).toContain('no preamble');
    expect(user).toEqual({ role: 'user', content: 'i has went to the the store.' });
  });

  it('sends no Authorization header without AI_API_KEY, and each action its own prompt', async () => {
    const keyless = createOpenAICompatibleProvider({ ...config, apiKey: undefined }, { retryDelayMs: 10 });
    await collect(keyless.translate('Good morning', 'German'));
    await collect(keyless.summarize('A note.'));
    await collect(keyless.structure('A note.'));
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined, undefined]);
    const systems = fake.requests.map((r) => r.body.messages?.[0]?.content ?? '');
    expect(systems[0]).toContain('into German');
    expect(systems[1]).toContain('summar');
    expect(systems[2]).toContain('reorganize');
  });

  it('strips a code fence the model wrapped its answer in', async () => {
    fake.handler = (_request, response) =>
      streamAnswer(response, ['``', '`markdown\n# Title', '\n\n- item\n', '``', '`\n']);
    expect((await collect(provider.structure('Title\n- item'))).text).toBe('# Title\n\n- item');
  });

  it('retries 429 answers, honouring a short Retry-After, then streams the answer', async () => {
    fake.handler = (_request, response, index) => {
      if (index === 0) return errorAnswer(response, 429, { 'retry-after': '1' });
      if (index === 1) return errorAnswer(response, 429);
      return streamAnswer(response, ['Finally']);
    };
    const started = Date.now();
    expect((await collect(provider.summarize('Some note.'))).text).toBe('Finally');
    expect(fake.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up after two retries when the server keeps answering 429', async () => {
    fake.handler = (_request, response) => errorAnswer(response, 429, { 'retry-after': '0' });
    const error = await failure(provider.summarize('Some note.'));
    expect(error).toMatchObject({ code: 'AI_BUSY', message: AI_MESSAGES.busy });
    expect(fake.requests).toHaveLength(3);
  });

  it('retries a 500 and reports a server that keeps failing', async () => {
    fake.handler = (_request, response, index) =>
      index === 0 ? errorAnswer(response, 500) : streamAnswer(response, ['Recovered']);
    expect((await collect(provider.summarize('Some note.'))).text).toBe('Recovered');

    fake.requests.length = 0;
    fake.handler = (_request, response) => errorAnswer(response, 503);
    const error = await failure(provider.summarize('Some note.'));
    expect(error.code).toBe('AI_BUSY');
    expect(error.message).toBe(
      'The AI model server failed to answer (HTTP 503). Please try again in a moment.',
    );
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a refused key, an unknown model or a bad request', async () => {
    fake.handler = (_request, response) => errorAnswer(response, 401);
    expect(await failure(provider.summarize('x'))).toMatchObject({
      code: 'AI_FAILED',
      message: 'The AI model server refused the request (HTTP 401): check AI_API_KEY.',
    });
    fake.handler = (_request, response) => errorAnswer(response, 404);
    expect((await failure(provider.summarize('x'))).message).toContain('"test-model"');
    fake.handler = (_request, response) => errorAnswer(response, 400);
    expect((await failure(provider.summarize('x'))).message).toBe(
      'The AI model server rejected the request (HTTP 400): fake error 400',
    );
    expect(fake.requests).toHaveLength(3);
  });

  it('aborts a stream that stalls after the first chunk, with a clear time-out message', async () => {
    fake.handler = (_request, response) => streamAnswer(response, ['Only this'], { end: false });
    const received: string[] = [];
    let error: unknown;
    // The total time-out is out of reach (10 min), so the abort can only be inactivity's (decision 114:
    // not a duration under 1.5 s, which a loaded machine's late timers can pass).
    const stalled = createOpenAICompatibleProvider({ ...config, timeoutMs: 600_000 }, { inactivityMs: 500 });
    try {
      for await (const chunk of stalled.summarize('Some note.')) received.push(chunk);
    } catch (caught) {
      error = caught;
    }
    expect(received).toEqual(['Only this']);
    expect(error).toMatchObject({ code: 'AI_TIMEOUT', message: 'The AI model took too long to answer.' });
    await waitFor(() => fake.requests[0]?.aborted === true);
  });

  it('aborts at the total time-out even while chunks keep coming', async () => {
    fake.handler = (_request, response) =>
      streamAnswer(
        response,
        Array.from({ length: 100 }, () => 'more '),
        { delayMs: 100 },
      );
    // Inactivity out of reach (a late chunk on a loaded machine must not be what stops it): the
    // answer, 10 s long, is cut by the 1 s total, counted in chunks rather than milliseconds.
    const received: string[] = [];
    let error: unknown;
    try {
      const capped = createOpenAICompatibleProvider(
        { ...config, timeoutMs: 1000 },
        { inactivityMs: 600_000 },
      );
      for await (const chunk of capped.summarize('Some note.')) received.push(chunk);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'AI_TIMEOUT', message: AI_MESSAGES.timeout });
    expect(received.length).toBeLessThan(100);
  });

  it('says so when the model server is not reachable', async () => {
    const baseUrl = await closedBaseUrl();
    const error = await failure(createOpenAICompatibleProvider({ ...config, baseUrl }).summarize('x'));
    expect(error).toMatchObject({
      code: 'AI_UNREACHABLE',
      message: `The AI model server at ${baseUrl} is not reachable.`,
    });
  });

  it('cancels the model call when the caller aborts', async () => {
    fake.handler = (_request, response) =>
      streamAnswer(
        response,
        Array.from({ length: 50 }, () => 'word '),
        { delayMs: 50 },
      );
    const controller = new AbortController();
    const received: string[] = [];
    let error: unknown;
    try {
      for await (const chunk of provider.summarize('Some note.', { signal: controller.signal })) {
        received.push(chunk);
        if (received.length === 2) controller.abort();
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'AI_CANCELLED', message: 'Cancelled' });
    expect(received.length).toBeLessThan(5);
    await waitFor(() => fake.requests[0]?.aborted === true);
  });

  describe('capture', () => {
    const projects = [
      { id: 'p-work', name: 'Work', description: 'Client meetings and budget planning' },
      { id: 'p-health', name: 'Health', description: 'Workouts and sleep' },
    ];

    it('asks for JSON with the project names and uses a valid answer', async () => {
      fake.handler = (_request, response) =>
        streamAnswer(response, ['{"title": "Budget review.", ', '"project": "work"}']);
      const proposal = await provider.capture('We reviewed the numbers with the client.', projects);
      expect(proposal).toEqual({ title: 'Budget review', projectId: 'p-work' });
      const [system, user] = fake.requests[0]?.body.messages ?? [];
      expect(system?.content).toContain('JSON');
      expect(user?.content).toContain('- Work: Client meetings and budget planning');
      expect(user?.content).toContain('We reviewed the numbers with the client.');
    });

    it('files into no project when the model says null', async () => {
      fake.handler = (_request, response) => streamAnswer(response, ['{"title":"Poem","project":null}']);
      expect(await provider.capture('Roses are red.', projects)).toEqual({ title: 'Poem', projectId: null });
    });

    it('falls back to the built-in capture on an unusable answer or a failing server', async () => {
      fake.handler = (_request, response) => streamAnswer(response, ['Sure! The title is Budget.']);
      const note = 'Budget meeting with the client. Numbers agreed.';
      expect(await provider.capture(note, projects)).toEqual({
        title: 'Budget meeting with the client',
        projectId: 'p-work',
      });
      fake.handler = (_request, response) => errorAnswer(response, 500);
      expect(await provider.capture(note, projects)).toEqual({
        title: 'Budget meeting with the client',
        projectId: 'p-work',
      });
    });

    it('parses fenced JSON and maps an unknown project name to "choose by overlap"', () => {
      expect(parseCaptureAnswer('```json\n{"title":"A","project":"Work"}\n```', projects)).toEqual({
        title: 'A',
        projectId: 'p-work',
      });
      expect(parseCaptureAnswer('{"title":"A","project":"Hobbies"}', projects)).toEqual({
        title: 'A',
        projectId: undefined,
      });
      expect(parseCaptureAnswer('{"project":"Work"}', projects)).toBeUndefined();
      expect(parseCaptureAnswer('not json', projects)).toBeUndefined();
    });
  });
});

describe('stripCodeFence', () => {
  const strip = async (chunks: string[], inputStartsWithFence = false) =>
    (await collect(stripCodeFence(fromChunks(chunks), inputStartsWithFence))).text;

  it('removes a wrapping fence however the chunks are cut', async () => {
    expect(await strip(['```markdown\nHello\n```'])).toBe('Hello');
    expect(await strip(['`', '`', '`', '\n', 'Hel', 'lo\n', '`', '``', '\n\n'])).toBe('Hello');
    expect(await strip(['\n\n```md\nA\n\nB\n```  \n'])).toBe('A\n\nB');
  });

  it('keeps code blocks that belong to the note and trims outer whitespace', async () => {
    expect(await strip(['Text\n\n```js\ncode\n```'])).toBe('Text\n\n```js\ncode\n```');
    expect(await strip(['```js\ncode\n```'], true)).toBe('```js\ncode\n```');
    expect(await strip(['  Hello', ' world  \n\n'])).toBe('Hello world');
    expect(await strip(['``inline`` code'])).toBe('``inline`` code');
  });
});
