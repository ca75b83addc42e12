/**
 * The socket caps of decision 006 (32 per account, 256 per address, both kinds together) opened past
 * concurrently, as a script would: they hold exactly, refusals close with 1013, a freed place is
 * reusable, and an IPv6 client counts by its /64 (RATE_LIMIT_IPV6_PREFIX) through a trusted proxy.
 * The caps are counted in memory; the database only admits, so SQLite is enough here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildApp } from '../../src/app';
import { DEFAULT_SOCKET_LIMITS } from '../../src/realtime/socket-guard';
import { createTestDatabase, signUp, startTestApp, type TestApp, testConfig } from '../helpers';
import { closeOf, endAll, listen, rawSocket, until } from './socket-helpers';

const { maxSocketsPerUser, maxSocketsPerIp } = DEFAULT_SOCKET_LIMITS;

/** Opens all at once; resolves when every one is either admitted (still open) or refused. */
async function openAll(
  host: string,
  wanted: Array<{ cookie: string; path?: string; headers?: Record<string, string> }>,
) {
  const sockets = wanted.map(({ cookie, path, headers }) => {
    const socket = rawSocket(host, path ?? '/api/events', cookie, headers);
    const result = { socket, code: null as number | null };
    void closeOf(socket).then(({ code }) => {
      result.code = code;
    });
    return result;
  });
  await Promise.all(
    sockets.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          socket.once('open', () => resolve());
          socket.once('close', () => resolve());
        }),
    ),
  );
  return sockets;
}

/** After the refusals have had time to arrive: how many are open, and the refusals' codes. */
async function settle(sockets: Array<{ socket: WebSocket; code: number | null }>, refused: number) {
  await until(() => sockets.filter((s) => s.code !== null).length >= refused, 5000, `${refused} refusals`);
  await new Promise((r) => setTimeout(r, 300));
  return {
    open: sockets.filter((s) => s.code === null).length,
    codes: [...new Set(sockets.flatMap((s) => (s.code === null ? [] : [s.code])))],
  };
}

describe('socket caps under concurrent opening', () => {
  let t: TestApp;
  let host: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    host = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });
  afterEach(async () => {
    endAll();
    await until(() => t.app.websocketServer.clients.size === 0, 5000, 'all sockets closed');
  });

  it(`one account opening ${maxSocketsPerUser + 8} sockets of both kinds at once gets exactly ${maxSocketsPerUser}`, async () => {
    const user = await signUp(t.app);
    const wanted = Array.from({ length: maxSocketsPerUser + 8 }, (_, i) => ({
      cookie: user.cookie,
      path: i % 2 ? '/collab' : '/api/events',
    }));
    const sockets = await openAll(host, wanted);
    expect(await settle(sockets, 8)).toEqual({ open: maxSocketsPerUser, codes: [1013] });
    expect(t.app.websocketServer.clients.size).toBe(maxSocketsPerUser);

    // Four places freed are four places again, and no more.
    for (const { socket } of sockets.filter((s) => s.code === null).slice(0, 4)) socket.close();
    await until(() => t.app.websocketServer.clients.size === maxSocketsPerUser - 4, 3000, 'freed');
    const again = await openAll(
      host,
      Array.from({ length: 6 }, () => ({ cookie: user.cookie })),
    );
    expect(await settle(again, 2)).toEqual({ open: 4, codes: [1013] });
  });

  it(`one address opening ${maxSocketsPerIp + 8} sockets for several accounts at once gets exactly ${maxSocketsPerIp}`, async () => {
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil((maxSocketsPerIp + 8) / maxSocketsPerUser) }, () => signUp(t.app)),
    );
    const wanted = Array.from({ length: maxSocketsPerIp + 8 }, (_, i) => ({
      cookie: (accounts[Math.floor(i / maxSocketsPerUser)] as { cookie: string }).cookie,
      path: i % 3 ? '/api/events' : '/collab',
    }));
    const sockets = await openAll(host, wanted);
    expect(await settle(sockets, 8)).toEqual({ open: maxSocketsPerIp, codes: [1013] });
    expect(t.app.websocketServer.clients.size).toBe(maxSocketsPerIp);
  }, 60_000);
});

describe('the per-address socket cap counts an IPv6 client by its /64', () => {
  it('behind a trusted proxy, addresses of one /64 share the cap; another /64 does not', async () => {
    const testDb = await createTestDatabase('sqlite');
    const database = testDb.open();
    const built = await buildApp(testConfig(testDb.dataDir, { DEMO_ACCOUNT: 'false', TRUST_PROXY: '1' }), {
      database,
      logger: false,
      socketLimits: { maxSocketsPerIp: 4 },
    });
    try {
      const host = await listen(built.app);
      const users = await Promise.all(Array.from({ length: 3 }, () => signUp(built.app)));
      const from = (address: string, user: number) => ({
        cookie: (users[user] as { cookie: string }).cookie,
        headers: { 'x-forwarded-for': address },
      });
      // Four sockets from four addresses of 2001:db8:1:2::/64, for two accounts.
      const first = await openAll(host, [
        from('2001:db8:1:2::a', 0),
        from('2001:db8:1:2::b', 0),
        from('2001:db8:1:2:ffff:ffff:ffff:ffff', 1),
        from('2001:db8:1:2::1:0', 1),
      ]);
      expect(await settle(first, 0)).toEqual({ open: 4, codes: [] });
      // A fifth address of that /64, for a third account: refused.
      const fifth = await openAll(host, [from('2001:db8:1:2:abcd::5', 2)]);
      expect(await settle(fifth, 1)).toEqual({ open: 0, codes: [1013] });
      // The next /64 and an IPv4 client are someone else.
      const others = await openAll(host, [from('2001:db8:1:3::a', 2), from('203.0.113.7', 2)]);
      expect(await settle(others, 0)).toEqual({ open: 2, codes: [] });
    } finally {
      endAll();
      await built.app.close();
      await database.close();
      await testDb.destroy();
    }
  });
});
