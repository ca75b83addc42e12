import { JOIN_MESSAGES, SHARE_CODE_STRENGTH } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { JOIN_LIMITS, JOIN_RULES } from '../../src/modules/projects/sharing/join-guard';
import { dialects, request, signUp, startTestApp, type TestApp } from '../helpers';

/**
 * A 6-digit code guessed across the whole instance. An address gets
 * JOIN_LIMITS.perAddressPerDay wrong codes a day, whatever its accounts, and codes expire.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

async function withApp(
  dialect: (typeof dialects)[number],
  env: Record<string, string>,
  run: (t: TestApp) => Promise<void>,
) {
  const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', ...env });
  try {
    await run(t);
  } finally {
    await t.close();
    await t.testDb.destroy();
  }
}

const createShared = async (t: TestApp, cookie: string) =>
  (await request(t.app, 'POST', '/api/shared-projects', { cookie, body: { name: 'Vault' } })).json();

describe('what the share dialog says about a code', () => {
  it('names the daily budget the server really applies', () => {
    expect(SHARE_CODE_STRENGTH).toContain(` ${JOIN_LIMITS.perAddressPerDay} wrong codes a day`);
  });
});

describe.each(dialects)('join codes on %s', (dialect) => {
  it('an address gets its daily number of wrong codes over every window and account, then waits most of a day', async () => {
    await withApp(dialect, {}, async (t) => {
      const owner = await signUp(t.app);
      const project = await createShared(t, owner.cookie);
      const ip = '10.110.0.1';
      const wrong = (n: number) => String((Number(project.code) + 1 + n) % 1_000_000).padStart(6, '0');
      let guesses = 0;
      let refused: Awaited<ReturnType<typeof request>> | undefined;
      // Accounts take turns (each stays under its own limit), and each 10-minute window of the
      // address is fast-forwarded once it is spent.
      const guessers = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
      while (guesses < JOIN_LIMITS.perAddressPerDay + 5) {
        const response = await request(t.app, 'POST', '/api/shared-projects/join', {
          cookie: guessers[guesses % guessers.length]?.cookie ?? '',
          ip,
          body: { code: wrong(guesses) },
        });
        if (response.statusCode === 429) {
          refused = response;
          break;
        }
        expect(response.statusCode).toBe(404);
        guesses++;
        if (guesses % JOIN_LIMITS.perAddress === 0)
          await t.rateLimiter.reset({ name: JOIN_RULES.address }, ip);
      }
      expect(guesses).toBe(JOIN_LIMITS.perAddressPerDay);
      expect(refused?.json().error.message).toBe(JOIN_MESSAGES.tooManyFromNetwork);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(JOIN_LIMITS.dayMs / 1000 - 600);
      // The right code from there waits too; elsewhere it works.
      const colleague = await signUp(t.app);
      const join = (clientIp: string) =>
        request(t.app, 'POST', '/api/shared-projects/join', {
          cookie: colleague.cookie,
          ip: clientIp,
          body: { code: project.code },
        });
      expect((await join(ip)).statusCode).toBe(429);
      expect((await join('10.110.0.2')).statusCode).toBe(200);
    });
  }, 90_000);

  it('a code stops working SHARE_CODE_LIFETIME_DAYS after it was made; a new one works again', async () => {
    await withApp(dialect, { SHARE_CODE_LIFETIME_DAYS: '7' }, async (t) => {
      const owner = await signUp(t.app);
      const project = await createShared(t, owner.cookie);
      const expiresAt = Date.parse(project.codeExpiresAt);
      expect(Math.abs(expiresAt - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);

      // Eight days later (the code's issue time moved back, as if made then).
      await t.database.db
        .updateTable('projects')
        .set({ share_code_issued_at: new Date(Date.now() - 8 * DAY_MS).toISOString() })
        .where('id', '=', project.id)
        .execute();
      const joiner = await signUp(t.app);
      const join = (code: string) =>
        request(t.app, 'POST', '/api/shared-projects/join', { cookie: joiner.cookie, body: { code } });
      const late = await join(project.code);
      expect(late.statusCode).toBe(404);
      expect(late.json().error.message).toBe(JOIN_MESSAGES.notFound(project.code));
      const seen = (
        await request(t.app, 'GET', `/api/shared-projects/${project.id}`, { cookie: owner.cookie })
      ).json();
      expect(seen.code).toBeNull();
      expect(Date.parse(seen.codeExpiresAt)).toBeLessThan(Date.now());

      const renewed = (
        await request(t.app, 'POST', `/api/shared-projects/${project.id}/code`, { cookie: owner.cookie })
      ).json();
      expect(renewed.code).toMatch(/^\d{6}$/);
      expect(Date.parse(renewed.codeExpiresAt)).toBeGreaterThan(Date.now() + 6 * DAY_MS);
      expect((await join(renewed.code)).statusCode).toBe(200);
    });
  });

  it('SHARE_CODE_LIFETIME_DAYS=0: codes never expire', async () => {
    await withApp(dialect, { SHARE_CODE_LIFETIME_DAYS: '0' }, async (t) => {
      const owner = await signUp(t.app);
      const project = await createShared(t, owner.cookie);
      expect(project.codeExpiresAt).toBeNull();
      await t.database.db
        .updateTable('projects')
        .set({ share_code_issued_at: new Date(Date.now() - 400 * DAY_MS).toISOString() })
        .where('id', '=', project.id)
        .execute();
      const joiner = await signUp(t.app);
      const joined = await request(t.app, 'POST', '/api/shared-projects/join', {
        cookie: joiner.cookie,
        body: { code: project.code },
      });
      expect(joined.statusCode).toBe(200);
    });
  });
});
