/** What /editor receives through React Router's location.state (docs/product.md §2 route table). */
export interface EditorNavigationState {
  /** The text to open: the composer's plain text (its line breaks are kept). */
  noteText?: string;
  /** The text came from an AI enhancement; with `originalText`, 'Undo Enhancement' restores that. */
  isEnhanced?: boolean;
  originalText?: string;
  /** The project picked in the composer; Add Note files the note there. */
  projectId?: string;
}

export function readEditorNavigationState(state: unknown): EditorNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const { noteText, isEnhanced, originalText, projectId } = state as Record<string, unknown>;
  return {
    noteText: typeof noteText === 'string' ? noteText : undefined,
    isEnhanced: isEnhanced === true,
    originalText: typeof originalText === 'string' ? originalText : undefined,
    projectId: typeof projectId === 'string' && projectId ? projectId : undefined,
  };
}
