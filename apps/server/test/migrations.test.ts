import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/migrations';
import { createTestDatabase, dialects, type TestDatabase } from './helpers';

describe.each(dialects)('database upgrades on %s', (dialect) => {
  let testDb: TestDatabase | undefined;
  afterEach(async () => {
    await testDb?.destroy();
    testDb = undefined;
  });

  it('upgrades a database made by the first sharing commit (005 applied before 004 existed)', async () => {
    testDb = await createTestDatabase(dialect);
    const handle = testDb.open();
    try {
      // f04974b shipped 001, 002, 003 and 005; 004-ai-jobs landed later with a lower number.
      const early = await migrateToLatest(handle.db, dialect, handle.schema, (name) =>
        ['001-accounts', '002-projects-notes', '003-drafts', '005-sharing'].includes(name),
      );
      expect(early).toEqual(['001-accounts', '002-projects-notes', '003-drafts', '005-sharing']);

      const applied = await migrateToLatest(handle.db, dialect, handle.schema);
      expect(applied).toContain('004-ai-jobs');
      expect(applied).not.toContain('005-sharing');
      // 004 made ai_jobs and 025 drops it again (nothing read it).
      expect(applied).toContain('025-drop-ai-jobs');
      const tables = await handle.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toContain('notes');
      expect(tables.map((t) => t.name)).not.toContain('ai_jobs');
    } finally {
      await handle.close();
    }
  });

  it('upgrades a database from every earlier prefix of the migration list to the latest', async () => {
    // The migrator applies pending migrations in name order.
    const names = Object.keys(migrations(dialect)).sort();
    for (let applied = 1; applied < names.length; applied += 1) {
      testDb = await createTestDatabase(dialect);
      const handle = testDb.open();
      try {
        const firstPart = new Set(names.slice(0, applied));
        await migrateToLatest(handle.db, dialect, handle.schema, (name) => firstPart.has(name));
        const rest = await migrateToLatest(handle.db, dialect, handle.schema);
        expect(rest).toEqual(names.slice(applied));
      } finally {
        await handle.close();
        await testDb.destroy();
        testDb = undefined;
      }
    }
    // One fresh database per prefix: the work grows with the square of the migration count.
  }, 180_000);
});
