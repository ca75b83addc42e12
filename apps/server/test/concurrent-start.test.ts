import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/modules/auth/demo';
import { createTestDatabase, startTestApp } from './helpers';

// Two instances started together on one fresh PostgreSQL database: before the start-up lock, both
// found no demo account, both signed it up, and the loser crashed on the unique email.
describe.runIf(process.env.TEST_DATABASE_URL)('two instances starting together on one PostgreSQL', () => {
  it('both start, with one demo account seeded once (5 rounds)', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round += 1) {
      const testDb = await createTestDatabase('postgres');
      try {
        const results = await Promise.allSettled([
          startTestApp('postgres', { DEMO_ACCOUNT: 'true' }, testDb),
          startTestApp('postgres', { DEMO_ACCOUNT: 'true' }, testDb),
        ]);
        const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        try {
          const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
          expect(failures, `round ${round}`).toEqual([]);
          const db = started[0]?.database.db;
          if (!db) throw new Error('no instance started');
          const demoUsers = await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', DEMO_ACCOUNT.email)
            .execute();
          expect(demoUsers).toHaveLength(1);
          const userId = demoUsers[0]?.id ?? '';
          const projects = await db
            .selectFrom('projects')
            .select('name')
            .where('owner_id', '=', userId)
            .execute();
          const names = projects.map((p) => p.name).sort();
          // Seeded once: every sample project exactly once.
          expect(new Set(names).size).toBe(names.length);
          expect(names.length).toBeGreaterThan(0);
        } finally {
          await Promise.all(started.map((t) => t.close()));
        }
      } finally {
        await testDb.destroy();
      }
    }
  });
});
