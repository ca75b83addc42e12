import { JOB_MESSAGES } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importInterrupted } from '../src/modules/export-import/import-jobs';
import { createJobs, JOB_STALE_MS } from '../src/modules/jobs/jobs.service';
import { dialects, signUp, startTestApp, type TestApp } from './helpers';

/** The generic background-jobs service (decision 060) on a real database. */
describe.each(dialects)('background jobs (%s)', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    alice = (await signUp(t.app)).user.id;
    bob = (await signUp(t.app)).user.id;
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const service = (extra: Partial<Parameters<typeof createJobs>[1]> = {}) =>
    createJobs(t.database.db, { singleInstance: dialect === 'sqlite', ...extra });

  it('keeps progress and the result for its owner only; another user reads nothing', async () => {
    const jobs = service();
    const job = await jobs.create(alice, 'import');
    expect(job).toMatchObject({ kind: 'import', status: 'running', progress: { done: 0, total: null } });
    await jobs.progress(job.id, 3);
    expect((await jobs.getForOwner(alice, job.id))?.progress).toEqual({ done: 3, total: null });
    await jobs.progress(job.id, 1, 12);
    expect((await jobs.getForOwner(alice, job.id))?.progress).toEqual({ done: 1, total: 12 });
    await jobs.finish(job.id, { imported: [{ title: 'A' }], skipped: [] });
    const done = await jobs.getForOwner(alice, job.id);
    expect(done).toMatchObject({
      status: 'done',
      result: { imported: [{ title: 'A' }], skipped: [] },
      error: null,
    });
    // Kept 7 days from the end.
    const kept = Date.parse(done?.expiresAt ?? '') - Date.parse(done?.updatedAt ?? '');
    expect(kept).toBe(7 * 86_400_000);
    expect(await jobs.getForOwner(bob, job.id)).toBeNull();
    expect((await jobs.listRecent(bob)).map((j) => j.id)).not.toContain(job.id);
    // A finished job no longer moves.
    await jobs.progress(job.id, 99);
    expect((await jobs.getForOwner(alice, job.id))?.progress.done).toBe(1);
    jobs.close();
  });

  it('lists the owner’s recent jobs newest first, by kind', async () => {
    const jobs = service();
    const first = await jobs.create(alice, 'import');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await jobs.create(alice, 'data-export');
    await jobs.fail(first.id, { code: 'X', message: 'It broke.' });
    await jobs.finish(second.id, { key: 'exports/a.zip', size: 10 });
    const all = await jobs.listRecent(alice);
    expect(all.indexOf(all.find((j) => j.id === second.id)!)).toBeLessThan(
      all.indexOf(all.find((j) => j.id === first.id)!),
    );
    const imports = await jobs.listRecent(alice, { kind: 'import' });
    expect(imports.every((j) => j.kind === 'import')).toBe(true);
    expect(imports.find((j) => j.id === first.id)?.error).toEqual({ code: 'X', message: 'It broke.' });
    jobs.close();
  });

  it('a job left running by a stopped server is marked failed (interrupted), never stuck running', async () => {
    const crashed = service({ runner: 'a-stopped-process' });
    const reading = await crashed.create(alice, 'import');
    await crashed.progress(reading.id, 4);
    const writing = await crashed.create(alice, 'import');
    await crashed.progress(writing.id, 7, 20);
    crashed.close();
    const jobs = service({ interrupted: { import: importInterrupted } });
    if (dialect === 'sqlite') {
      // One server per data folder: at start every unfinished job was interrupted.
      expect(await jobs.failInterrupted(true)).toBeGreaterThanOrEqual(2);
    } else {
      // Other instances may be running theirs: only once the row is stale.
      expect(await jobs.failInterrupted(true)).toBe(0);
      await t.database.db
        .updateTable('background_jobs')
        .set({ updated_at: new Date(Date.now() - JOB_STALE_MS - 1000).toISOString() })
        .where('id', 'in', [reading.id, writing.id])
        .execute();
    }
    // Reading it settles it too (PostgreSQL: stale rows are failed when their owner looks).
    const a = await jobs.getForOwner(alice, reading.id);
    const b = await jobs.getForOwner(alice, writing.id);
    expect(a).toMatchObject({ status: 'failed', error: { message: JOB_MESSAGES.importInterrupted(0) } });
    expect(b).toMatchObject({ status: 'failed', error: { message: JOB_MESSAGES.importInterrupted(7) } });
    expect(b?.error?.message).toContain('nothing after note 7 was imported');
    jobs.close();
  });

  it('a job this process runs is not taken for interrupted', async () => {
    const jobs = service();
    const job = await jobs.create(bob, 'import');
    expect(await jobs.failInterrupted(true)).toBe(0);
    expect((await jobs.getForOwner(bob, job.id))?.status).toBe('running');
    await jobs.finish(job.id, {});
    jobs.close();
  });

  it('purges finished jobs past their expiry (with the kind’s clean-up), keeps the rest', async () => {
    const cleaned: string[] = [];
    let clock = Date.now();
    const jobs = service({
      now: () => new Date(clock),
      onPurge: { 'data-export': async (job) => void cleaned.push(job.id) },
    });
    const old = await jobs.create(bob, 'data-export');
    await jobs.finish(old.id, { key: 'exports/old.zip', size: 1 });
    const running = await jobs.create(bob, 'import');
    clock += 7 * 86_400_000 + 1000;
    const recent = await jobs.create(bob, 'import');
    await jobs.finish(recent.id, {});
    expect(await jobs.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(cleaned).toContain(old.id);
    const left = await t.database.db
      .selectFrom('background_jobs')
      .select('id')
      .where('user_id', '=', bob)
      .execute();
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    // Unfinished jobs are never purged (the sweep fails them first).
    expect(ids).toContain(running.id);
    jobs.close();
  });
});
