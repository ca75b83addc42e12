/**
 * Stress check for the PostgreSQL test-schema setup (decision 035): several processes each create a
 * schema, migrate it, ask for pending migrations (the readiness check) and drop it, over and over, as
 * vitest's workers do at the start and end of every server test file. It calls the migrator
 * directly, without startTestApp, so a setup failure is counted instead of retried.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     nice npx tsx apps/server/test/support/pg-schema-stress.ts [processes=6] [rounds=40]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, pendingMigrations } from '../../src/db/migrations';
import { withStartupLock } from '../../src/db/startup-lock';
import { createTestDatabase } from '../helpers';

async function worker(rounds: number): Promise<void> {
  const failures: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const testDb = await createTestDatabase('postgres');
    const handle = testDb.open();
    try {
      await withStartupLock(handle, () => migrateToLatest(handle.db, 'postgres', handle.schema));
      const pending = await pendingMigrations(handle.db, 'postgres', handle.schema);
      if (pending.length) throw new Error(`pending after migrating: ${pending.join(', ')}`);
    } catch (error) {
      // Schema names differ per run: say whether the failure names this setup's schema or another's.
      const message = error instanceof Error ? error.message : String(error);
      failures.push(
        message.replaceAll(handle.schema ?? '', 'test_<own>').replace(/test_[0-9a-f]{12}/g, 'test_<other>'),
      );
    } finally {
      await handle.close();
      await testDb.destroy();
    }
  }
  process.stdout.write(`${JSON.stringify({ rounds, failures })}\n`);
}

async function main(processes: number, rounds: number): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const started = Date.now();
  const outputs = await Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, [...process.execArgv, self, 'worker', String(rounds)], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (chunk) => {
            out += chunk;
          });
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`worker exit ${code}`))));
        }),
    ),
  );
  const failures = outputs.flatMap((out) => (JSON.parse(out) as { failures: string[] }).failures);
  const kinds = new Map<string, number>();
  for (const failure of failures) kinds.set(failure, (kinds.get(failure) ?? 0) + 1);
  console.log(
    `${processes} processes x ${rounds} setups = ${processes * rounds}; failed ${failures.length}; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  for (const [kind, count] of kinds) console.log(`  ${count} x ${kind}`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'worker') {
  await worker(Number(args[0] ?? 40));
  process.exit(0);
} else {
  await main(Number(mode ?? 6), Number(args[0] ?? 40));
}
