import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { EnexNoteJob } from './enex-import';
import { type DraftStep, docxNote, draftImport, enexNote, ImportRefused } from './import-files';

/**
 * Runs in a worker thread (import-pool.ts) with a memory cap: reading an upload (unzipping,
 * decoding, converting Word) is CPU and memory a hostile file can make large; here it can neither
 * stall other requests nor take the process down, and the pool stops it past its time limit.
 */
export type ImportJob =
  | { id: number; kind: 'draft'; fileName: string; bytes: Uint8Array }
  | { id: number; kind: 'docx'; path: string; parts: Record<string, Uint8Array> }
  | ({ id: number; kind: 'enex' } & EnexNoteJob);

/** Steps come in any number of answers (a zip's notes as they are read); `done` ends the job. */
export type ImportAnswer =
  | { id: number; steps: DraftStep[]; done: boolean }
  | { id: number; refused: { status: number; message: string } }
  | { id: number; error: string }
  | { ready: true };

parentPort?.on('message', async (job: ImportJob) => {
  const post = (answer: ImportAnswer) => parentPort?.postMessage(answer);
  try {
    if (job.kind === 'draft')
      draftImport(job.fileName, job.bytes, (step) => post({ id: job.id, steps: [step], done: false }));
    else if (job.kind === 'enex') post({ id: job.id, steps: enexNote(job), done: false });
    else post({ id: job.id, steps: await docxNote(job.path, job.parts), done: false });
    post({ id: job.id, steps: [], done: true });
  } catch (error) {
    post(
      error instanceof ImportRefused
        ? { id: job.id, refused: { status: error.status, message: error.message } }
        : { id: job.id, error: String(error) },
    );
  }
});

// Reading uploads is background work: on Linux this lowers this thread only (not the server's), so
// the request thread wins the CPU when both want it.
try {
  os.setPriority(19);
} catch {
  // Not permitted or not supported: the worker still runs, at normal priority.
}

parentPort?.postMessage({ ready: true } satisfies ImportAnswer);
