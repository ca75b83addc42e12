import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCron } from '../src/config/cron';
import { type Clock, rotateBackups, startBackupSchedule } from '../src/db/backup-schedule';
import { dialects, startTestApp, type TestApp } from './helpers';

/** A clock the test moves by hand: timers fire when the time passes them, never on their own. */
function simulatedClock(start: Date) {
  let now = start.getTime();
  let timers: Array<{ at: number; run: () => void }> = [];
  const clock: Clock = {
    now: () => now,
    setTimeout(run, ms) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return { cancel: () => (timers = timers.filter((t) => t !== timer)) };
    },
  };
  const advanceTo = (time: number) => {
    while (true) {
      const due = timers.filter((t) => t.at <= time).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.run();
    }
    now = time;
  };
  return { clock, advanceTo, pending: () => timers.length };
}

const log = () => {
  const lines: Array<{ level: string; message: string }> = [];
  return {
    lines,
    info: (_: object, message: string) => lines.push({ level: 'info', message }),
    error: (_: object, message: string) => lines.push({ level: 'error', message }),
  };
};

describe.each(dialects)('scheduled backups (%s)', (dialect) => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('every minute for five minutes: five backups made, the newest three kept, each logged, one per slot across two instances', async () => {
    const t: TestApp = await startTestApp(dialect, {
      DEMO_ACCOUNT: 'false',
      METRICS_TOKEN: 'scrape-me-0123456789',
    });
    cleanup.push(() => t.close());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-scheduled-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const config = {
      dataDir: t.testDb.dataDir,
      databaseUrl: undefined,
      s3: undefined,
      authSecret: undefined,
    };
    if (dialect === 'postgres') {
      // The schema the test app uses, as an operator's DATABASE_URL names it.
      const base = process.env.TEST_DATABASE_URL as string;
      Object.assign(config, {
        databaseUrl: `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${t.database.schema}`)}`,
      });
    }
    const start = new Date('2030-05-01T02:59:30.000Z');
    const sim = simulatedClock(start);
    const logs = log();
    // Two instances on one database, as in a scaled-out deployment: one backup per slot.
    const schedules = [0, 1].map(() =>
      startBackupSchedule({
        settings: { cron: '* * * * *', dir, keep: 3 },
        config,
        database: t.database,
        log: logs,
        clock: sim.clock,
      }),
    );
    cleanup.push(() => {
      for (const s of schedules) s.stop();
    });
    for (let minute = 1; minute <= 5; minute += 1) {
      sim.advanceTo(start.getTime() + 30_000 + (minute - 1) * 60_000);
      for (const s of schedules) await s.idle();
    }

    const done = logs.lines.filter((l) => l.message.startsWith('scheduled backup done'));
    expect(logs.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(done).toHaveLength(5);
    const kept = fs.readdirSync(dir).sort();
    expect(kept).toEqual([
      'notewise-2030-05-01T03-02Z',
      'notewise-2030-05-01T03-03Z',
      'notewise-2030-05-01T03-04Z',
    ]);
    for (const name of kept) expect(fs.existsSync(path.join(dir, name, 'backup.json'))).toBe(true);
    expect(done.at(-1)?.message).toMatch(/1 old backup\(s\) removed/);

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-me-0123456789' },
    });
    // Registered only when BACKUP_CRON is set; the value is read from backup_runs.
    expect(metrics.body).not.toContain('notewise_backup_last_success_timestamp_seconds');
    const runs = await t.database.db.selectFrom('backup_runs').selectAll().orderBy('slot').execute();
    expect(runs.map((r) => [r.slot, Number(r.ok)])).toEqual(
      [0, 1, 2, 3, 4].map((m) => [new Date(Date.UTC(2030, 4, 1, 3, m)).toISOString(), 1]),
    );
  }, 120_000);

  it('BACKUP_CRON in the environment: the gauge reports the last success', async () => {
    const t: TestApp = await startTestApp(dialect, {
      DEMO_ACCOUNT: 'false',
      METRICS_TOKEN: 'scrape-me-0123456789',
      BACKUP_CRON: '0 3 * * *',
    });
    cleanup.push(() => t.close());
    const scrape = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer scrape-me-0123456789' },
        })
      ).body;
    expect(await scrape()).toMatch(/^notewise_backup_last_success_timestamp_seconds 0$/m);
    const finished = Date.UTC(2030, 0, 2, 3, 0, 41);
    await t.database.db
      .insertInto('backup_runs')
      .values([
        {
          slot: '2030-01-02T03:00:00.000Z',
          host: 'a',
          started_at: finished - 40_000,
          finished_at: finished,
          ok: 1,
        },
        {
          slot: '2030-01-03T03:00:00.000Z',
          host: 'a',
          started_at: finished,
          finished_at: finished + 86_400_000,
          ok: 0,
        },
      ])
      .execute();
    expect(await scrape()).toMatch(
      new RegExp(`^notewise_backup_last_success_timestamp_seconds ${finished / 1000}$`, 'm'),
    );
    expect(t.backups).not.toBeNull();
  });
});

describe('rotation', () => {
  it('keeps the newest complete backups and removes cut-off ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-rotate-'));
    try {
      for (const name of [
        'notewise-2030-01-01T03-00Z',
        'notewise-2030-01-02T03-00Z',
        'notewise-2030-01-03T03-00Z',
      ]) {
        fs.mkdirSync(path.join(dir, name));
        fs.writeFileSync(path.join(dir, name, 'backup.json'), '{}');
      }
      fs.mkdirSync(path.join(dir, 'notewise-2030-01-02T04-00Z'));
      fs.mkdirSync(path.join(dir, 'operator-copy'));
      expect(rotateBackups(dir, 2, null)).toEqual([
        'notewise-2030-01-02T04-00Z',
        'notewise-2030-01-01T03-00Z',
      ]);
      expect(fs.readdirSync(dir).sort()).toEqual([
        'notewise-2030-01-02T03-00Z',
        'notewise-2030-01-03T03-00Z',
        'operator-copy',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cron expressions', () => {
  const next = (expression: string, from: string) =>
    parseCron(expression).next(new Date(from))?.toISOString();
  // The test process runs in UTC (TZ is unset here and in CI); cron reads local time.
  it.runIf(new Date().getTimezoneOffset() === 0)('finds the next matching minute', () => {
    expect(next('* * * * *', '2030-05-01T02:59:30Z')).toBe('2030-05-01T03:00:00.000Z');
    expect(next('0 3 * * *', '2030-05-01T03:00:00Z')).toBe('2030-05-02T03:00:00.000Z');
    expect(next('*/15 * * * *', '2030-05-01T03:16:00Z')).toBe('2030-05-01T03:30:00.000Z');
    expect(next('30 2 * * mon-fri', '2030-05-04T00:00:00Z')).toBe('2030-05-06T02:30:00.000Z'); // Saturday -> Monday
    expect(next('0 0 1 jan *', '2030-05-01T00:00:00Z')).toBe('2031-01-01T00:00:00.000Z');
    expect(next('0 4 1,15 * *', '2030-05-02T00:00:00Z')).toBe('2030-05-15T04:00:00.000Z');
    // Both day fields restricted: either matches (the 13th, or a Friday).
    expect(next('0 0 13 * 5', '2030-05-01T00:00:00Z')).toBe('2030-05-03T00:00:00.000Z');
    expect(next('0 0 * * 7', '2030-05-01T00:00:00Z')).toBe('2030-05-05T00:00:00.000Z'); // 7 is Sunday
    expect(next('@daily', '2030-05-01T12:00:00Z')).toBe('2030-05-02T00:00:00.000Z');
    expect(next('0 0 30 2 *', '2030-01-01T00:00:00Z')).toBeUndefined();
  });

  it('refuses malformed expressions with the reason', () => {
    expect(() => parseCron('0 3 * *')).toThrow(/4 field\(s\); five are needed/);
    expect(() => parseCron('60 * * * *')).toThrow(/minute: 60 is outside 0-59/);
    expect(() => parseCron('*/0 * * * *')).toThrow(/step "0" must be a positive number/);
    expect(() => parseCron('5-1 * * * *')).toThrow(/runs backwards/);
    expect(() => parseCron('0 3 * * funday')).toThrow(/day of week: "funday" is not a number/);
  });
});
