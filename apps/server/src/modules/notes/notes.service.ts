import { ERROR_CODES, hasAccess, type Note, type NoteVersionReason } from '@notewise/shared';
import type { ChangeNotifier } from '../../events/change-notifier';
import { ApiError, accessRequired, badRequest, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import type { Membership } from '../projects/membership.repo';
import { authorize, NOTE_NOT_FOUND, noteAccessOrThrow, projectAccessOrThrow } from '../projects/policy';
import { contentPool } from './content-pool';
import type { NoteVersionsRepo } from './history/note-versions.repo';
import type { ImportedNoteFields } from './imported-fields';
import type { PreparedContent } from './note-content';
import type { NotesRepo } from './notes.repo';

export const NOTE_CONFLICT_MESSAGE =
  'This note was changed somewhere else since you opened it. Choose which version to keep.';

export const VERSION_NOT_FOUND = 'Version not found';
/** An offline create replayed after the note it made was deleted. */
export const CREATED_NOTE_GONE = 'This note was created and then deleted; find it in Trash.';

export interface NotesServiceDeps {
  notes: NotesRepo;
  membership: Membership;
  notify: ChangeNotifier;
  /** Note history (decision 050); read through the same database as `notes`. */
  versions: NoteVersionsRepo;
}

export interface NoteChanges {
  title?: string | undefined;
  content?: string | undefined;
  tags?: string[] | undefined;
}

/**
 * Every change to a note a user makes through the API: authorization (404 for what the caller
 * cannot see, 403 for what they may not do), the write, then its change event. A change that is
 * refused or conflicts publishes nothing.
 */
export function createNotesService({ notes, membership, notify, versions }: NotesServiceDeps) {
  /** A text change, as every open editor and list must hear of it (a REST write: live-changes.ts applies it). */
  const announceTextChange = (userId: string, note: Note) =>
    notify.note({
      type: 'note.updated',
      projectId: note.projectId,
      noteId: note.id,
      actorId: userId,
      source: 'rest',
    });

  return {
    async create(
      userId: string,
      input: NoteChanges & { projectId: string; clientId?: string | undefined } & ImportedNoteFields,
      prepared?: PreparedContent,
    ): Promise<Note> {
      await projectAccessOrThrow(membership, userId, input.projectId, { action: 'create' });
      if (input.clientId && (await notes.clientIdGone(userId, input.clientId))) {
        throw notFound(CREATED_NOTE_GONE);
      }
      const ready = prepared ?? (await contentPool.prepare(input.content ?? ''));
      const { note, created } = await notes.create(userId, input, ready);
      // A replay of an offline create returns the note the first one made: nothing new to announce.
      if (!created) return note;
      await notify.note({
        type: 'note.created',
        projectId: note.projectId,
        noteId: note.id,
        actorId: userId,
      });
      return note;
    },

    /**
     * With `version`, an edit that applies only to that version (409 with the current note
     * otherwise); without it, a rename, which must change the title.
     */
    async update(
      userId: string,
      noteId: string,
      changes: NoteChanges,
      version: number | undefined,
      reason: Exclude<NoteVersionReason, 'co-edit' | 'restore'> = 'edit',
    ) {
      // The access check and the read the write is guarded by, in one query (decision 102): the same
      // 404-then-403 as noteAccessOrThrow.
      const found = await notes.findForEdit(userId, noteId);
      if (!found) throw notFound(NOTE_NOT_FOUND);
      authorize(found.access, 'editText');
      if (version === undefined && found.note.title === changes.title) {
        throw badRequest('The new title must differ from the current one.');
      }
      const prepared = changes.content !== undefined ? await contentPool.prepare(changes.content) : undefined;
      const result = await notes.update(userId, noteId, changes, version, prepared, reason, found.note);
      if (result.status === 'missing') throw notFound(NOTE_NOT_FOUND);
      if (result.status === 'conflict') {
        throw new ApiError(409, ERROR_CODES.conflict, NOTE_CONFLICT_MESSAGE, { current: result.current });
      }
      await notify.note({
        type: 'note.updated',
        projectId: result.note.projectId,
        noteId: result.note.id,
        actorId: userId,
        ...(changes.content !== undefined ? { source: 'rest' as const } : {}),
      });
      return result.note;
    },

    /** A note's history, for whoever may read the note (404 otherwise, like the note itself). */
    async listVersions(userId: string, noteId: string, page: Parameters<NoteVersionsRepo['list']>[1]) {
      await noteAccessOrThrow(membership, userId, noteId, 'read');
      return versions.list(noteId, page);
    },

    async getVersion(userId: string, noteId: string, versionId: string) {
      await noteAccessOrThrow(membership, userId, noteId, 'read');
      const version = await versions.find(noteId, versionId);
      if (!version) throw notFound(VERSION_NOT_FOUND);
      return version;
    },

    /**
     * An earlier version's title and text become the note's, as one write that is itself a version
     * (the text it replaces is kept). On a co-edited note the write reaches the live document as one
     * update, so every open editor shows it at once (decision 044).
     */
    async restoreVersion(userId: string, noteId: string, versionId: string): Promise<Note> {
      await noteAccessOrThrow(membership, userId, noteId, 'editText');
      const version = await versions.find(noteId, versionId);
      if (!version) throw notFound(VERSION_NOT_FOUND);
      const prepared = await contentPool.prepare(version.content);
      const changes = { title: version.title, content: version.content };
      const result = await notes.update(userId, noteId, changes, undefined, prepared, 'restore');
      if (result.status !== 'ok') throw notFound(NOTE_NOT_FOUND);
      await announceTextChange(userId, result.note);
      return result.note;
    },

    /** Members of both projects hear of a move. */
    async move(user: SessionUser, noteId: string, projectId: string): Promise<Note> {
      const source = await noteAccessOrThrow(membership, user.id, noteId);
      const note = await notes.find(user.id, source.noteId);
      if (!note) throw notFound(NOTE_NOT_FOUND);
      if (note.projectId === projectId) throw badRequest('Choose a different project to move this note to.');
      const destination = await projectAccessOrThrow(membership, user.id, projectId);
      // Leaving its project and arriving in the other are separate permissions (decision 008).
      authorize(source, 'moveOut');
      authorize(destination, 'moveIn');
      if (destination.kind === 'shared' && !hasAccess(user.plan, user.planExpiresAt)) throw accessRequired();
      await notes.move(note.id, note.projectId, destination.projectId);
      const moved = await notes.find(user.id, note.id);
      if (!moved) throw notFound(NOTE_NOT_FOUND);
      await notify.note({
        type: 'note.updated',
        projectId: moved.projectId,
        fromProjectId: note.projectId,
        noteId: moved.id,
        actorId: user.id,
      });
      return moved;
    },

    /**
     * A project's delete with "Move its notes to Inbox" (decision 065): the projects service has
     * authorized the owner and runs moveAll in its delete transaction, then announces each moved note
     * once, with the event a REST move publishes.
     */
    moveAll: (trx: Parameters<NotesRepo['moveAll']>[0], fromProjectId: string, projectId: string) =>
      notes.moveAll(trx, fromProjectId, projectId),

    async announceMoves(actorId: string, noteIds: string[], fromProjectId: string, projectId: string) {
      for (const noteId of noteIds) {
        await notify.note({ type: 'note.updated', projectId, fromProjectId, noteId, actorId });
      }
    },

    async delete(userId: string, noteId: string): Promise<void> {
      const note = await noteAccessOrThrow(membership, userId, noteId, 'delete');
      // Into Trash; to everyone else it is gone as before (open editors close on note.deleted).
      await notes.trash(note.noteId, userId);
      await notify.note({
        type: 'note.deleted',
        projectId: note.projectId,
        noteId: note.noteId,
        actorId: userId,
      });
    },

    /** Pins are the user's own: only their other tabs and devices hear of one. */
    async setPinned(userId: string, noteId: string, pinned: boolean): Promise<void> {
      if (!(await notes.find(userId, noteId))) throw notFound(NOTE_NOT_FOUND);
      if (pinned) await notes.pin(userId, noteId);
      else await notes.unpin(userId, noteId);
      notify.to([userId], { type: 'pin.changed', noteId, actorId: userId });
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
