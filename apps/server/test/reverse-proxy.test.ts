import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { dialects, startTestApp, type TestApp } from './helpers';

const PUBLIC_HOST = 'notes.example.test';
const PUBLIC_ORIGIN = `https://${PUBLIC_HOST}`;
/** The page's origin as the browser sends it (a test on a non-default port changes it). */
let browserOrigin = PUBLIC_ORIGIN;

/**
 * A reverse proxy as commonly set up in front of a self-hosted app: it terminates TLS (here: the
 * browser's origin says https), rewrites Host to the upstream's, and says what it did in
 * X-Forwarded-Proto/Host/For. Requests are relayed with http.request, WebSocket upgrades by piping.
 */
type ForwardedHeaders = (req: http.IncomingMessage, upstreamPort: number) => Record<string, string>;

const rewritingProxy: ForwardedHeaders = (req, upstreamPort) => ({
  host: `127.0.0.1:${upstreamPort}`,
  'x-forwarded-proto': 'https',
  'x-forwarded-host': PUBLIC_HOST,
  'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
});

/**
 * The README's nginx block, as nginx would apply it for a browser on `https://<browserHost>`: every
 * `proxy_set_header` of the block's `location /` with nginx's variables ($host drops the port,
 * $http_host keeps it). Read from the README, so the documented set-up is the one tested.
 */
function readmeNginx(browserHost: string): ForwardedHeaders {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const rootLocation = /location \/ \{([\s\S]*?)\}/.exec(block)?.[1] ?? '';
  const directives = [...rootLocation.matchAll(/proxy_set_header\s+(\S+)\s+(.+?);/g)];
  if (directives.length === 0) throw new Error('no proxy_set_header in the README nginx block');
  return (req, upstreamPort) => {
    const variables: Record<string, string> = {
      $host: browserHost.replace(/:\d+$/, ''),
      $http_host: browserHost,
      $scheme: 'https',
      $proxy_add_x_forwarded_for: req.socket.remoteAddress ?? '127.0.0.1',
      $http_upgrade: String(req.headers.upgrade ?? ''),
    };
    // Without a Host directive nginx sends proxy_pass's own host.
    const headers: Record<string, string> = { host: `127.0.0.1:${upstreamPort}` };
    for (const [, name = '', value = ''] of directives) {
      headers[name.toLowerCase()] = value.replace(/^"|"$/g, '').replace(/\$\w+/g, (v) => variables[v] ?? '');
    }
    return headers;
  };
}

async function startProxy(upstreamPort: number, headersFor: ForwardedHeaders = rewritingProxy) {
  const forwarded = (req: http.IncomingMessage) => headersFor(req, upstreamPort);
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...forwarded(req) },
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1', () => {
      const replaced = new Set(['host', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for']);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? '';
        if (!replaced.has(name.toLowerCase())) lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
      }
      for (const [name, value] of Object.entries(forwarded(req))) lines.push(`${name}: ${value}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream);
      upstream.pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser on https://notes.example.test talking to the proxy. */
async function call(proxy: string, method: string, pathname: string, body?: unknown, cookie?: string) {
  const response = await fetch(`http://${proxy}${pathname}`, {
    method,
    headers: {
      origin: browserOrigin,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const setCookies = response.headers.getSetCookie();
  return {
    status: response.status,
    json: async () => response.json(),
    setCookies,
    cookie: setCookies.map((line) => line.split(';')[0]).join('; '),
  };
}

/** Resolves with 'open' once /api/events sends its first message, else the close code. */
function openEvents(proxy: string, cookie: string): Promise<string | number> {
  const socket = new WebSocket(`ws://${proxy}/api/events`, { headers: { cookie, origin: browserOrigin } });
  return new Promise((resolve) => {
    socket.once('message', () => {
      resolve('open');
      socket.close();
    });
    socket.once('close', (code) => resolve(code));
    socket.once('error', () => resolve('error'));
  });
}

async function coEdit(proxy: string, cookie: string, noteId: string): Promise<string> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${proxy}/collab`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie, origin: browserOrigin } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `note:${noteId}`,
    document: doc,
  });
  provider.attach();
  try {
    return await new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('not synced'), 5000);
      provider.on('synced', () => {
        clearTimeout(timer);
        resolve(doc.getXmlFragment('default').toString());
      });
    });
  } finally {
    provider.destroy();
    socket.destroy();
  }
}

describe.each(dialects)('behind a reverse proxy that rewrites Host on %s', (dialect) => {
  let t: TestApp | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  afterEach(async () => {
    await proxy?.close();
    if (t) {
      await t.close();
      await t.testDb.destroy();
    }
    t = undefined;
    proxy = undefined;
    browserOrigin = PUBLIC_ORIGIN;
  });

  async function start(env: Record<string, string>, headersFor?: ForwardedHeaders) {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', ...env });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    proxy = await startProxy((t.app.server.address() as AddressInfo).port, headersFor);
    return proxy.address;
  }

  async function everythingWorksThrough(address: string) {
    const signUp = await call(address, 'POST', '/api/auth/sign-up/email', {
      name: 'Proxied',
      email: `proxied-${Date.now()}@example.com`,
      password: 'correct-horse-battery',
    });
    expect(signUp.status).toBe(200);
    const project = await call(address, 'POST', '/api/shared-projects', { name: 'Behind' }, signUp.cookie);
    expect(project.status).toBe(201);
    const { id: projectId } = (await project.json()) as { id: string };
    const note = await call(
      address,
      'POST',
      '/api/notes',
      { projectId, content: 'Through the proxy' },
      signUp.cookie,
    );
    expect(note.status).toBe(201);
    const { id: noteId } = (await note.json()) as { id: string };
    expect(await openEvents(address, signUp.cookie)).toBe('open');
    expect(await coEdit(address, signUp.cookie, noteId)).toContain('Through the proxy');
    return signUp;
  }

  it('with PUBLIC_URL: sign-up, requests, /api/events and /collab work, and cookies are Secure', async () => {
    const address = await start({ PUBLIC_URL: PUBLIC_ORIGIN });
    const signUp = await everythingWorksThrough(address);
    expect(signUp.setCookies.join('\n')).toMatch(/__Secure-notewise\.session_token=.*; Secure/i);
    // Another site is still refused.
    const foreign = await fetch(`http://${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'X', email: 'x@example.com', password: 'correct-horse-battery' }),
    });
    expect(foreign.status).toBe(403);
  }, 30_000);

  it('with TRUST_PROXY: the forwarded scheme and host are the origin, for requests and sockets', async () => {
    const address = await start({ TRUST_PROXY: '1' });
    await everythingWorksThrough(address);
  }, 30_000);

  it("the README's nginx block on a non-default port with TRUST_PROXY and no PUBLIC_URL: everything works", async () => {
    browserOrigin = `https://${PUBLIC_HOST}:8443`;
    const address = await start({ TRUST_PROXY: '1' }, readmeNginx(`${PUBLIC_HOST}:8443`));
    await everythingWorksThrough(address);
  }, 30_000);

  it('a refused origin is logged with the origins the server expected', async () => {
    const lines: string[] = [];
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', LOG_LEVEL: 'warn' }, undefined, {
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { host: 'notes.example.test', origin: 'https://notes.example.test:8443' },
      payload: { name: 'X', email: 'x@example.com', password: 'correct-horse-battery' },
    });
    expect(refused.statusCode).toBe(403);
    const logged = lines.filter((entry) => entry.includes('BAD_ORIGIN'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({
      origin: 'https://notes.example.test:8443',
      expected: ['http://notes.example.test'],
    });
    // The same refusal again within the minute adds no line.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { host: 'notes.example.test', origin: 'https://notes.example.test:8443' },
      payload: { name: 'X', email: 'x@example.com', password: 'correct-horse-battery' },
    });
    expect(lines.filter((entry) => entry.includes('BAD_ORIGIN'))).toHaveLength(1);
  });

  it('with neither, the rewritten Host makes the browser origin foreign (the documented failure)', async () => {
    const address = await start({});
    const signUp = await call(address, 'POST', '/api/auth/sign-up/email', {
      name: 'Proxied',
      email: `proxied-${Date.now()}@example.com`,
      password: 'correct-horse-battery',
    });
    expect(signUp.status).toBe(403);
  }, 30_000);
});
