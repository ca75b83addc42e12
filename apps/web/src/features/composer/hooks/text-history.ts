/** One state of the text with its selection, so undo puts the caret back where it was. */
export interface HistoryEntry {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/** How a change was made; consecutive typing or deleting groups into one undo step. */
export type ChangeKind = 'insert' | 'delete' | 'newline' | 'other';

export interface TextHistory {
  past: HistoryEntry[];
  present: HistoryEntry;
  future: HistoryEntry[];
  /** The kind and time of the last recorded change, to group the next one with it. */
  lastKind: ChangeKind | null;
  lastAt: number;
}

/** Typing after a pause this long starts a new undo step. */
export const GROUP_WINDOW_MS = 1_000;
export const MAX_HISTORY = 200;

export function createHistory(text = ''): TextHistory {
  return {
    past: [],
    present: { text, selectionStart: text.length, selectionEnd: text.length },
    future: [],
    lastKind: null,
    lastAt: 0,
  };
}

/** The kind of change an input event made (InputEvent.inputType). */
export function changeKindOf(inputType: string | undefined): ChangeKind {
  if (!inputType) return 'other';
  if (inputType === 'insertLineBreak' || inputType === 'insertParagraph') return 'newline';
  if (inputType === 'insertText' || inputType === 'insertCompositionText') return 'insert';
  if (inputType.startsWith('delete') && inputType !== 'deleteByCut' && inputType !== 'deleteByDrag') {
    return 'delete';
  }
  return 'other';
}

/**
 * Records a change. It joins the current undo step when it is the same kind of typing as the last
 * change, within GROUP_WINDOW_MS; a new line, paste, cut or a pause starts a new step.
 */
export function record(history: TextHistory, next: HistoryEntry, kind: ChangeKind, now: number): TextHistory {
  if (next.text === history.present.text) return { ...history, present: next };
  const groups =
    history.lastKind !== null &&
    kind === history.lastKind &&
    (kind === 'insert' || kind === 'delete') &&
    now - history.lastAt < GROUP_WINDOW_MS;
  if (groups) return { ...history, present: next, future: [], lastAt: now };
  const past = [...history.past, history.present];
  if (past.length > MAX_HISTORY) past.shift();
  return { past, present: next, future: [], lastKind: kind, lastAt: now };
}

export function undo(history: TextHistory): TextHistory {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKind: null,
    lastAt: 0,
  };
}

export function redo(history: TextHistory): TextHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKind: null, lastAt: 0 };
}
