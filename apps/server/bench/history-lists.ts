// A note with a long history: the versions list must stay within the list budget (decision 050).
import crypto from 'node:crypto';
import type { DatabaseHandle } from '../src/db';

/** Writes `count` versions of one note straight into the database, one every 10 minutes back in time. */
export async function seedVersions(
  database: DatabaseHandle,
  noteId: string,
  authorId: string,
  count: number,
) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, k) => {
    const when = new Date(now - k * 600_000).toISOString();
    const content = `Version ${k}: ${crypto.randomBytes(24).toString('hex')}`;
    return {
      id: crypto.randomUUID(),
      note_id: noteId,
      title: 'Long history',
      content,
      reason: k % 7 === 0 ? 'co-edit' : 'edit',
      author_ids: JSON.stringify([authorId]),
      sealed: 1,
      size: content.length + 12,
      created_at: when,
      updated_at: when,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await database.db
      .insertInto('note_versions')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** The cursor of the page in the middle of a note's versions (walked 200 at a time). */
export async function middleVersionCursor(address: string, noteId: string, cookie: string, count: number) {
  let cursor: string | null = null;
  for (let walked = 0; walked < Math.floor(count / 2); walked += 200) {
    const response = await fetch(
      `${address}/api/notes/${noteId}/versions?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: { cookie } },
    );
    const page = (await response.json()) as { nextCursor: string | null };
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return cursor;
}
