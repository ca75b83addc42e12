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

  it('keeps every draft through 026 (decision 103: the key gains a slot, existing rows keep slot empty)', async () => {
    testDb = await createTestDatabase(dialect);
    const handle = testDb.open();
    try {
      await migrateToLatest(handle.db, dialect, handle.schema, (name) => name < '026');
      const now = new Date().toISOString();
      await handle.db
        .insertInto('users')
        .values({
          id: 'u1',
          name: 'Writer',
          email: 'writer@example.com',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      await handle.db
        .insertInto('drafts')
        .values({
          user_id: 'u1',
          kind: 'note_input',
          content: 'words before the upgrade',
          updated_at: now,
        } as never)
        .execute();
      expect(await migrateToLatest(handle.db, dialect, handle.schema)).toContain('026-draft-slots');
      await handle.db
        .insertInto('drafts')
        .values({ user_id: 'u1', kind: 'note_input', slot: 'tab-0001', content: 'a tab', updated_at: now })
        .execute();
      const rows = await handle.db.selectFrom('drafts').select(['slot', 'content']).orderBy('slot').execute();
      expect(rows).toEqual([
        { slot: '', content: 'words before the upgrade' },
        { slot: 'tab-0001', content: 'a tab' },
      ]);
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
