// Accounts under attack: password rules, the sign-up email oracle, password change,
// signing out other sessions, the reset flow (admin link and SMTP), and when the demo account exists.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES } from '@notewise/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createTestDatabase,
  dialects,
  request,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../helpers';
import { startServerProcess } from '../server-process';
import { serverCommand } from '../support/server-entry';

const SIGN_UP = '/api/auth/sign-up/email';
const SIGN_IN = '/api/auth/sign-in/email';
const CHANGE_PASSWORD = '/api/auth/change-password';
const REVOKE_OTHERS = '/api/auth/revoke-other-sessions';
const REQUEST_RESET = '/api/auth/request-password-reset';
const RESET = '/api/auth/reset-password';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const CLI = serverCommand('cli');
const run = promisify(execFile);

const signIn = (t: TestApp, email: string, password: string) =>
  request(t.app, 'POST', SIGN_IN, { body: { email, password } });

async function isSignedIn(t: TestApp, cookie: string): Promise<boolean> {
  return (await request(t.app, 'GET', '/api/me', { cookie })).statusCode === 200;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** A real SMTP server on loopback that keeps what it receives. */
async function startMailServer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const waitFor = async (to: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = received.find((mail) => mail.to.includes(to));
      if (found) return found.raw;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail for ${to}`);
  };
  return {
    port,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message body as text (nodemailer may send it quoted-printable). */
function mailText(raw: string): string {
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw)) return raw;
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  describe('password rules', () => {
    it.each([
      ['six characters (allowed before decision 009)', 'zzzzzz', MESSAGES.passwordTooShort],
      ['seven characters', 'zq7-war', MESSAGES.passwordTooShort],
      ['a common password', 'password1234', MESSAGES.passwordTooCommon],
      ['a common password in capitals', 'QWERTYUIOP', MESSAGES.passwordTooCommon],
      ['the published demo password', 'notewise-demo', MESSAGES.passwordTooCommon],
    ])('refuses %s at sign-up', async (_label, password, message) => {
      const response = await request(t.app, 'POST', SIGN_UP, {
        body: { name: 'Pat', email: uniqueEmail('pw'), password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    });

    it('accepts eight characters that are not common', async () => {
      const response = await request(t.app, 'POST', SIGN_UP, {
        body: { name: 'Pat', email: uniqueEmail('pw'), password: 'zq7-wart' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('sign-up does not tell whether an email exists', () => {
    it('answers a new and an existing email with the same status and body shape, and no session for the existing one', async () => {
      const existing = await signUp(t.app);
      const fresh = uniqueEmail('fresh');
      const forNew = await request(t.app, 'POST', SIGN_UP, {
        body: { name: 'Same Name', email: fresh, password: 'another-secret-9' },
      });
      const forExisting = await request(t.app, 'POST', SIGN_UP, {
        body: { name: 'Same Name', email: existing.email, password: 'another-secret-9' },
      });
      expect(forExisting.statusCode).toBe(forNew.statusCode);
      expect(forNew.statusCode).toBe(200);
      const shape = (body: { user: { id: string } }) => ({ ...body, user: { ...body.user, id: 'id' } });
      expect(shape(forExisting.json())).toEqual({
        user: { id: 'id', email: existing.email, name: 'Same Name' },
      });
      expect(shape(forNew.json())).toEqual({ user: { id: 'id', email: fresh, name: 'Same Name' } });
      expect(forExisting.headers['content-type']).toBe(forNew.headers['content-type']);

      // The new account is signed in at once; the existing one is untouched and nobody got its session.
      expect(await isSignedIn(t, cookieFrom(forNew))).toBe(true);
      expect(forExisting.headers['set-cookie']).toBeUndefined();
      expect((await signIn(t, existing.email, existing.password)).statusCode).toBe(200);
      expect((await signIn(t, existing.email, 'another-secret-9')).statusCode).toBe(401);
    });

    it('takes about as long for an existing email as for a new one', async () => {
      const existing = await signUp(t.app);
      const time = async (email: string) => {
        const started = performance.now();
        const response = await request(t.app, 'POST', SIGN_UP, {
          body: { name: 'Timing', email, password: 'timing-secret-9' },
        });
        expect(response.statusCode).toBe(200);
        return performance.now() - started;
      };
      await time(uniqueEmail('warm'));
      const forNew: number[] = [];
      const forExisting: number[] = [];
      for (let i = 0; i < 7; i++) {
        forNew.push(await time(uniqueEmail('timing')));
        forExisting.push(await time(existing.email));
      }
      const ratio = median(forExisting) / median(forNew);
      // Before: the existing email was refused without hashing (~1 ms against ~60 ms).
      expect(ratio, `existing ${median(forExisting)} ms, new ${median(forNew)} ms`).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    });
  });

  describe('password change', () => {
    it('needs the current password, applies the password rules, and signs out every other session', async () => {
      const user = await signUp(t.app);
      const other = cookieFrom(await signIn(t, user.email, user.password));
      expect(await isSignedIn(t, other)).toBe(true);

      const wrong = await request(t.app, 'POST', CHANGE_PASSWORD, {
        cookie: user.cookie,
        body: { currentPassword: 'not-my-password', newPassword: 'brand-new-secret-1' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: MESSAGES.currentPasswordWrong,
      });

      const common = await request(t.app, 'POST', CHANGE_PASSWORD, {
        cookie: user.cookie,
        body: { currentPassword: user.password, newPassword: 'iloveyou1' },
      });
      expect(common.statusCode).toBe(400);
      expect(common.json().error.message).toBe(MESSAGES.passwordTooCommon);

      const keepOthers = await request(t.app, 'POST', CHANGE_PASSWORD, {
        cookie: user.cookie,
        body: {
          currentPassword: user.password,
          newPassword: 'brand-new-secret-1',
          revokeOtherSessions: false,
        },
      });
      expect(keepOthers.statusCode).toBe(400);
      expect(await isSignedIn(t, other)).toBe(true);

      const changed = await request(t.app, 'POST', CHANGE_PASSWORD, {
        cookie: user.cookie,
        body: { currentPassword: user.password, newPassword: 'brand-new-secret-1' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().token).toBeUndefined();
      const renewed = cookieFrom(changed);
      expect(renewed).toContain('notewise.session_token=');
      expect(await isSignedIn(t, renewed)).toBe(true);
      expect(await isSignedIn(t, other)).toBe(false);

      expect((await signIn(t, user.email, user.password)).statusCode).toBe(401);
      expect((await signIn(t, user.email, 'brand-new-secret-1')).statusCode).toBe(200);
    });

    it('is refused without a session', async () => {
      const response = await request(t.app, 'POST', CHANGE_PASSWORD, {
        body: { currentPassword: 'whatever-1', newPassword: 'brand-new-secret-1' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.notSignedIn });
    });
  });

  describe('sign out other sessions', () => {
    it('ends every session but the current one at once', async () => {
      const user = await signUp(t.app);
      const laptop = cookieFrom(await signIn(t, user.email, user.password));
      const phone = cookieFrom(await signIn(t, user.email, user.password));
      const stranger = await signUp(t.app);
      // Cached on this instance: the revocation must still apply at once.
      expect(await isSignedIn(t, laptop)).toBe(true);
      expect(await isSignedIn(t, phone)).toBe(true);

      const response = await request(t.app, 'POST', REVOKE_OTHERS, { cookie: user.cookie, body: {} });
      expect(response.statusCode).toBe(200);
      expect(await isSignedIn(t, user.cookie)).toBe(true);
      expect(await isSignedIn(t, laptop)).toBe(false);
      expect(await isSignedIn(t, phone)).toBe(false);
      expect(await isSignedIn(t, stranger.cookie)).toBe(true);

      const signedOut = await request(t.app, 'POST', REVOKE_OTHERS, { body: {} });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('password reset by email', () => {
    it('without SMTP, offers no email and says to ask the administrator', async () => {
      expect((await request(t.app, 'GET', '/api/password-reset')).json()).toEqual({ byEmail: false });
      const { email } = await signUp(t.app);
      const response = await request(t.app, 'POST', REQUEST_RESET, { body: { email } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(MESSAGES.resetAskAdministrator);
    });

    it('with SMTP, emails a one-time link to a known address only, and answers the same either way', async () => {
      const mail = await startMailServer();
      const withMail = await startTestApp(
        dialect,
        {
          DEMO_ACCOUNT: 'false',
          SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
          SMTP_FROM: 'Notewise <notes@example.test>',
          PUBLIC_URL: 'http://notes.example.test',
        },
        await createTestDatabase(dialect),
      );
      try {
        expect((await request(withMail.app, 'GET', '/api/password-reset')).json()).toEqual({ byEmail: true });
        const user = await signUp(withMail.app);

        const known = await request(withMail.app, 'POST', REQUEST_RESET, {
          ip: '10.7.0.1',
          body: { email: user.email },
        });
        const unknownEmail = uniqueEmail('nobody');
        const unknown = await request(withMail.app, 'POST', REQUEST_RESET, {
          ip: '10.7.0.2',
          body: { email: unknownEmail },
        });
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(unknown.json()).toEqual(known.json());

        const text = mailText(await mail.waitFor(user.email));
        expect(text).toContain('Reset your Notewise password');
        const link = text.match(/http:\/\/notes\.example\.test\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
        expect(link, text).toBeDefined();
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(mail.received.some((m) => m.to.includes(unknownEmail))).toBe(false);

        const reset = await request(withMail.app, 'POST', RESET, {
          body: { token: tokenOf(link ?? ''), newPassword: 'mailed-secret-42' },
        });
        expect(reset.statusCode).toBe(200);
        expect(await isSignedIn(withMail, user.cookie)).toBe(false);
        expect((await signIn(withMail, user.email, 'mailed-secret-42')).statusCode).toBe(200);
      } finally {
        await withMail.close();
        await withMail.testDb.destroy();
        await mail.close();
      }
    });
  });

  describe('demo account', () => {
    it('exists only on loopback or with DEMO_ACCOUNT=true; turned off, its published password stops working', async () => {
      const testDb = await createTestDatabase(dialect);
      const demoSignIn = (app: TestApp) => signIn(app, 'demo@notewise.app', 'notewise-demo');
      const demoUsers = async (app: TestApp) =>
        app.database.db.selectFrom('users').select('id').where('email', '=', 'demo@notewise.app').execute();

      let app = await startTestApp(dialect, { HOST: '0.0.0.0' }, testDb);
      try {
        expect((await request(app.app, 'GET', '/api/demo')).json()).toEqual({ available: false });
        expect(await demoUsers(app)).toEqual([]);
        await app.close();

        app = await startTestApp(dialect, { HOST: '127.0.0.1' }, testDb);
        expect((await request(app.app, 'GET', '/api/demo')).json()).toMatchObject({ available: true });
        const session = cookieFrom(await demoSignIn(app));
        expect(await isSignedIn(app, session)).toBe(true);
        await app.close();

        app = await startTestApp(dialect, { HOST: '0.0.0.0' }, testDb);
        expect((await request(app.app, 'GET', '/api/demo')).json()).toEqual({ available: false });
        expect((await demoSignIn(app)).statusCode).toBe(401);
        expect(await isSignedIn(app, session)).toBe(false);
        expect(await demoUsers(app)).toHaveLength(1);
        await app.close();

        app = await startTestApp(dialect, { HOST: '0.0.0.0', DEMO_ACCOUNT: 'true' }, testDb);
        expect((await demoSignIn(app)).statusCode).toBe(200);
      } finally {
        await app.close();
        await testDb.destroy();
      }
    });
  });
});

describe('admin reset link (works without email)', () => {
  function admin(dataDir: string, env: Record<string, string>, ...args: string[]) {
    return run(CLI.command, [...CLI.args, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '', PUBLIC_URL: '', ...env },
    });
  }

  it('prints a one-time link, valid one hour, stored hashed; using it ends every session', async () => {
    const t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    try {
      const user = await signUp(t.app);
      const linkFrom = (stdout: string) => stdout.match(/\S+\/reset-password\?token=\S+/)?.[0] ?? '';

      const printed = await admin(t.testDb.dataDir, { PORT: '3999' }, 'reset-link', '--email', user.email);
      const link = linkFrom(printed.stdout);
      expect(link).toMatch(/^http:\/\/localhost:3999\/reset-password\?token=[A-Za-z0-9_-]{20,}$/);
      const token = tokenOf(link);

      const rows = await t.database.db.selectFrom('verifications').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.identifier).not.toContain(token);
      const expiresIn = Date.parse(String(rows[0]?.expires_at)) - Date.now();
      expect(expiresIn).toBeGreaterThan(55 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

      const second = linkFrom(
        (
          await admin(
            t.testDb.dataDir,
            { PUBLIC_URL: 'https://notes.example.com' },
            'reset-link',
            '--email',
            user.email,
          )
        ).stdout,
      );
      expect(second.startsWith('https://notes.example.com/reset-password?token=')).toBe(true);

      const weak = await request(t.app, 'POST', RESET, { body: { token, newPassword: 'zzzzzz' } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.message).toBe(MESSAGES.passwordTooShort);

      const reset = await request(t.app, 'POST', RESET, { body: { token, newPassword: 'reset-secret-77' } });
      expect(reset.statusCode).toBe(200);
      expect(await isSignedIn(t, user.cookie)).toBe(false);
      expect((await signIn(t, user.email, user.password)).statusCode).toBe(401);
      expect((await signIn(t, user.email, 'reset-secret-77')).statusCode).toBe(200);

      for (const used of [token, tokenOf(second), 'made-up-token']) {
        const again = await request(t.app, 'POST', RESET, {
          body: { token: used, newPassword: 'another-one-88' },
        });
        expect(again.statusCode).toBe(400);
        expect(again.json().error).toEqual({ code: 'VALIDATION_ERROR', message: MESSAGES.resetLinkInvalid });
      }

      const third = tokenOf(
        linkFrom((await admin(t.testDb.dataDir, {}, 'reset-link', '--email', user.email)).stdout),
      );
      await t.database.db
        .updateTable('verifications')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const expired = await request(t.app, 'POST', RESET, {
        body: { token: third, newPassword: 'another-one-88' },
      });
      expect(expired.statusCode).toBe(400);

      await expect(
        admin(t.testDb.dataDir, {}, 'reset-link', '--email', 'nobody@example.com'),
      ).rejects.toMatchObject({ stderr: expect.stringContaining('No user with email nobody@example.com') });
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  }, 90_000);
});

describe('start-up log', () => {
  it('a plain start on 0.0.0.0 creates no demo account and says why', async () => {
    const testDb = await createTestDatabase('sqlite');
    // node with tsx's loader (not the tsx binary): the kill below reaches the server itself.
    const server = await startServerProcess({
      DATA_DIR: testDb.dataDir,
      HOST: '0.0.0.0',
      NODE_ENV: 'development',
      DEMO_ACCOUNT: '',
      LOG_LEVEL: 'info',
    });
    const output = server.output();
    const port = new URL(server.address).port;
    const child = server.child;
    try {
      expect(output).toContain('demo account is off (HOST 0.0.0.0 is reachable from other machines');
      const demo = await fetch(`http://127.0.0.1:${port}/api/demo`);
      expect(await demo.json()).toEqual({ available: false });
    } finally {
      child.kill('SIGKILL');
      await testDb.destroy();
    }
  }, 60_000);
});
