import type { NoteVersionReason } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { toIso } from '../../../db/time';
import type { Database, Timestamp } from '../../../db/types';
import { type NoteVersionsRepo, parseAuthorIds } from './note-versions.repo';

/** Saves of one kind by the same people within this window are one version (decision 050). */
export const COALESCE_WINDOW_MS = 5 * 60_000;

/** Changes that may throw away text the user wanted: the text before them is always kept on its own. */
const DESTRUCTIVE: ReadonlySet<NoteVersionReason> = new Set(['ai', 'merge', 'import', 'restore']);

export interface NoteText {
  title: string;
  content: string;
}

export interface RecordedChange {
  noteId: string;
  /** The note as it was before this write, and when that state was made. */
  before: NoteText & { updatedAt: Timestamp; authorId: string | null; version: number };
  after: NoteText;
  reason: NoteVersionReason;
  /** Who made the change: one user for a save, everyone in the window for a co-edit. */
  actorIds: string[];
  at: string;
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * `at`, or a millisecond after the latest of `earlier` when it is not later than them. Versions are
 * ordered by (created_at, id) and ids are random, so two versions of one note in one millisecond (a
 * snapshot and the change after it, a conflict's re-save) would come back in either order: the
 * history would show older text as newest and the next save would miss its open version.
 */
function laterThan(at: string, ...earlier: Array<Timestamp | undefined>): string {
  const floor = Math.max(
    ...earlier.map((time) => (time === undefined ? -Infinity : Date.parse(toIso(time)))),
  );
  return Date.parse(at) > floor ? at : new Date(floor + 1).toISOString();
}

/**
 * Turns note writes into versions, inside the write's transaction. A version is a state of the note
 * (its text after a change). Invariant: after every recorded write the newest version holds the text
 * the note now has, so the text before any change is always in history:
 * - an edit by the same person (or a co-edit) within COALESCE_WINDOW_MS of the open version's start
 *   moves that version on, in place: at most one version per 5 minutes of continuous editing, and the
 *   open one is always the end of the session;
 * - a destructive change (AI Replace, "Keep mine", import, restore) seals what was there and records
 *   itself sealed, so no later save writes over either;
 * - when the newest version does not hold the text before the change (a note older than history, or
 *   changed by a path that records none), that text is recorded first, dated when it was made.
 */
export function createVersionRecorder(repo: NoteVersionsRepo) {
  return {
    async record(trx: Kysely<Database>, change: RecordedChange): Promise<void> {
      const { noteId, before, after, reason, actorIds, at } = change;
      const textChanged = before.title !== after.title || before.content !== after.content;
      // Nothing to keep and no window to join (a tags-only change): no need to read the newest.
      if (!textChanged && reason !== 'co-edit') return;
      // The common save, moving its person's open version on, in one statement (decision 102); the
      // rules below decide every other case, and this one too when the authors are stored otherwise.
      if (
        textChanged &&
        !DESTRUCTIVE.has(reason) &&
        new Set(actorIds).size === actorIds.length &&
        (await repo.extendOpen(
          trx,
          noteId,
          { reason, before, startedAfter: new Date(Date.parse(at) - COALESCE_WINDOW_MS).toISOString() },
          { ...after, authorIds: actorIds, at },
        ))
      ) {
        return;
      }
      const latest = await repo.latest(trx, noteId);
      if (!textChanged) {
        // Nothing new to keep; a co-editor of the open window is still one of its authors.
        if (reason === 'co-edit' && latest && !latest.sealed && latest.reason === 'co-edit') {
          const authors = parseAuthorIds(latest.author_ids);
          const merged = union(authors, actorIds);
          if (merged.length !== authors.length) await repo.setAuthors(trx, latest.id, merged);
        }
        return;
      }
      const holdsBefore = latest?.title === before.title && latest.content === before.content;
      let newest = latest?.created_at;
      if (!holdsBefore) {
        newest = laterThan(toIso(before.updatedAt), newest);
        await repo.insert(trx, {
          noteId,
          title: before.title,
          content: before.content,
          reason: 'edit',
          // Only a note never changed since it was made has a known maker for this text.
          authorIds: before.version <= 1 && before.authorId ? [before.authorId] : [],
          sealed: true,
          createdAt: newest,
        });
      } else if (latest && DESTRUCTIVE.has(reason) && !latest.sealed) {
        await repo.seal(trx, latest.id);
      }
      if (holdsBefore && latest && !DESTRUCTIVE.has(reason) && !latest.sealed && latest.reason === reason) {
        const authors = parseAuthorIds(latest.author_ids);
        const sameWindow = Date.parse(at) - Date.parse(toIso(latest.created_at)) < COALESCE_WINDOW_MS;
        const samePeople =
          reason === 'co-edit' ||
          (authors.length === actorIds.length && actorIds.every((id) => authors.includes(id)));
        if (sameWindow && samePeople) {
          await repo.extend(trx, latest.id, { ...after, authorIds: union(authors, actorIds), at });
          return;
        }
      }
      await repo.insert(trx, {
        noteId,
        title: after.title,
        content: after.content,
        reason,
        authorIds: actorIds,
        sealed: DESTRUCTIVE.has(reason),
        createdAt: laterThan(at, newest),
      });
    },

    /** The last co-editor left: the open co-editing window ends (the next change starts a version). */
    async closeWindow(trx: Kysely<Database>, noteId: string): Promise<void> {
      const latest = await repo.latest(trx, noteId);
      if (latest && !latest.sealed && latest.reason === 'co-edit') await repo.seal(trx, latest.id);
    },
  };
}

export type VersionRecorder = ReturnType<typeof createVersionRecorder>;
