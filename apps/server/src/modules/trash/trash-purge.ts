import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { startHourlyJob } from '../../ops/hourly-job';
import type { ObjectStorage } from '../../storage';
import { DELETE_CHUNK } from './trash.repo';
import { trashPurgeRepo as repo } from './trash-purge.repo';

const DAY_MS = 86_400_000;
/** Expired items deleted per round trip. */
const PURGE_BATCH = 200;

type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Deleting for good: the rows go (versions, pins, image links and co-editing updates cascade), then
 * the stored images no remaining note links, live or in Trash. Images are the uploader's but exist
 * for notes: one that no note shows any more has no reader left. Rows first, files after, so no row
 * ever names a missing file; a file that cannot be deleted is logged (an orphan file, not an error).
 */
export function createTrashDeletion(db: Kysely<Database>, storage: ObjectStorage, log: Log) {
  /** Images linked from these notes (before the links cascade away). */
  const imagesOfNotes = async (noteIds: string[]) => {
    const ids = new Set<string>();
    for (let start = 0; start < noteIds.length; start += DELETE_CHUNK) {
      for (const id of await repo.imagesOfNotes(db, noteIds.slice(start, start + DELETE_CHUNK))) ids.add(id);
    }
    return [...ids];
  };

  /** Of these images, those no note links any more: their rows go, then their files. */
  const dropUnlinkedImages = async (imageIds: string[]) => {
    let files = 0;
    for (let start = 0; start < imageIds.length; start += DELETE_CHUNK) {
      const chunk = imageIds.slice(start, start + DELETE_CHUNK);
      for (const key of await repo.deleteUnlinkedImages(db, chunk)) {
        try {
          await storage.delete(key);
          files += 1;
        } catch (err) {
          log.warn({ err, key }, 'could not delete a stored image of a note deleted for good');
        }
      }
    }
    return files;
  };

  return {
    /** Notes deleted for good, with the images only they showed. */
    async deleteNotes(noteIds: string[]) {
      if (noteIds.length === 0) return 0;
      const images = await imagesOfNotes(noteIds);
      for (let start = 0; start < noteIds.length; start += DELETE_CHUNK) {
        await repo.deleteNotes(db, noteIds.slice(start, start + DELETE_CHUNK));
      }
      return dropUnlinkedImages(images);
    },

    /**
     * Projects deleted for good: their notes (live ones cannot exist in a trashed project; those
     * deleted on their own go too), members, code and bans cascade; then the images only they showed.
     */
    async deleteProjects(projectIds: string[]) {
      if (projectIds.length === 0) return 0;
      const images = new Set<string>();
      for (let start = 0; start < projectIds.length; start += DELETE_CHUNK) {
        const chunk = projectIds.slice(start, start + DELETE_CHUNK);
        for (const id of await repo.imagesOfProjects(db, chunk)) images.add(id);
        await repo.deleteProjects(db, chunk);
      }
      return dropUnlinkedImages([...images]);
    },
  };
}

export type TrashDeletion = ReturnType<typeof createTrashDeletion>;

/**
 * Deletes for good what has been in Trash longer than the retention at `now` (a parameter so tests
 * run it on a simulated clock): projects first (their notes go with them), then notes, a batch at a
 * time. Idempotent: two instances purging at once delete each row once and the other finds nothing.
 */
export async function purgeTrash(
  db: Kysely<Database>,
  storage: ObjectStorage,
  retentionDays: number,
  log: Log,
  now = Date.now(),
) {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  const deletion = createTrashDeletion(db, storage, log);
  const result = { projects: 0, notes: 0, files: 0 };
  for (;;) {
    const ids = await repo.expired(db, 'projects', cutoff, PURGE_BATCH);
    if (ids.length === 0) break;
    result.files += await deletion.deleteProjects(ids);
    result.projects += ids.length;
  }
  for (;;) {
    const ids = await repo.expired(db, 'notes', cutoff, PURGE_BATCH);
    if (ids.length === 0) break;
    result.files += await deletion.deleteNotes(ids);
    result.notes += ids.length;
  }
  return result;
}

/** Purges in the background, hourly (first run a minute after start); the returned function stops it. */
export function startTrashPurge(
  db: Kysely<Database>,
  storage: ObjectStorage,
  retentionDays: number,
  log: FastifyBaseLogger,
): () => void {
  return startHourlyJob('trash-purge', () => purgeTrash(db, storage, retentionDays, log), log);
}
