import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * The Obsidian vault export (GET /api/export?format=obsidian) read back by our own importer: every
 * note arrives in the project of its folder with its title, tags and dates, the link between two
 * notes leads to the imported twin, the picture is served again, callout and checklist are kept.
 */
describe.each(dialects)('Obsidian vault export round trip (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  let ipCounter = 0;
  async function account(name: string) {
    ipCounter += 1;
    const ip = `10.32.0.${ipCounter}`;
    const a = await signUp(t.app, { name });
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ip, ...(body !== undefined ? { body } : {}) });
    return { ...a, ip, call };
  }

  function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
    const boundary = `----obs${crypto.randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      ...Object.entries(fields).map(([key, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, type: `multipart/form-data; boundary=${boundary}` };
  }

  async function post(who: { cookie: string; ip: string }, url: string, body: ReturnType<typeof multipart>) {
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: who.ip,
      headers: { host: 'localhost:3000', origin: TEST_ORIGIN, cookie: who.cookie, 'content-type': body.type },
      payload: body.payload,
    });
  }

  it('exports a vault that re-imports note by note with tags, dates, links, pictures and callouts', async () => {
    const owner = await account('Owner');
    const garden = (await owner.call('POST', '/api/projects', { name: 'Garden' })).json();
    const kitchen = (await owner.call('POST', '/api/projects', { name: 'Kitchen' })).json();
    const create = async (projectId: string, title: string, content: string, tags: string[]) => {
      const made = await owner.call('POST', '/api/notes', { projectId, title, content, tags });
      expect(made.statusCode, made.body).toBe(201);
      return made.json();
    };
    const seeds = await create(garden.id, 'Seeds: spring', 'Tomatoes and *beans*', ['garden', 'spring plan']);
    const soup = await create(kitchen.id, 'Soup', 'Draft', ['food']);
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    const uploaded = await post(
      owner,
      '/api/images',
      multipart({ noteId: soup.id }, { name: 'p.png', type: 'image/png', data: png }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageUrl = uploaded.json().image.url as string;
    const link = `/quick-view?project=${garden.id}&note=${seeds.id}`;
    const soupContent = [
      `Uses the [seed list](${link}).`,
      `![bowl](${imageUrl})`,
      '> **Tip: Salt**\n>\n> Add it last.',
      '- [x] stock\n- [ ] leeks',
    ].join('\n\n');
    const edited = await owner.call('PATCH', `/api/notes/${soup.id}`, {
      content: soupContent,
      version: soup.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const made = [
      { ...seeds, project: 'Garden' },
      { ...edited.json(), project: 'Kitchen' },
    ];

    const zip = await owner.call('GET', '/api/export?format=obsidian');
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-disposition']).toContain('Notewise vault');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const picture = `attachments/${imageUrl.split('/').pop()}`;
    expect(Object.keys(files).sort()).toEqual([picture, 'Garden/Seeds- spring.md', 'Kitchen/Soup.md'].sort());
    const soupFile = strFromU8(files['Kitchen/Soup.md']!);
    expect(soupFile).toContain('tags:\n  - "food"\n');
    expect(soupFile).toContain(`created: ${made[1].createdAt}\nupdated: ${made[1].updatedAt}\n`);
    expect(soupFile).not.toContain('title:');
    expect(soupFile).toContain('[[Garden/Seeds- spring|seed list]]');
    expect(soupFile).toContain(`![[${picture}|bowl]]`);
    expect(soupFile).toContain('> [!tip] Salt');
    // The file name cannot hold the colon: the exact title travels in the front matter.
    expect(strFromU8(files['Garden/Seeds- spring.md']!)).toContain('title: "Seeds: spring"');

    const newcomer = await account('Newcomer');
    const inbox = (await newcomer.call('POST', '/api/projects', { name: 'Inbox' })).json();
    const imported = await post(
      newcomer,
      `/api/import?projectId=${inbox.id}&layout=folders`,
      multipart({}, { name: 'vault.zip', type: 'application/zip', data: Buffer.from(zip.rawPayload) }),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json() as {
      imported: Array<{ noteId: string; title: string }>;
      skipped: unknown[];
    };
    expect(result.skipped).toEqual([]);
    const projects = (await newcomer.call('GET', '/api/projects')).json().projects as Array<{
      id: string;
      name: string;
    }>;
    expect(projects.map((p) => p.name).sort()).toEqual(['Garden', 'Inbox', 'Kitchen']);
    const twins = new Map<string, { id: string; projectId: string; content: string }>();
    for (const original of made) {
      const summary = result.imported.find((n) => n.title === original.title);
      expect(summary, original.title).toBeDefined();
      const back = (await newcomer.call('GET', `/api/notes/${summary!.noteId}`)).json();
      expect(back.title).toBe(original.title);
      expect(back.tags).toEqual(original.tags);
      expect(back.createdAt).toBe(original.createdAt);
      expect(back.updatedAt).toBe(original.updatedAt);
      expect(projects.find((p) => p.id === back.projectId)?.name).toBe(original.project);
      twins.set(original.title, back);
    }
    const seedsTwin = twins.get('Seeds: spring')!;
    expect(seedsTwin.content).toBe(seeds.content);
    const soupTwin = twins.get('Soup')!;
    expect(soupTwin.content).toContain(
      `[seed list](/quick-view?project=${encodeURIComponent(seedsTwin.projectId)}&note=${encodeURIComponent(seedsTwin.id)})`,
    );
    expect(soupTwin.content).toContain('**Tip: Salt**');
    expect(soupTwin.content).toContain('Add it last.');
    expect(soupTwin.content).toContain('- [x] stock\n- [ ] leeks');
    const src = /!\[bowl\]\((\/api\/images\/[^)\s]+)\)/.exec(soupTwin.content)?.[1];
    expect(src).toBeDefined();
    const served = await newcomer.call('GET', src!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('exports one project as a vault, and another user gets 404 for it', async () => {
    const owner = await account('Owner2');
    const project = (await owner.call('POST', '/api/projects', { name: 'Notes #1' })).json();
    await owner.call('POST', '/api/notes', { projectId: project.id, title: 'A [draft]', content: 'Hi' });
    const zip = await owner.call('GET', `/api/projects/${project.id}/export?format=obsidian`);
    expect(zip.statusCode).toBe(200);
    // `#` and brackets would break a wikilink: the names avoid them.
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload)))).toEqual(['Notes -1/A -draft-.md']);
    const stranger = await account('Stranger');
    expect(
      (await stranger.call('GET', `/api/projects/${project.id}/export?format=obsidian`)).statusCode,
    ).toBe(404);
    expect((await owner.call('GET', '/api/export?format=vault')).statusCode).toBe(400);
  });
});
