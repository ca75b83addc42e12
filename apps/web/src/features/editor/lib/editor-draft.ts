import { storage } from '@/lib/storage';

/**
 * /editor's unsaved text in this browser, tied to the history entry it was opened in (location.key
 * survives a reload), so reloading the editor keeps what was typed there.
 */
const KEY = 'notewise.editor-draft';

export interface EditorDraft {
  entry: string;
  title: string;
  markdown: string;
}

export function readEditorDraft(entry: string): EditorDraft | null {
  const raw = storage.get(KEY);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<EditorDraft>;
    if (draft.entry !== entry || typeof draft.title !== 'string' || typeof draft.markdown !== 'string') {
      return null;
    }
    return { entry, title: draft.title, markdown: draft.markdown };
  } catch {
    return null;
  }
}

export function writeEditorDraft(draft: EditorDraft): void {
  storage.set(KEY, JSON.stringify(draft));
}

export function clearEditorDraft(): void {
  storage.remove(KEY);
}
