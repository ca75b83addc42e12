import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

// better-sqlite3 is resolved here and handed to the worker: an eval'd worker has no module path of
// its own, and this resolves the same copy in the sources, the build and the image.
const SQLITE_MODULE = createRequire(import.meta.url).resolve('better-sqlite3');

// VACUUM INTO is one synchronous call that takes seconds on a large database; in the server's own
// thread (a scheduled backup) it would freeze every request meanwhile, so it runs in a worker.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.source, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  db.prepare('VACUUM INTO ?').run(workerData.destination);
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message || error) });
} finally {
  db.close();
}
`;

/**
 * A consistent copy of a live SQLite database. VACUUM INTO copies the database as one read
 * transaction sees it, so every write committed before it began is in the copy and none half-way
 * through is; in WAL mode the server goes on writing meanwhile. (Copying the file itself misses what
 * still sits in the -wal file; the online backup API restarts whenever another connection writes.)
 */
export function snapshotSqlite(source: string, destination: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { module: SQLITE_MODULE, source, destination },
    });
    let settled = false;
    worker.once('message', (answer: { ok: boolean; message?: string }) => {
      settled = true;
      if (answer.ok) resolve();
      else reject(new Error(answer.message));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the backup worker stopped (exit code ${code})`));
    });
  });
}

export function integrityOf(file: string): string {
  const sqlite = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    return String(sqlite.pragma('integrity_check', { simple: true }));
  } finally {
    sqlite.close();
  }
}
