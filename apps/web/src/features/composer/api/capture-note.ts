import type { Note, Project } from '@notewise/shared';
import { api, isApiError } from '@/lib/api';

export interface CapturedNote {
  note: Note;
  project: Pick<Project, 'id' | 'name' | 'kind'>;
}

const FALLBACK_TITLE_LENGTH = 80;
const INBOX = 'Inbox';

/**
 * Add Note (ARCHITECTURE 11 item 2): POST /api/ai/capture creates the note with a proposed title in
 * the best-fitting project. Only if that endpoint is missing (404 from an older server) does it fall
 * back to creating the note in the first project (or a new 'Inbox') titled by its first line.
 * `projectId`: the project the user picked (personal or shared); the server checks they may write there.
 */
export async function captureNote(content: string, projectId?: string): Promise<CapturedNote> {
  try {
    return await api.post<CapturedNote>('/api/ai/capture', projectId ? { content, projectId } : { content });
  } catch (error) {
    // A 404 for the route itself ('No route for POST ...'), not for something the request named.
    if (!(isApiError(error, 404) && /^No route for/i.test(error.message))) throw error;
  }
  return createInFirstProject(content, projectId);
}

async function createInFirstProject(content: string, projectId?: string): Promise<CapturedNote> {
  const { projects } = await api.get<{ projects: Project[] }>(
    projectId ? '/api/projects?kind=all' : '/api/projects?kind=personal',
  );
  const project =
    projects.find((item) => item.id === projectId) ??
    projects.find((item) => item.name.trim().toLowerCase() === INBOX.toLowerCase()) ??
    projects[0] ??
    (await api.post<Project>('/api/projects', { name: INBOX }));
  const firstLine = content.split('\n').find((line) => line.trim() !== '') ?? '';
  const title =
    firstLine
      .replace(/[#>*_`\\]/g, '')
      .trim()
      .slice(0, FALLBACK_TITLE_LENGTH) || undefined;
  const note = await api.post<Note>('/api/notes', { projectId: project.id, title, content });
  return { note, project };
}
