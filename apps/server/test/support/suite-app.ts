import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Dialect } from '../../src/db/types';
import { createTestDatabase, request, startTestApp, type TestApp } from '../helpers';

/** Puts the app on a free loopback port: "127.0.0.1:port", as sockets (`ws://${host}`) need it. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/**
 * The real app on a fresh database, without the demo account, listening on a free loopback port
 * (for sockets): what a describe block starts in its `beforeAll`.
 */
export async function startListening(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; host: string }> {
  const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', ...env });
  return { t, host: await listen(t) };
}

/** Closes the app and drops its database: its `afterAll` (nothing to do if it never started). */
export async function stopApp(t: TestApp | undefined) {
  await t?.close();
  await t?.testDb.destroy();
}

/** A shared project `owner` created and every one of `members` joined (through the API). */
export async function sharedProject(
  t: Pick<TestApp, 'app'>,
  owner: { cookie: string },
  members: Array<{ cookie: string }>,
  name = 'Team',
): Promise<{ id: string; code: string }> {
  const created = await request(t.app, 'POST', '/api/shared-projects', {
    cookie: owner.cookie,
    body: { name },
  });
  if (created.statusCode >= 300) {
    throw new Error(`shared project not created: ${created.statusCode} ${created.body}`);
  }
  const project = created.json() as { id: string; code: string };
  for (const member of members) {
    const joined = await request(t.app, 'POST', '/api/shared-projects/join', {
      cookie: member.cookie,
      body: { code: project.code },
    });
    if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  }
  return project;
}

/**
 * Two instances of the app on one fresh PostgreSQL schema and one Redis prefix, both listening, as
 * behind a load balancer; both closed and the schema dropped after `run`, whatever it did.
 */
export async function withTwoInstances(
  run: (one: TestApp, two: TestApp, hosts: { one: string; two: string }) => Promise<void>,
) {
  const redisPrefix = `test-${crypto.randomBytes(4).toString('hex')}:`;
  const testDb = await createTestDatabase('postgres');
  const env = {
    DEMO_ACCOUNT: 'false',
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    AUTH_SECRET: 'x'.repeat(40),
  };
  const one = await startTestApp('postgres', env, testDb, { redisPrefix });
  const two = await startTestApp('postgres', env, testDb, { redisPrefix });
  try {
    await run(one, two, { one: await listen(one), two: await listen(two) });
  } finally {
    await one.close();
    await two.close();
    await testDb.destroy();
  }
}
