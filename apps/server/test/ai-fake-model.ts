import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny OpenAI-compatible chat-completions server for tests: `POST /v1/chat/completions` with
 * `stream: true` answers `text/event-stream` chunks the way OpenAI, Ollama and vLLM do.
 */
export interface FakeModelRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
  /** True once the client closed the connection before the answer was complete. */
  aborted: boolean;
}

export type FakeModelHandler = (
  request: FakeModelRequest,
  response: http.ServerResponse,
  index: number,
) => void | Promise<void>;

export interface FakeModel {
  /** Base URL to use as AI_BASE_URL (ends with /v1). */
  baseUrl: string;
  requests: FakeModelRequest[];
  handler: FakeModelHandler;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(content: string | undefined, finish: string | null, first = false) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [
      {
        index: 0,
        delta: content === undefined ? {} : first ? { role: 'assistant', content } : { content },
        finish_reason: finish,
      },
    ],
  };
}

/** Streams `parts` as content chunks, then the 'stop' chunk and `[DONE]`. */
export async function streamAnswer(
  response: http.ServerResponse,
  parts: string[],
  options: { delayMs?: number; end?: boolean } = {},
) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [index, part] of parts.entries()) {
    if (response.destroyed) return;
    response.write(`data: ${JSON.stringify(chunk(part, null, index === 0))}\n\n`);
    if (options.delayMs) await sleep(options.delayMs);
  }
  if (options.end === false) return;
  response.write(`data: ${JSON.stringify(chunk(undefined, 'stop'))}\n\n`);
  response.write('data: [DONE]\n\n');
  response.end();
}

/** An OpenAI-style error answer. */
export function errorAnswer(
  response: http.ServerResponse,
  status: number,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ error: { message: `fake error ${status}`, type: 'server_error' } }));
}

export async function startFakeModel(handler?: FakeModelHandler): Promise<FakeModel> {
  const requests: FakeModelRequest[] = [];
  const fake: FakeModel = {
    baseUrl: '',
    requests,
    handler: handler ?? ((_request, response) => streamAnswer(response, ['Hello', ' world'])),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    let body: FakeModelRequest['body'] = {};
    try {
      body = JSON.parse(raw);
    } catch {
      body = {};
    }
    const entry: FakeModelRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      aborted: false,
    };
    res.on('close', () => {
      if (!res.writableFinished) entry.aborted = true;
    });
    requests.push(entry);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      errorAnswer(res, 404);
      return;
    }
    await fake.handler(entry, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** A base URL on which nothing listens (a port that was just free). */
export async function closedBaseUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

/** Parses a Server-Sent Events body into `{ event, data }` objects (comment lines ignored). */
export function parseSse(body: string): Array<{ event: string; data: Record<string, unknown> }> {
  const events: Array<{ event: string; data: Record<string, unknown> }> = [];
  for (const block of body.split('\n\n')) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return events;
}
