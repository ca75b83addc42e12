import { parentPort } from 'node:worker_threads';
import { type PreparedContent, prepareContent } from './note-content';

/**
 * Runs in a worker thread (content-pool.ts): sanitizing a long note costs up to seconds of CPU for
 * content crafted for it (hundreds of thousands of one-letter paragraphs), which on the request
 * thread would stall every other request.
 */
export interface ContentJob {
  id: number;
  content: string;
}

export type ContentAnswer = { id: number; prepared: PreparedContent } | { id: number; error: string };

parentPort?.on('message', (job: ContentJob) => {
  try {
    parentPort?.postMessage({ id: job.id, prepared: prepareContent(job.content) } satisfies ContentAnswer);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String(error) } satisfies ContentAnswer);
  }
});
