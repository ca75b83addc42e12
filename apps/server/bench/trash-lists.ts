// An account with a long Trash: its list must stay within the list budget (decision 051).
import type { DatabaseHandle } from '../src/db';
import { seedNotes } from './seed';

/**
 * `count` notes in a project of their own, then all put in Trash as if deleted one second apart
 * (deleted on their own, so each is an item of the list), with the statistics a running server keeps.
 */
export async function seedTrash(database: DatabaseHandle, projectId: string, userId: string, count: number) {
  await seedNotes(database, count, projectId, userId);
  await database.db
    .updateTable('notes')
    .set((eb) => ({ deleted_at: eb.ref('updated_at'), deleted_by: userId }))
    .where('project_id', '=', projectId)
    .execute();
}

/** The cursor of the page in the middle of the caller's Trash (walked 200 at a time). */
export async function middleTrashCursor(address: string, cookie: string, count: number) {
  let cursor: string | null = null;
  for (let walked = 0; walked < Math.floor(count / 2); walked += 200) {
    const response = await fetch(`${address}/api/trash?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { cookie },
    });
    const page = (await response.json()) as { nextCursor: string | null };
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return cursor;
}
