import { ERROR_CODES, IMPORT_MESSAGES } from '@notewise/shared';
import { ApiError } from '../../http/errors';
import type { DraftStep, ImportPlan } from './import-files';
import { createImportPool, ImportOverrun, type ImportPoolOptions } from './import-pool';

export const importTooLarge = () => new ApiError(413, ERROR_CODES.payloadTooLarge, IMPORT_MESSAGES.tooLarge);

const tooComplex = (message: string) => new ApiError(422, ERROR_CODES.validation, message);

/**
 * Uploaded files -> notes to create, read in the import worker (decision 039): first the upload
 * (unzipped under byte budgets), then each Word document and each Evernote note in a job of its own,
 * so one that runs out of time or memory is skipped with a reason (a Word file uploaded alone is
 * refused) and the rest still imports. One import per user at a time, so one account cannot fill the queue.
 */
export function createImporter(options: ImportPoolOptions & { uploadDeadlineMs?: number } = {}) {
  const pool = createImportPool(options);
  // A zip of many Word files may not hold its request open for ever: past this, the rest are skipped.
  const uploadDeadlineMs = options.uploadDeadlineMs ?? 120_000;
  const running = new Set<string>();

  /** A step read in the draft job -> what it becomes: a Word file or an Evernote note converted. */
  async function convert(step: DraftStep, deadline: number, alone: boolean): Promise<DraftStep[]> {
    const skip = (name: string, reason: string): DraftStep[] => [{ skip: { name, reason } }];
    if ('docx' in step) {
      if (Date.now() > deadline) return skip(step.docx.path, IMPORT_MESSAGES.docxTooComplex);
      try {
        return await pool.run({ kind: 'docx', ...step.docx });
      } catch (error) {
        if (!(error instanceof ImportOverrun)) throw error;
        if (alone) throw tooComplex(IMPORT_MESSAGES.docxTooComplex);
        return skip(step.docx.path, IMPORT_MESSAGES.docxTooComplex);
      }
    }
    if ('enex' in step) {
      if (Date.now() > deadline) return skip(step.enex.source, IMPORT_MESSAGES.skipEnexNoteLate);
      try {
        return await pool.run({ kind: 'enex', ...step.enex });
      } catch (error) {
        if (!(error instanceof ImportOverrun)) throw error;
        return skip(step.enex.source, IMPORT_MESSAGES.skipEnexNoteTooComplex);
      }
    }
    return [step];
  }

  async function plan(
    fileName: string,
    bytes: Uint8Array,
    onProgress?: (filesRead: number) => void,
    deadlineMs = uploadDeadlineMs,
  ): Promise<ImportPlan> {
    const alone = /\.docx$/i.test(fileName);
    const deadline = Date.now() + deadlineMs;
    // Progress counts what is fully read: a Word file or an Evernote note once it is converted.
    let read = 0;
    const progress = (steps: readonly DraftStep[]) => {
      const finished = steps.filter((step) => !('docx' in step) && !('enex' in step)).length;
      if (finished === 0) return;
      read += finished;
      onProgress?.(read);
    };
    let steps: Array<DraftStep | null>;
    try {
      steps = await pool.run({ kind: 'draft', fileName, bytes }, progress);
    } catch (error) {
      throw error instanceof ImportOverrun ? tooComplex(IMPORT_MESSAGES.tooComplex) : error;
    }
    const result: ImportPlan = { notes: [], skipped: [] };
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index]!;
      // A converted step's input (a Word file's XML, a notebook's notes) is let go once used.
      steps[index] = null;
      const converting = 'docx' in step || 'enex' in step;
      const done = converting ? await convert(step, deadline, alone) : [step];
      if (converting) progress(done);
      for (const item of done) {
        if ('note' in item) result.notes.push(item.note);
        else if ('skip' in item) result.skipped.push(item.skip);
      }
    }
    return result;
  }

  return {
    /**
     * What an uploaded file holds. Throws ApiError for a refused upload. `onProgress` hears the files
     * read so far; a background import (nobody holds a request open) may take `deadlineMs` longer.
     */
    async plan(
      userId: string,
      fileName: string,
      bytes: Uint8Array,
      options: { onProgress?: (filesRead: number) => void; deadlineMs?: number } = {},
    ): Promise<ImportPlan> {
      if (running.has(userId))
        throw new ApiError(429, ERROR_CODES.rateLimited, IMPORT_MESSAGES.alreadyRunning);
      running.add(userId);
      try {
        return await plan(fileName, bytes, options.onProgress, options.deadlineMs);
      } finally {
        running.delete(userId);
      }
    },
    close: () => pool.close(),
  };
}

export type Importer = ReturnType<typeof createImporter>;
