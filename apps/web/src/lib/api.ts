// On the first route: values come from the shared package's zod-free entries, types from its root.
import type { ApiErrorBody } from '@notewise/shared';
import { MESSAGES } from '@notewise/shared/messages';
import { takeEarlyResponse } from './early-requests';

/** Codes the client adds to the server's ERROR_CODES: no answer at all, or an answer without an error body. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  http: 'HTTP_ERROR',
} as const;

/** Every failed API call rejects with this: the server's `{ error: { code, message } }` plus the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  /** HTTP status; 0 when the request never got an answer (network failure). */
  readonly status: number;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

const NETWORK_FAILURE = /failed to fetch|networkerror when attempting to fetch|load failed/i;
const AUTH_CONFIG_FAILURE = /invalid\s+api\s*key|invalid\s+(auth\s+)?config(uration)?/i;

/** docs/product.md §8: an error reporting an invalid API key or configuration gets the authentication text. */
function serverMessage(message: string): string {
  return AUTH_CONFIG_FAILURE.test(message) ? MESSAGES.authConfigFailed : message;
}

/**
 * The text to show for any error (docs/product.md §8): ApiError messages are already user-facing; a fetch failure
 * ('Failed to fetch') gets the network text, an invalid API key or configuration the authentication
 * text; other errors pass through, and anything without a message gets `fallback`.
 */
export function errorMessage(error: unknown, fallback: string = MESSAGES.unexpected): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.message) {
    if (error instanceof TypeError && NETWORK_FAILURE.test(error.message)) return MESSAGES.networkFailed;
    return serverMessage(error.message);
  }
  return fallback;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one reading of a failed answer: the server's `{ error: { code, message } }` when the body is
 * one, else an HTTP error with `fallback` (a caller that knows better, e.g. an upload's "too large").
 * Every path that does not go through `request` (uploads with progress, file downloads) uses it too.
 */
export function apiErrorFrom(status: number, body: unknown, fallback?: string): ApiError {
  if (isErrorBody(body)) {
    const { code, message, details } = body.error;
    return new ApiError(status, code, serverMessage(message) || fallback || MESSAGES.unexpected, details);
  }
  const message = fallback ?? (status === 429 ? MESSAGES.tooManyRequests : MESSAGES.unexpected);
  return new ApiError(status, CLIENT_ERROR_CODES.http, message);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart/form-data (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * fetch for the same-origin JSON API: sends and parses JSON, keeps the session cookie, and rejects with
 * an ApiError on a non-2xx answer or a network failure. Resolves to undefined for 204.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers } = options;
  const form = body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      // The browser writes multipart's Content-Type itself (with the boundary).
      ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal,
  };

  let response: Response;
  try {
    // The first page's reads may already be on their way (early-requests.ts, decision 079).
    const early = method === 'GET' && !headers ? takeEarlyResponse(path) : undefined;
    response = (early && (await early)) || (await fetch(path, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // fetch rejects with a TypeError ('Failed to fetch' and browser variants) when the network fails.
    if (error instanceof TypeError) {
      throw new ApiError(0, CLIENT_ERROR_CODES.network, MESSAGES.networkFailed);
    }
    throw error;
  }

  const parsed = await readBody(response);
  if (!response.ok) throw apiErrorFrom(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
