import { ERROR_CODES, IMPORT_MESSAGES } from '@notewise/shared';
import { ApiError } from '../../http/errors';
import type { DraftStep, ImportPlan } from './import-files';
import { createImportPool, ImportOverrun, type ImportPoolOptions } from './import-pool';

export const importTooLarge = () => new ApiError(413, ERROR_CODES.payloadTooLarge, IMPORT_MESSAGES.tooLarge);

const tooComplex = (message: string) => new ApiError(422, ERROR_CODES.validation, message);

/**
 * Uploaded files -> notes to create, read in the import worker (decision 039): first the upload
 * (unzipped under byte budgets), then each Word document in a job of its own, so a document that
 * runs out of time or memory is skipped with a reason (or, uploaded alone, refused) and the rest of
 * a zip still imports. One import per user at a time, so one account cannot fill the queue.
 */
export function createImporter(options: ImportPoolOptions & { uploadDeadlineMs?: number } = {}) {
  const pool = createImportPool(options);
  // A zip of many Word files may not hold its request open for ever: past this, the rest are skipped.
  const uploadDeadlineMs = options.uploadDeadlineMs ?? 120_000;
  const running = new Set<string>();

  async function plan(
    fileName: string,
    bytes: Uint8Array,
    onProgress?: (filesRead: number) => void,
    deadlineMs = uploadDeadlineMs,
  ): Promise<ImportPlan> {
    const alone = /\.docx$/i.test(fileName);
    const deadline = Date.now() + deadlineMs;
    let steps: DraftStep[];
    try {
      steps = await pool.run({ kind: 'draft', fileName, bytes }, onProgress);
    } catch (error) {
      throw error instanceof ImportOverrun ? tooComplex(IMPORT_MESSAGES.tooComplex) : error;
    }
    const result: ImportPlan = { notes: [], skipped: [] };
    for (const step of steps) {
      let done: DraftStep[] = [step];
      if ('docx' in step && Date.now() > deadline) {
        done = [{ skip: { name: step.docx.path, reason: IMPORT_MESSAGES.docxTooComplex } }];
      } else if ('docx' in step) {
        try {
          done = await pool.run({ kind: 'docx', ...step.docx });
        } catch (error) {
          if (!(error instanceof ImportOverrun)) throw error;
          if (alone) throw tooComplex(IMPORT_MESSAGES.docxTooComplex);
          done = [{ skip: { name: step.docx.path, reason: IMPORT_MESSAGES.docxTooComplex } }];
        }
      }
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
