import {
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  changeKindOf,
  createHistory,
  type HistoryEntry,
  record,
  redo,
  type TextHistory,
  undo,
} from './text-history';

/**
 * A controlled textarea's text with its own undo/redo (the browser's is lost when React sets the
 * value): typing groups into steps, Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, and the
 * caret goes back to where the change was.
 */
export function useTextHistory(textarea: RefObject<HTMLTextAreaElement | null>, initialText: string) {
  const [history, setHistory] = useState<TextHistory>(() => createHistory(initialText));
  const pendingSelection = useRef<HistoryEntry | null>(null);

  useLayoutEffect(() => {
    const entry = pendingSelection.current;
    const element = textarea.current;
    if (!entry || !element) return;
    pendingSelection.current = null;
    element.setSelectionRange(entry.selectionStart, entry.selectionEnd);
  });

  const onChange = useCallback((event: ChangeEvent<HTMLTextAreaElement>) => {
    const { value, selectionStart, selectionEnd } = event.target;
    const kind = changeKindOf((event.nativeEvent as InputEvent).inputType);
    setHistory((current) => record(current, { text: value, selectionStart, selectionEnd }, kind, Date.now()));
  }, []);

  const step = useCallback((move: (history: TextHistory) => TextHistory) => {
    setHistory((current) => {
      const next = move(current);
      if (next !== current) pendingSelection.current = next.present;
      return next;
    });
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        step(event.shiftKey ? redo : undo);
      } else if (key === 'y' && event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        step(redo);
      }
    },
    [step],
  );

  /** Replaces the text and forgets the history (after Add Note, or a restored draft). */
  const reset = useCallback((text: string) => {
    pendingSelection.current = null;
    setHistory(createHistory(text));
  }, []);

  /** Replaces the whole text as one undo step (an AI enhancement): undo brings the text before back. */
  const replace = useCallback((text: string) => {
    pendingSelection.current = null;
    setHistory((current) =>
      record(current, { text, selectionStart: text.length, selectionEnd: text.length }, 'other', Date.now()),
    );
  }, []);

  return {
    text: history.present.text,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    undo: useCallback(() => step(undo), [step]),
    redo: useCallback(() => step(redo), [step]),
    reset,
    replace,
    onChange,
    onKeyDown,
  };
}
