import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../src/events/event-bus';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe.runIf(redisUrl).each(dialects)('REDIS_PREFIX on one shared Redis (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) {
      await t.close();
      await t.testDb.destroy();
    }
  });

  const deployment = (prefix: string) =>
    startTestApp(dialect, {
      DEMO_ACCOUNT: 'false',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      AUTH_SECRET: 's'.repeat(40),
    }).then((t) => {
      apps.push(t);
      return t;
    });

  it('keeps two deployments’ events and rate-limit keys apart', async () => {
    const run = crypto.randomBytes(4).toString('hex');
    const prefixA = `deploy-a-${run}:`;
    const prefixB = `deploy-b-${run}:`;
    const a = await deployment(prefixA);
    const b = await deployment(prefixB);
    const aTwin = await deployment(prefixA);

    const heardByA: BusEvent[] = [];
    const heardByTwin: BusEvent[] = [];
    a.bus.subscribe((message) => heardByA.push(message));
    aTwin.bus.subscribe((message) => heardByTwin.push(message));

    const fromB: BusEvent = { event: { type: 'note.created', noteId: `b-${run}` }, audience: ['u'] };
    const fromA: BusEvent = { event: { type: 'note.created', noteId: `a-${run}` }, audience: ['u'] };
    b.bus.publish(fromB);
    a.bus.publish(fromA);
    const start = Date.now();
    while (heardByTwin.length === 0 && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 20));
    // The same deployment's other instance hears A; nobody of A hears B, even after a while.
    expect(heardByTwin.map((m) => noteIdOf(m))).toEqual([`a-${run}`]);
    await new Promise((r) => setTimeout(r, 200));
    expect(heardByA.map((m) => noteIdOf(m))).toEqual([`a-${run}`]);
    expect(heardByTwin.map((m) => noteIdOf(m))).toEqual([`a-${run}`]);

    // Sign-in limits are counted under the deployment's prefix only.
    const user = await signUp(b.app);
    await request(b.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'wrong-password-1' },
    });
    const redis = new Redis(redisUrl);
    try {
      expect((await redis.keys(`${prefixB}*`)).length).toBeGreaterThan(0);
      expect(await redis.keys(`${prefixA}*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  }, 30_000);

  it('refuses a prefix with spaces or wildcards', async () => {
    await expect(deployment('a b*')).rejects.toThrow(/REDIS_PREFIX/);
  });
});

function noteIdOf(message: BusEvent): string | undefined {
  return 'noteId' in message.event ? message.event.noteId : undefined;
}
