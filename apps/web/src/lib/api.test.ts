import { MESSAGES } from '@notewise/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiErrorFrom, CLIENT_ERROR_CODES, errorMessage, isApiError } from './api';

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  return vi.fn(async () => new Response(text, { status, headers: { 'content-type': type, ...headers } }));
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with the session cookie and parses the answer', async () => {
    const fetch = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await expect(api.post('/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/thing');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('resolves to undefined for 204', async () => {
    vi.stubGlobal('fetch', respond(204));
    await expect(api.put('/api/me/last-page', { path: '/' })).resolves.toBeUndefined();
  });

  it("turns { error: { code, message } } into an ApiError with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password.' } }),
    );
    const error = await rejection(api.post('/api/auth/sign-in/email', {}));
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Invalid email or password.' });
    expect(isApiError(error, 401)).toBe(true);
    expect(isApiError(error, 404)).toBe(false);
  });

  it('falls back to the generic texts without an error body', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>'));
    expect((await rejection(api.get('/api/me'))).message).toBe(MESSAGES.unexpected);
    vi.stubGlobal('fetch', respond(429, ''));
    expect((await rejection(api.get('/api/me'))).message).toBe(MESSAGES.tooManyRequests);
  });

  it('maps a network failure to the network text of docs/product.md §8', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await rejection(api.get('/api/me'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: MESSAGES.networkFailed });
  });

  it('maps an invalid API key or configuration to the authentication text of docs/product.md §8', async () => {
    vi.stubGlobal('fetch', respond(500, { error: { code: 'INTERNAL_ERROR', message: 'Invalid API key' } }));
    expect((await rejection(api.get('/api/me'))).message).toBe(MESSAGES.authConfigFailed);
  });

  it('lets an abort through untouched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(api.get('/api/me')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('errorMessage', () => {
  it('uses ApiError messages, the texts of docs/product.md §8 for known failures, and the fallback otherwise', () => {
    expect(errorMessage(new ApiError(400, 'VALIDATION_ERROR', 'Display name is required.'))).toBe(
      'Display name is required.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(MESSAGES.networkFailed);
    expect(errorMessage(new Error('Invalid API key'))).toBe(MESSAGES.authConfigFailed);
    expect(errorMessage(new Error('Something specific'))).toBe('Something specific');
    expect(errorMessage('not an error')).toBe(MESSAGES.unexpected);
  });
});

describe('apiErrorFrom: the one reading of a failed answer', () => {
  it("keeps the server's code, message and details", () => {
    const error = apiErrorFrom(409, { error: { code: 'CONFLICT', message: 'Changed.', details: { x: 1 } } });
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Changed.', details: { x: 1 } });
  });

  it("uses the caller's fallback for a body that is not an error, and the 429 text by default", () => {
    expect(apiErrorFrom(413, '<html>too big</html>', 'This file is too large.')).toMatchObject({
      status: 413,
      code: CLIENT_ERROR_CODES.http,
      message: 'This file is too large.',
    });
    expect(apiErrorFrom(429, null).message).toBe(MESSAGES.tooManyRequests);
    expect(apiErrorFrom(500, { error: 'not the shape' }).message).toBe(MESSAGES.unexpected);
  });
});
