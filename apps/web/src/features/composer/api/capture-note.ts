import type { Note, Project } from '@notewise/shared';
import { api, isApiError } from '@/lib/api';

export interface CapturedNote {
  note: Note;
  project: Pick<Project, 'id' | 'name' | 'kind'>;
}

/**
 * Add Note (docs/decisions/005-ai-providers.md): POST /api/ai/capture creates the note with a proposed
 * title in the best-fitting project (or the Inbox): the title and Inbox rules live on the server only.
 * `projectId`: the project the user picked (personal or shared); the server checks they may write there.
 */
export async function captureNote(
  content: string,
  projectId?: string,
  title?: string,
): Promise<CapturedNote> {
  // The browser names the note: a replay of this request (offline queue) returns the same note.
  const clientId = crypto.randomUUID();
  try {
    return await api.post<CapturedNote>('/api/ai/capture', {
      content,
      clientId,
      ...(projectId ? { projectId } : {}),
      ...(title ? { title } : {}),
    });
  } catch (error) {
    // No answer at all: the offline queue (loaded only now; the first route preloads this file).
    if (isApiError(error, 0) || !navigator.onLine) {
      const offline = await import('@/features/offline');
      const userId = offline.getOfflineStatus().userId;
      if (userId) return queueCapture(offline, userId, { clientId, content, projectId, title });
    }
    throw error;
  }
}

/**
 * No connection (decision 024): the note waits in the offline queue (IndexedDB) and is created when
 * the connection is back, with the same clientId. The answer stands in for the server's: the
 * composer clears its text (it is safe in the queue) and the success dialog says 'Waiting to sync'.
 */
async function queueCapture(
  { enqueue, noteQueuedOffline }: typeof import('@/features/offline'),
  userId: string,
  op: { clientId: string; content: string; projectId?: string | undefined; title?: string | undefined },
): Promise<CapturedNote> {
  await enqueue(userId, {
    kind: 'create',
    clientId: op.clientId,
    content: op.content,
    ...(op.projectId ? { projectId: op.projectId } : {}),
    ...(op.title ? { title: op.title } : {}),
  });
  noteQueuedOffline(op.clientId);
  const at = new Date().toISOString();
  return {
    note: {
      id: op.clientId,
      projectId: op.projectId ?? '',
      title: op.title ?? '',
      tags: [],
      version: 0,
      pinned: false,
      preview: '',
      excerpt: '',
      content: op.content,
      createdAt: at,
      updatedAt: at,
      lastEdited: at,
      authorId: userId,
    },
    project: { id: op.projectId ?? '', name: '', kind: 'personal' },
  };
}
