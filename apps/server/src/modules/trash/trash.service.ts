import type { Note, Project } from '@notewise/shared';
import type { ChangeNotifier } from '../../events/change-notifier';
import { notFound } from '../../http/errors';
import type { NotesRepo } from '../notes/notes.repo';
import { authorize, NOTE_NOT_FOUND, PROJECT_NOT_FOUND } from '../projects/policy';
import type { ProjectsRepo } from '../projects/projects.repo';
import type { TrashCursor, TrashRepo } from './trash.repo';
import type { TrashDeletion } from './trash-purge';

/** Empty Trash deletes a page of what the caller's Trash lists at a time. */
const EMPTY_BATCH = 200;

export interface TrashServiceDeps {
  repo: TrashRepo;
  deletion: TrashDeletion;
  notes: Pick<NotesRepo, 'find'>;
  projects: Pick<ProjectsRepo, 'find'>;
  notify: ChangeNotifier;
  /** The caller's Inbox (created on first use): where a note goes back when its project is in Trash. */
  inbox: (userId: string) => Promise<Pick<Project, 'id'>>;
}

/**
 * What users do with Trash (decision 051), authorized exactly like deleting: a note by whoever may
 * delete it (the project's owner or the note's author, still a member), a project by its owner.
 * Anything else the caller cannot see is 404; a member who may not is 403, as for the delete itself.
 */
export function createTrashService({ repo, deletion, notes, projects, notify, inbox }: TrashServiceDeps) {
  const trashedNote = async (userId: string, noteId: string) => {
    const access = await repo.note(userId, noteId);
    if (!access) throw notFound(NOTE_NOT_FOUND);
    authorize(access, 'delete');
    return access;
  };

  const trashedProject = async (userId: string, projectId: string) => {
    const access = await repo.project(userId, projectId);
    if (!access) throw notFound(PROJECT_NOT_FOUND);
    authorize(access, 'deleteProject');
    return access;
  };

  return {
    list: (userId: string, page: { limit: number; after?: TrashCursor | undefined }) =>
      repo.page(userId, page),

    /**
     * Back where it was, with its pins, images, versions and sharing; into the restorer's Inbox when
     * its project is in Trash itself. Everyone who can see it hears it reappear.
     */
    async restoreNote(userId: string, noteId: string): Promise<{ note: Note; movedToInbox: boolean }> {
      const access = await trashedNote(userId, noteId);
      const movedToInbox = !(await repo.projectIsLive(access.projectId));
      const projectId = movedToInbox ? (await inbox(userId)).id : access.projectId;
      if (!(await repo.restoreNote(noteId, projectId, new Date().toISOString())))
        throw notFound(NOTE_NOT_FOUND);
      const note = await notes.find(userId, noteId);
      if (!note) throw notFound(NOTE_NOT_FOUND);
      await notify.note({ type: 'note.created', projectId: note.projectId, noteId, actorId: userId });
      return { note, movedToInbox };
    },

    /** The project and the notes it took along come back for every member; notes deleted on their own stay. */
    async restoreProject(userId: string, projectId: string): Promise<Project> {
      await trashedProject(userId, projectId);
      if (!(await repo.restoreProject(projectId))) throw notFound(PROJECT_NOT_FOUND);
      const project = await projects.find(userId, projectId);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      await notify.project({ type: 'project.created', projectId, actorId: userId });
      return project;
    },

    async deleteNote(userId: string, noteId: string) {
      await trashedNote(userId, noteId);
      await deletion.deleteNotes([noteId]);
    },

    async deleteProject(userId: string, projectId: string) {
      await trashedProject(userId, projectId);
      await deletion.deleteProjects([projectId]);
    },

    /** Everything the caller's Trash lists, deleted for good, a page at a time. */
    async empty(userId: string) {
      for (;;) {
        const { items } = await repo.page(userId, { limit: EMPTY_BATCH });
        if (items.length === 0) return;
        await deletion.deleteProjects(items.filter((item) => item.kind === 'project').map((item) => item.id));
        await deletion.deleteNotes(items.filter((item) => item.kind === 'note').map((item) => item.id));
      }
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
