import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { MAX_IMAGE_BYTES } from '@notewise/shared';
import { isBlockedAddress } from './address-check';

export type FetchRefusal = 'invalid-url' | 'blocked-address' | 'too-large' | 'failed';

export class ImageFetchError extends Error {
  override name = 'ImageFetchError';
  constructor(
    readonly reason: FetchRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface ImageFetchOptions {
  /** Whole fetch, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Only tests turn this on: their local servers speak plain HTTP. Production fetches https only. */
  allowHttp: boolean;
  /** Name to addresses (default: the system resolver, every address). Tests map names to test addresses. */
  resolve: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Tests route a checked address to their local server; production connects to the checked address. */
  connect?: (address: ResolvedAddress, port: number) => net.Socket;
}

export const DEFAULT_IMAGE_FETCH: ImageFetchOptions = {
  timeoutMs: 5_000,
  maxBytes: MAX_IMAGE_BYTES,
  maxRedirects: 3,
  allowHttp: false,
  resolve: async (hostname) => {
    const all = await dns.promises.lookup(hostname, { all: true, verbatim: true });
    return all.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
  },
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a picture for PUT /api/me/avatar without letting the address reach inside our network
 * (SSRF): https only; every address the name resolves to must be public, and the connection goes to
 * the address that was checked (a second DNS answer cannot swap in 127.0.0.1); redirects are
 * followed by hand, at most `maxRedirects`, each re-checked the same way; a short overall time-out
 * and a size cap (docs/product.md §9: 5 MB) bound the work.
 */
export async function fetchImage(rawUrl: string, options: ImageFetchOptions): Promise<Buffer> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = parseUrl(rawUrl, options);
  for (let hop = 0; ; hop += 1) {
    const answer = await requestOnce(url, options, deadline);
    if (answer.kind === 'body') return answer.body;
    if (hop >= options.maxRedirects) throw new ImageFetchError('failed', 'too many redirects');
    url = parseUrl(new URL(answer.location, url).toString(), options);
  }
}

function parseUrl(raw: string, options: ImageFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageFetchError('invalid-url', 'not a URL');
  }
  const allowed = options.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw new ImageFetchError('invalid-url', `protocol ${url.protocol}`);
  if (url.username || url.password) throw new ImageFetchError('invalid-url', 'credentials in the URL');
  return url;
}

async function checkedAddress(hostname: string, options: ImageFetchOptions): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(bare);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: bare, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolve(bare);
    } catch {
      throw new ImageFetchError('failed', `cannot resolve ${bare}`);
    }
  }
  if (addresses.length === 0) throw new ImageFetchError('failed', `no address for ${bare}`);
  // Every address, not just the first: a name that also points inside is refused whole.
  const blocked = addresses.find((entry) => isBlockedAddress(entry.address));
  if (blocked) throw new ImageFetchError('blocked-address', `${bare} resolves to ${blocked.address}`);
  return addresses[0] as ResolvedAddress;
}

type Answer = { kind: 'body'; body: Buffer } | { kind: 'redirect'; location: string };

async function requestOnce(url: URL, options: ImageFetchOptions, deadline: AbortSignal): Promise<Answer> {
  const target = await checkedAddress(url.hostname, options);
  const secure = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  // The socket connects to the address we checked, whatever the resolver would answer now.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const requestOptions: https.RequestOptions = {
    method: 'GET',
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    path: `${url.pathname}${url.search}`,
    headers: { accept: 'image/*', 'user-agent': 'Notewise picture fetch' },
    lookup: pinned,
    signal: deadline,
    // A fresh agent: no pooled socket to another address is reused. (Node uses createConnection only
    // when no agent is given at all.)
    ...(options.connect ? { createConnection: () => options.connect?.(target, port) } : { agent: false }),
  };

  return new Promise<Answer>((resolve, reject) => {
    const fail = (reason: FetchRefusal, detail: string) => reject(new ImageFetchError(reason, detail));
    const request = (secure ? https : http).request(requestOptions, (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) return fail('failed', `redirect ${status} without a location`);
        return resolve({ kind: 'redirect', location });
      }
      if (status !== 200) {
        response.resume();
        return fail('failed', `status ${status}`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        return fail('too-large', `content-length ${declared}`);
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > options.maxBytes) {
          response.destroy();
          fail('too-large', `more than ${options.maxBytes} bytes`);
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ kind: 'body', body: Buffer.concat(chunks) }));
      response.on('error', (error) => fail('failed', error.message));
    });
    request.on('error', (error) => fail('failed', deadline.aborted ? 'timed out' : error.message));
    request.end();
  });
}
