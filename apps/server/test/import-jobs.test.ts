import { JOB_MESSAGES } from '@notewise/shared';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importInterrupted } from '../src/modules/export-import/import-jobs';
import { createJobs, JOB_STALE_MS } from '../src/modules/jobs/jobs.service';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/** Large imports run as background jobs (decision 060): 202 + a job whose summary is kept. */

function multipart(fileName: string, bytes: Uint8Array) {
  const boundary = `----notewise${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** 60 notes (over the 50-file threshold), each linking to the next by wikilink. */
function largeVault(count = 60): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 1; i <= count; i++) {
    const next = i < count ? `See [[Note ${i + 1}]].` : 'The last one.';
    files[`vault/Note ${i}.md`] = strToU8(`---\ntags: [bulk]\n---\n# Note ${i}\n\nBody ${i}. ${next}\n`);
  }
  return zipSync(files);
}

describe.each(dialects)('background imports (%s)', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    const created = await request(t.app, 'POST', '/api/projects', {
      cookie: owner.cookie,
      body: { name: 'Bulk', color: 'blue' },
    });
    projectId = created.json().project?.id ?? created.json().id;
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const upload = (bytes: Uint8Array, cookie = owner.cookie) => {
    const body = multipart('vault.zip', bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/import?projectId=${projectId}`,
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000', origin: TEST_ORIGIN, cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const getJob = (id: string, cookie = owner.cookie) =>
    request(t.app, 'GET', `/api/import-jobs/${id}`, { cookie });

  it('answers 202 with a job, reports progress, keeps the summary; another user gets 404', async () => {
    const accepted = await upload(largeVault());
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { job } = accepted.json();
    expect(job).toMatchObject({ kind: 'import', status: 'running', result: null });

    const seen: Array<{ done: number; total: number | null }> = [];
    let current = job;
    for (let i = 0; i < 300 && current.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await getJob(job.id)).json().job;
      seen.push(current.progress);
    }
    expect(current.status).toBe('done');
    expect(current.progress).toEqual({ done: 60, total: 60 });
    // Progress only moves forward once the total is known.
    const writing = seen.filter((p) => p.total !== null).map((p) => p.done);
    expect(writing).toEqual([...writing].sort((a, b) => a - b));
    const result = current.result;
    expect(result.projectId).toBe(projectId);
    expect(result.imported).toHaveLength(60);
    expect(result.skipped).toEqual([]);
    const first = result.imported.find((n: { title: string }) => n.title === 'Note 1');
    expect(first.converted).toContainEqual({ what: 'links', count: 1 });
    // Kept for 7 days from its end.
    expect(Date.parse(current.expiresAt) - Date.parse(current.updatedAt)).toBe(7 * 86_400_000);

    // The notes are there, with their tags and the wikilink written as a link to the next note.
    const notes = (
      await request(t.app, 'GET', `/api/notes?projectId=${projectId}&limit=100`, { cookie: owner.cookie })
    ).json().notes as Array<{ id: string; title: string }>;
    expect(notes.filter((n) => /^Note \d+$/.test(n.title))).toHaveLength(60);
    const one = (await request(t.app, 'GET', `/api/notes/${first.noteId}`, { cookie: owner.cookie })).json();
    const two = notes.find((n) => n.title === 'Note 2');
    expect(JSON.stringify(one)).toContain(`note=${two?.id}`);

    // Owner only: the same id is not found for anyone else.
    const foreign = await getJob(job.id, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({ code: 'NOT_FOUND', message: JOB_MESSAGES.notFound });
    expect((await getJob('no-such-job')).statusCode).toBe(404);
    const mine = (await request(t.app, 'GET', '/api/import-jobs', { cookie: owner.cookie })).json().jobs;
    expect(mine.map((j: { id: string }) => j.id)).toContain(job.id);
    const theirs = (await request(t.app, 'GET', '/api/import-jobs', { cookie: stranger.cookie })).json().jobs;
    expect(theirs).toEqual([]);
  });

  it('a small upload is still answered in the request (200 with the summary)', async () => {
    const small = await upload(largeVault(5));
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json().imported).toHaveLength(5);
  });

  it('a job running when the server stopped is marked failed at the next start, saying how far it got', async () => {
    // What a killed server leaves: a running row of another process, 12 of 40 notes written.
    const crashed = createJobs(t.database.db, {
      singleInstance: dialect === 'sqlite',
      runner: 'killed-server',
    });
    const job = await crashed.create(owner.user.id, 'import');
    await crashed.progress(job.id, 12, 40);
    crashed.close();
    if (dialect === 'postgres') {
      // Other instances may share PostgreSQL: a row counts as abandoned once nobody keeps it fresh.
      await t.database.db
        .updateTable('background_jobs')
        .set({ updated_at: new Date(Date.now() - JOB_STALE_MS - 1000).toISOString() })
        .where('id', '=', job.id)
        .execute();
    }
    await t.close();
    t = await startTestApp(dialect, {}, t.testDb);
    const row = await t.database.db
      .selectFrom('background_jobs')
      .select(['status', 'error'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    // Marked at start, before anyone asked.
    expect(row.status).toBe('failed');
    const read = (await getJob(job.id)).json().job;
    expect(read.status).toBe('failed');
    expect(read.error).toEqual(importInterrupted({ ...read, progress: { done: 12, total: 40 } }));
    expect(read.error.message).toContain('nothing after note 12 was imported');
  });
});
