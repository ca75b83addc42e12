import { storage } from '@/lib/storage';

/**
 * /editor's unsaved text in this browser, per user: it survives a reload, a closed tab and
 * a reopened app, until Add Note, Discard or leaving an empty editor clears it. `entry` is the history
 * entry that wrote it (location.key survives a reload), so a reload keeps the edits rather than the
 * text /editor was first opened with.
 */
const PREFIX = 'notewise.editor-draft';
const keyFor = (userId: string | null) => `${PREFIX}.${userId ?? 'signed-out'}`;

export interface EditorDraft {
  entry: string;
  title: string;
  markdown: string;
  /** The text before the last AI enhancement, for Undo Enhancement; null when there is none. */
  original: string | null;
  /** The project picked in the composer, where Add Note files the note; null for the AI's proposal. */
  projectId: string | null;
}

export function readEditorDraft(userId: string | null): EditorDraft | null {
  const raw = storage.get(keyFor(userId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<EditorDraft>;
    if (typeof draft.entry !== 'string' || typeof draft.title !== 'string') return null;
    if (typeof draft.markdown !== 'string') return null;
    const original = typeof draft.original === 'string' ? draft.original : null;
    const projectId = typeof draft.projectId === 'string' ? draft.projectId : null;
    return { entry: draft.entry, title: draft.title, markdown: draft.markdown, original, projectId };
  } catch {
    return null;
  }
}

export function writeEditorDraft(userId: string | null, draft: EditorDraft): void {
  storage.set(keyFor(userId), JSON.stringify(draft));
}

export function clearEditorDraft(userId: string | null): void {
  storage.remove(keyFor(userId));
}
