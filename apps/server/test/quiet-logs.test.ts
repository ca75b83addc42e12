import { afterEach, describe, expect, it } from 'vitest';
import { dialects, request, startTestApp, type TestApp } from './helpers';

/** What an operator reads: routine traffic must not look like trouble, or real trouble drowns in it. */
describe.each(dialects)('routine requests log quietly on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await t?.testDb.destroy();
    t = undefined;
  });

  async function start(level: string) {
    const lines: Array<Record<string, unknown>> = [];
    t = await startTestApp(dialect, { LOG_LEVEL: level, DEMO_ACCOUNT: 'false' }, undefined, {
      logger: true,
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    return lines;
  }

  it('health probes log nothing at info, and their two request lines at debug', async () => {
    const lines = await start('info');
    const before = lines.length;
    for (const url of ['/api/health', '/api/health/ready']) {
      expect((await t!.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(lines.slice(before)).toEqual([]);
    await t!.close();
    await t!.testDb.destroy();
    const debugLines = await start('debug');
    const from = debugLines.length;
    await t!.app.inject({ method: 'GET', url: '/api/health' });
    expect(debugLines.slice(from).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('a sign-up, new or for an existing email, logs no warning or error', async () => {
    const lines = await start('info');
    const body = { name: 'Quiet', email: 'quiet@example.com', password: 'correct-horse-battery' };
    expect((await request(t!.app, 'POST', '/api/auth/sign-up/email', { body })).statusCode).toBe(200);
    expect((await request(t!.app, 'POST', '/api/auth/sign-up/email', { body })).statusCode).toBe(200);
    const loud = lines.filter((line) => Number(line.level) >= 40 && line.msg !== undefined);
    expect(
      loud.map((line) => line.msg).filter((msg) => !String(msg).startsWith('web app not built')),
    ).toEqual([]);
  });
});
