import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';
import { stopApp } from './support/suite-app';

/*
 * All Notes rendered into the page for a signed-in page load (decision 097), with the real built web
 * app and its server render (apps/web/dist, apps/web/dist-ssr): the visitor's own notes and nothing
 * else, escaped, never stored by a cache, and the plain index.html whenever the session is not valid.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const SCRIPT_TITLE = '</script><script>alert(1)</script>';
const DATA_BLOCK = /<script type="application\/json" id="notewise-first-page">([^<]*)<\/script>/;
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

// Built by `npm test` before this stage; built here when run alone (only the server render when
// the web app is there: others' end-to-end runs use apps/web/dist).
const WEB = path.join(ROOT, 'apps/web');
if (!fs.existsSync(path.join(WEB, 'dist/index.html')))
  execFileSync('npm', ['run', 'build', '-w', '@notewise/web'], { cwd: ROOT, stdio: 'ignore' });
else if (!fs.existsSync(path.join(WEB, 'dist-ssr/entry-server.js')))
  // NODE_ENV as `npm run build` has it (vitest sets 'test': JSX would be compiled for React's dev build).
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx'], {
    cwd: WEB,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
const plainIndex = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');

describe.each(dialects)('All Notes in the HTML on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // The wait is generous: these tests are about what is sent, not this machine's speed.
    t = await startTestApp(dialect, {
      DEMO_ACCOUNT: 'false',
      WEB_DIST_DIR: WEB_DIST,
      FIRST_PAGE_WAIT_MS: '10000',
    });
    // The server loads its render's code (megabytes) on the first page load that needs it.
    const warm = await signUp(t.app);
    await request(t.app, 'GET', '/notes', { headers: HTML, cookie: warm.cookie });
  }, 180_000);
  afterAll(() => stopApp(t));

  const send = async (cookie: string, method: 'POST' | 'DELETE', url: string, body?: unknown) => {
    const response = await request(t.app, method, url, { cookie, ...(body !== undefined ? { body } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.statusCode === 204 ? undefined : response.json();
  };
  const page = (cookie?: string, url = '/notes') =>
    request(t.app, 'GET', url, { headers: HTML, ...(cookie ? { cookie } : {}) });
  /** The reads the page carries, `{ [path]: body }`, or undefined when it is the plain index.html. */
  const dataOf = (body: string) => {
    const block = DATA_BLOCK.exec(body)?.[1];
    return block === undefined
      ? undefined
      : (JSON.parse(block) as Record<string, { notes?: { title: string }[] }>);
  };
  const titlesIn = (body: string) => dataOf(body)?.['/api/notes']?.notes?.map((note) => note.title);

  it("sends the visitor's own notes as markup and data, never stored, never another user's", async () => {
    const other = await signUp(t.app);
    const otherProject = await send(other.cookie, 'POST', '/api/projects', { name: 'Theirs' });
    await send(other.cookie, 'POST', '/api/notes', { projectId: otherProject.id, title: 'Not yours to see' });
    const me = await signUp(t.app);
    const mine = await send(me.cookie, 'POST', '/api/projects', { name: 'Mine' });
    await send(me.cookie, 'POST', '/api/notes', { projectId: mine.id, title: 'My own card' });

    const response = await page(me.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary).toLowerCase()).toContain('cookie');
    const api = await request(t.app, 'GET', '/api/health');
    expect(response.headers['content-security-policy']).toBe(api.headers['content-security-policy']);
    expect(response.body).toContain('My own card');
    expect(response.body).toContain('>All Notes</h1>');
    expect(response.body).not.toContain('Not yours to see');
    expect(titlesIn(response.body)).toEqual(['My own card']);
    // The data is what the API answers this visitor, path for path.
    const data = dataOf(response.body) ?? {};
    for (const [url, body] of Object.entries(data)) {
      const answer = await request(t.app, 'GET', url, { cookie: me.cookie });
      expect(body, url).toEqual(answer.json());
    }
    expect(Object.keys(data)).toEqual([
      '/api/me',
      '/api/notes',
      '/api/notes/counts',
      '/api/projects?kind=all&limit=200',
    ]);
    // Other pages stay the plain index.html.
    expect((await page(me.cookie, '/projects')).body).toBe(plainIndex);
  });

  it('a note titled like a script is text in the markup and in the data', async () => {
    const me = await signUp(t.app);
    const project = await send(me.cookie, 'POST', '/api/projects', { name: 'Tricky' });
    await send(me.cookie, 'POST', '/api/notes', { projectId: project.id, title: SCRIPT_TITLE });
    const { body } = await page(me.cookie);
    expect(body).not.toContain(SCRIPT_TITLE);
    expect(body).not.toContain('<script>alert');
    expect(body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(titlesIn(body)).toEqual([SCRIPT_TITLE]);
    // The only scripts are the build's: the data block and index.html's own.
    expect(body.match(/<script/g)?.length).toBe((plainIndex.match(/<script/g)?.length ?? 0) + 1);
  });

  it('signed out, signed-out, forged or missing cookies get the plain index.html', async () => {
    const me = await signUp(t.app);
    const project = await send(me.cookie, 'POST', '/api/projects', { name: 'Kept' });
    await send(me.cookie, 'POST', '/api/notes', { projectId: project.id, title: 'Secret card' });
    expect(titlesIn((await page(me.cookie)).body)).toEqual(['Secret card']);

    const [name = '', value = ''] = me.cookie.split('=');
    const [token = '', signature = ''] = decodeURIComponent(value).split('.');
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    const forged = [
      `${name}=${encodeURIComponent(`${flip(token)}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${token}.${flip(signature)}`)}`,
      'unrelated=1',
    ];
    for (const cookie of [undefined, ...forged]) {
      const response = await page(cookie);
      expect(response.statusCode, String(cookie)).toBe(200);
      expect(response.body, String(cookie)).toBe(plainIndex);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    await send(me.cookie, 'POST', '/api/auth/sign-out', {});
    const after = await page(me.cookie);
    expect(after.body).toBe(plainIndex);
    expect(after.body).not.toContain('Secret card');
  });

  it('a note deleted, or moved out of a shared project, is not in the next page', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const team = await send(owner.cookie, 'POST', '/api/shared-projects', { name: 'Team' });
    await send(member.cookie, 'POST', '/api/shared-projects/join', { code: team.code });
    const plan = await send(owner.cookie, 'POST', '/api/notes', { projectId: team.id, title: 'Plan' });
    const budget = await send(owner.cookie, 'POST', '/api/notes', { projectId: team.id, title: 'Budget' });
    const own = await send(owner.cookie, 'POST', '/api/projects', { name: 'Own' });
    expect(titlesIn((await page(member.cookie)).body)).toEqual(['Budget', 'Plan']);

    await send(owner.cookie, 'DELETE', `/api/notes/${plan.id}`);
    const afterDelete = (await page(member.cookie)).body;
    expect(titlesIn(afterDelete)).toEqual(['Budget']);
    expect(afterDelete).not.toContain('>Plan<');

    await send(owner.cookie, 'POST', `/api/notes/${budget.id}/move`, { projectId: own.id });
    const afterMove = (await page(member.cookie)).body;
    expect(titlesIn(afterMove)).toEqual([]);
    expect(afterMove).not.toContain('Budget');
  });

  it('past the wait (FIRST_PAGE_WAIT_MS) the page is the plain index.html', async () => {
    const hurried = await startTestApp(dialect, {
      DEMO_ACCOUNT: 'false',
      WEB_DIST_DIR: WEB_DIST,
      FIRST_PAGE_WAIT_MS: '1',
    });
    try {
      const me = await signUp(hurried.app);
      const response = await request(hurried.app, 'GET', '/notes', { headers: HTML, cookie: me.cookie });
      expect(response.body).toBe(plainIndex);
      expect(String(response.headers.vary).toLowerCase()).toContain('cookie');
    } finally {
      await stopApp(hurried);
    }
  });
});
