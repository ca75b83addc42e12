import { DATA_EXPORT_MESSAGES } from '@notewise/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportKey, dataExportPurge } from '../src/modules/account/data-export';
import { createJobs } from '../src/modules/jobs/jobs.service';
import { dialects, request, signUp, startTestApp, type TestApp, testPng, uploadImage } from './helpers';

/**
 * Download all my data as a background job (decision 064): POST starts it (one at a time per user),
 * its progress counts notes done of the notes to write, the zip is kept in storage for its owner for
 * 7 days, another user's job id reads as not found, and the purge deletes the file with the row.
 */
describe.each(dialects)('data export jobs on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    request(t.app, method, url, { cookie, ...(body === undefined ? {} : { body }) });

  const uploadPicture = async (cookie: string, noteId: string) =>
    uploadImage(t.app, cookie, noteId, await testPng(30, 20, '#2266aa'), { name: 'p.png' });

  /** An account with `count` notes in two projects, the first showing a picture. */
  async function account(count: number) {
    const user = await signUp(t.app);
    const projects = [
      (await call(user.cookie, 'POST', '/api/projects', { name: 'Garden' })).json(),
      (await call(user.cookie, 'POST', '/api/projects', { name: 'Kitchen' })).json(),
    ];
    const notes = [];
    for (let i = 0; i < count; i += 1) {
      const created = await call(user.cookie, 'POST', '/api/notes', {
        projectId: projects[i % 2].id,
        title: `Note ${i + 1}`,
        content: `Body ${i + 1}`,
      });
      expect(created.statusCode, created.body).toBe(201);
      notes.push(created.json());
    }
    const image = await uploadPicture(user.cookie, notes[0].id);
    const edited = await call(user.cookie, 'PATCH', `/api/notes/${notes[0].id}`, {
      content: `Body 1\n\n![p](${image.url})`,
      version: notes[0].version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    return { user, notes, image };
  }

  async function finished(cookie: string, id: string) {
    for (let i = 0; i < 200; i += 1) {
      const job = (await call(cookie, 'GET', `/api/me/data-exports/${id}`)).json().job;
      if (job.status !== 'running' && job.status !== 'queued') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export did not finish');
  }

  it('starts a job, counts notes done of the total, and keeps a zip with every note and image', async () => {
    const { user, image } = await account(12);
    expect((await call(user.cookie, 'GET', '/api/me/data-exports/latest')).json()).toEqual({ job: null });
    const first = await call(user.cookie, 'POST', '/api/me/data-exports');
    expect(first.statusCode).toBe(202);
    const started = first.json().job;
    expect(started).toMatchObject({ kind: 'data-export', progress: { total: 12 } });
    const job = await finished(user.cookie, started.id);
    expect(job).toMatchObject({
      status: 'done',
      progress: { done: 12, total: 12 },
      result: { notes: 12, images: 1 },
      error: null,
    });
    expect(job.result.fileName).toMatch(/^Notewise data \d{4}-\d{2}-\d{2}\.zip$/);
    expect(Date.parse(job.expiresAt) - Date.parse(job.updatedAt)).toBe(7 * 86_400_000);
    // A reload finds it again.
    expect((await call(user.cookie, 'GET', '/api/me/data-exports/latest')).json().job.id).toBe(job.id);

    const download = await call(user.cookie, 'GET', `/api/me/data-exports/${job.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('Notewise data');
    expect(download.rawPayload.length).toBe(job.result.size);
    const files = Object.keys(unzipSync(new Uint8Array(download.rawPayload)));
    expect(files.filter((name) => name.endsWith('.md'))).toHaveLength(12);
    expect(files.filter((name) => /^(Garden|Kitchen)\/Note \d+\.md$/.test(name))).toHaveLength(12);
    expect(files).toContain(`images/${image.url.split('/').pop()}`);
    expect(files).toContain('account.json');

    // One at a time: while a job runs, starting again answers that job (the row is set back to running).
    const setStatus = (status: 'running' | 'done') =>
      t.database.db.updateTable('background_jobs').set({ status }).where('id', '=', job.id).execute();
    await setStatus('running');
    const busy = await call(user.cookie, 'POST', '/api/me/data-exports');
    expect(busy.statusCode).toBe(200);
    expect(busy.json().job.id).toBe(job.id);
    await setStatus('done');
    // A new one may start once the last is done.
    const again = await call(user.cookie, 'POST', '/api/me/data-exports');
    expect(again.statusCode).toBe(202);
    expect(again.json().job.id).not.toBe(job.id);
    await finished(user.cookie, again.json().job.id);
  });

  it("reads another user's job as not found, and a running one is not downloadable", async () => {
    const { user } = await account(3);
    const other = await signUp(t.app);
    const job = await finished(
      user.cookie,
      (await call(user.cookie, 'POST', '/api/me/data-exports')).json().job.id,
    );
    for (const url of [`/api/me/data-exports/${job.id}`, `/api/me/data-exports/${job.id}/download`]) {
      const response = await call(other.cookie, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: DATA_EXPORT_MESSAGES.notFound });
    }
    expect((await call(other.cookie, 'GET', '/api/me/data-exports/latest')).json()).toEqual({ job: null });
    expect((await request(t.app, 'GET', `/api/me/data-exports/${job.id}`)).statusCode).toBe(401);

    // Not done yet (the row says running): 409 with the text, not a half-written file.
    await t.database.db
      .updateTable('background_jobs')
      .set({ status: 'running' })
      .where('id', '=', job.id)
      .execute();
    const early = await call(user.cookie, 'GET', `/api/me/data-exports/${job.id}/download`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(DATA_EXPORT_MESSAGES.notReady);
  });

  it('expires after 7 days: the download is gone, and the purge deletes the file with the job', async () => {
    const { user } = await account(2);
    const started = (await call(user.cookie, 'POST', '/api/me/data-exports')).json().job;
    const job = await finished(user.cookie, started.id);
    expect(await t.storage.get(dataExportKey(job.id))).toBeDefined();

    const past = new Date(Date.now() - 60_000).toISOString();
    await t.database.db
      .updateTable('background_jobs')
      .set({ expires_at: past })
      .where('id', '=', job.id)
      .execute();
    // Before the hourly purge has run, an expired download already reads as gone.
    const expired = await call(user.cookie, 'GET', `/api/me/data-exports/${job.id}/download`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(DATA_EXPORT_MESSAGES.notFound);

    const jobs = createJobs(t.database.db, {
      singleInstance: dialect === 'sqlite',
      onPurge: { 'data-export': dataExportPurge(t.storage) },
    });
    expect(await jobs.purgeExpired()).toBeGreaterThanOrEqual(1);
    jobs.close();
    expect(await t.storage.get(dataExportKey(job.id))).toBeUndefined();
    expect((await call(user.cookie, 'GET', `/api/me/data-exports/${job.id}`)).statusCode).toBe(404);
  });

  it('keeps GET /api/me/data streaming the same zip for API clients', async () => {
    const { user } = await account(2);
    const response = await call(user.cookie, 'GET', '/api/me/data');
    expect(response.statusCode).toBe(200);
    const files = Object.keys(unzipSync(new Uint8Array(response.rawPayload)));
    expect(files.filter((name) => name.endsWith('.md'))).toHaveLength(2);
  });
});
