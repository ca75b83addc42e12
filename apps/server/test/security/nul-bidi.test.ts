/**
 * U+0000 and bidi-override characters in every kind of text a user sends, on both databases:
 * PostgreSQL refuses NUL in text (a 500 if it reached a query), and an override (U+202E) in a name
 * reverses how the rest of a list reads. Every write answers below 500, nothing stored holds a NUL,
 * and names, titles and tags hold no override (stripUnsafeChars); note content keeps its text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from '../helpers';
import { collabClient, endAll, listen, until } from './socket-helpers';

const NUL = '\u0000';
const BIDI = '\u202E';
const EVIL = `a${NUL}b${BIDI}c`;
/** Neither character, anywhere in a JSON answer (escaped or raw). */
const clean = (text: string) =>
  ['\\u0000', NUL, '\\u202e', '\\u202E', BIDI].every((form) => !text.includes(form));
const withoutNul = (text: string) => !text.includes('\\u0000') && !text.includes(NUL);

function multipart(fileName: string, text: string) {
  const boundary = `----nul${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/markdown\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dialects)('NUL and bidi overrides in every text input on %s', (dialect) => {
  let t: TestApp;
  let host: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    host = await listen(t.app);
  });
  afterAll(async () => {
    endAll();
    await t.close();
    await t.testDb.destroy();
  });

  it('JSON writes, queries and path parameters: no 5xx, nothing stored with NUL, names without overrides', async () => {
    const signUpBody = {
      name: `Eve ${EVIL}`,
      email: `eve${NUL}@example.com`,
      password: `pass${NUL}word-long`,
    };
    const signedUp = await request(t.app, 'POST', '/api/auth/sign-up/email', { body: signUpBody });
    expect(signedUp.statusCode).toBeLessThan(500);
    const user = await signUp(t.app, { name: `Mallory ${EVIL}` });
    const other = await signUp(t.app);
    const as = (cookie: string) => (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie, ...(body !== undefined ? { body } : {}) });
    const call = as(user.cookie);

    const project = (await call('POST', '/api/projects', { name: `P ${EVIL}`, description: EVIL })).json();
    const shared = (await call('POST', '/api/shared-projects', { name: `S ${EVIL}` })).json();
    const note = (
      await call('POST', '/api/notes', {
        projectId: project.id,
        title: `T ${EVIL}`,
        content: EVIL,
        tags: [EVIL],
      })
    ).json();
    const answers = [
      await request(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email: `${user.email}${NUL}`, password: user.password },
      }),
      await call('PATCH', '/api/me', { name: `Name ${EVIL}` }),
      await call('PATCH', `/api/projects/${project.id}`, { name: `Renamed ${EVIL}` }),
      await call('PATCH', `/api/notes/${note.id}`, {
        title: `Retitled ${EVIL}`,
        tags: [`t${EVIL}`],
        content: `More ${EVIL}`,
        version: note.version,
      }),
      await call('PUT', '/api/drafts/note', { content: EVIL }),
      await call('PUT', '/api/me/last-page', { path: `/notes${NUL}` }),
      await call('GET', `/api/search?q=${encodeURIComponent(EVIL)}`),
      await call('GET', `/api/notes/${encodeURIComponent(`${note.id}${NUL}`)}`),
      await call('GET', `/api/notes?projectId=${encodeURIComponent(`${project.id}${NUL}`)}`),
      await as(other.cookie)('POST', '/api/shared-projects/join', { code: `${shared.code}${NUL}` }),
      await as(other.cookie)('POST', '/api/shared-projects/join', { code: `12${BIDI}3456` }),
      await call('POST', '/api/ai/capture', { text: EVIL }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(500);
    }

    const me = (await call('GET', '/api/me')).json();
    expect(me.name).toBe('Name abc');
    const stored = (await call('GET', `/api/notes/${note.id}`)).json();
    expect(stored.title).toBe('Retitled abc');
    expect(stored.tags).toEqual(['tabc']);
    expect(stored.content).not.toContain(NUL);
    const lists = [
      await call('GET', '/api/projects'),
      await call('GET', `/api/notes?projectId=${project.id}`),
      await as(other.cookie)('GET', '/api/shared-projects'),
    ];
    for (const list of lists) {
      expect(list.statusCode).toBe(200);
      expect(withoutNul(list.body)).toBe(true);
      const named = JSON.stringify(list.json(), (key, value) =>
        ['preview', 'excerpt', 'description'].includes(key) ? undefined : value,
      );
      expect(clean(named), named).toBe(true);
    }
  });

  it('imported Markdown: a file with NUL is skipped as binary, overrides leave the titles', async () => {
    const user = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie: user.cookie, body: { name: 'Imports' } })
    ).json();
    const upload = async (fileName: string, text: string) => {
      const body = multipart(fileName, text);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/import?projectId=${project.id}`,
        headers: {
          host: 'localhost:3000',
          origin: TEST_ORIGIN,
          cookie: user.cookie,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { imported: unknown[]; skipped: unknown[] };
    };
    const withNul = await upload('nul.md', `---\ntitle: "Front ${EVIL}"\n---\n\nBody ${EVIL} end\n`);
    expect(withNul.imported).toEqual([]);
    expect(withNul.skipped).toHaveLength(1);
    // Import reads a title from front matter (tags are not imported).
    const withOverrides = `---\ntitle: "Front a${BIDI}b"\n---\n\nBody a${BIDI}b end\n`;
    expect((await upload('front.md', withOverrides)).imported).toHaveLength(1);
    expect((await upload(`plain${BIDI}name.md`, `Text a${BIDI}b`)).imported).toHaveLength(1);

    const list = await request(t.app, 'GET', `/api/notes?projectId=${project.id}`, { cookie: user.cookie });
    const notes = list.json().notes as Array<{ title: string }>;
    expect(notes.map((n) => n.title).sort()).toEqual(['Front ab', 'plainname']);
  });

  it('co-editing text with NUL is stored without it, and the note stays readable', async () => {
    const owner = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Team' } })
    ).json();
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content: 'Start' },
      })
    ).json();
    const client = collabClient(host, owner.cookie, note.id);
    await client.synced;
    client.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText(`typed ${EVIL} end`)]);
      const fragment = client.doc.getXmlFragment('default');
      fragment.insert(fragment.length, [paragraph]);
    });
    await new Promise((r) => setTimeout(r, 300));
    client.destroy();
    let content = '';
    await until(
      () => {
        void request(t.app, 'GET', `/api/notes/${note.id}`, { cookie: owner.cookie }).then((r) => {
          content = r.statusCode === 200 ? r.json().content : `status ${r.statusCode}`;
        });
        return content.includes('typed');
      },
      10_000,
      'the co-edited text stored',
    );
    expect(content).not.toContain(NUL);
    expect(content).toContain('end');
  });
});
