import { parentPort } from 'node:worker_threads';
import { markdownToDoc } from '@notewise/editor';
import { renderNoteDocx } from './note-docx';
import { renderNotePdf } from './note-pdf';

/**
 * Runs in a worker thread (render-pool.ts): laying out a long note as PDF or Word takes seconds of
 * CPU (a 700,000-character note: about 11 s for the PDF), which must not stall every other request.
 */
export interface RenderJob {
  id: number;
  format: 'pdf' | 'docx';
  title: string;
  markdown: string;
}

export type RenderAnswer =
  | { id: number; bytes: Uint8Array }
  | { id: number; error: string }
  | { ready: true };

parentPort?.on('message', async (job: RenderJob) => {
  try {
    const doc = markdownToDoc(job.markdown);
    const rendered =
      job.format === 'pdf' ? await renderNotePdf(job.title, doc) : await renderNoteDocx(job.title, doc);
    // A copy of its own, so the transfer cannot take a shared Buffer pool.
    const bytes = new Uint8Array(rendered);
    parentPort?.postMessage({ id: job.id, bytes } satisfies RenderAnswer, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String(error) } satisfies RenderAnswer);
  }
});

// Warmed up (fonts read and parsed, both writers run once), then ready: the pool's time limit counts
// rendering only, not this start.
void Promise.all([
  renderNotePdf('', { type: 'doc', content: [] }),
  renderNoteDocx('', { type: 'doc', content: [] }),
])
  .catch(() => undefined)
  .then(() => parentPort?.postMessage({ ready: true } satisfies RenderAnswer));
