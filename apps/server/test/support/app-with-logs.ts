import fs from 'node:fs';
import type { BuildOptions, BuiltApp } from '../../src/app';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db';
import { createTestDatabase, type TestDatabase, testConfig } from '../helpers';

export interface LoggedApp extends BuiltApp {
  testDb: TestDatabase;
  /** Every log line so far, parsed (the JSON an operator reads). */
  logs: () => { level: number; msg: string; fault?: string; [field: string]: unknown }[];
  close(): Promise<void>;
}

/** The real app on a fresh SQLite database, its log lines (LOG_LEVEL warn and up) kept for the test. */
export async function startAppWithLogs(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'redisPrefix'> = {},
): Promise<LoggedApp> {
  // DATA_DIR given: the database lives there too (a test that fills that disk needs both on it).
  const testDb: TestDatabase = env.DATA_DIR
    ? {
        dialect: 'sqlite',
        dataDir: env.DATA_DIR,
        open: () => openDatabase({ dataDir: env.DATA_DIR as string }),
        destroy: async () => fs.rmSync(env.DATA_DIR as string, { recursive: true, force: true }),
      }
    : await createTestDatabase('sqlite');
  const database = testDb.open();
  const lines: string[] = [];
  try {
    const built = await buildApp(
      testConfig(testDb.dataDir, { DEMO_ACCOUNT: 'false', LOG_LEVEL: 'warn', ...env }),
      {
        database,
        logStream: { write: (line: string) => void lines.push(line) },
        ...options,
      },
    );
    return {
      ...built,
      testDb,
      logs: () => lines.map((line) => JSON.parse(line)),
      close: async () => {
        await built.app.close();
        await database.close();
        await testDb.destroy();
      },
    };
  } catch (error) {
    await database.close();
    await testDb.destroy();
    throw error;
  }
}
