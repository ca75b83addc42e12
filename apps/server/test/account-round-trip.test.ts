import { IMPORT_MESSAGES } from '@notewise/shared';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * The whole-account zip of a member of a shared project holds that project's notes too (everyone's),
 * and re-imports note by note into the same projects with the same dates (as the importer's own
 * projects: sharing and membership are not carried by files, and the summary says so).
 */
describe.each(dialects)('account zip round trip with a shared project (%s)', (dialect) => {
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
    const ip = `10.31.0.${ipCounter}`;
    const a = await signUp(t.app, { name });
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ip, ...(body !== undefined ? { body } : {}) });
    return { ...a, ip, call };
  }

  it('exports the shared project a user is a member of and re-imports every note with its dates', async () => {
    const owner = await account('Owner');
    const team = (await owner.call('POST', '/api/shared-projects', { name: 'Team', color: 'green' })).json();
    const member = await account('Member');
    expect((await member.call('POST', '/api/shared-projects/join', { code: team.code })).statusCode).toBe(
      200,
    );
    const garden = (await member.call('POST', '/api/projects', { name: 'Garden' })).json();
    const note = async (who: typeof owner, projectId: string, title: string, content: string) =>
      (await who.call('POST', '/api/notes', { projectId, title, content })).json();
    const made = [
      { ...(await note(owner, team.id, 'Plan', 'The owner’s **plan**')), project: 'Team' },
      { ...(await note(member, team.id, 'Minutes', '- [x] agreed\n- [ ] to do')), project: 'Team' },
      { ...(await note(member, garden.id, 'Seeds', 'Tomatoes and *beans*')), project: 'Garden' },
    ];

    const zip = await member.call('GET', '/api/export');
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Garden/Seeds.md', 'Team/Minutes.md', 'Team/Plan.md']);
    expect(strFromU8(files['Team/Plan.md']!)).toContain('project: "Team"\nshared: true\n');
    // A personal project is not marked.
    expect(strFromU8(files['Garden/Seeds.md']!)).not.toContain('shared:');

    const newcomer = await account('Newcomer');
    const inbox = (await newcomer.call('POST', '/api/projects', { name: 'Inbox' })).json();
    const boundary = `----rt${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="account.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.from(zip.rawPayload),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/import?projectId=${inbox.id}&layout=folders`,
      remoteAddress: newcomer.ip,
      headers: {
        host: 'localhost:3000',
        origin: TEST_ORIGIN,
        cookie: newcomer.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json() as {
      imported: Array<{ noteId: string; title: string; approximated?: unknown[] }>;
      skipped: unknown[];
      notices?: string[];
    };
    expect(result.skipped).toEqual([]);
    // The summary says what the files cannot bring back; the mark is read, not kept as a property.
    expect(result.notices).toEqual([IMPORT_MESSAGES.sharingNotRestored(['Team'])]);
    expect(result.notices?.[0]).toMatch(/^Sharing is not restored for: Team\./);
    for (const note of result.imported) expect(note.approximated ?? []).toEqual([]);
    const projects = (await newcomer.call('GET', '/api/projects')).json().projects as Array<{
      id: string;
      name: string;
      kind: string;
    }>;
    expect(projects.map((p) => p.name).sort()).toEqual(['Garden', 'Inbox', 'Team']);
    // The newcomer's own project: membership is not restored from files.
    expect(projects.find((p) => p.name === 'Team')?.kind).toBe('personal');
    for (const original of made) {
      const summary = result.imported.find((n) => n.title === original.title)!;
      const back = (await newcomer.call('GET', `/api/notes/${summary.noteId}`)).json();
      expect(back.content).toBe(original.content);
      expect(back.createdAt).toBe(original.createdAt);
      expect(back.updatedAt).toBe(original.updatedAt);
      expect(projects.find((p) => p.id === back.projectId)?.name).toBe(original.project);
    }
  });
});
