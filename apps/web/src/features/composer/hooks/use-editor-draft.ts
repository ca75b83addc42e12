import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { RichTextEditorHandle } from '@/features/editor';
import { clearEditorDraft, readEditorDraft, writeEditorDraft } from '../lib/editor-draft';
import { readEditorNavigationState } from '../lib/editor-navigation';
import { plainTextToMarkdown } from '../lib/plain-text-to-markdown';
import { clearComposerDraft } from './use-composer-draft';

const DRAFT_SAVE_DELAY_MS = 1_000;

/** What /editor opens with. `fresh`: text handed over now (Capture, an AI result), not a saved draft. */
export interface EditorStart {
  projectId: string | null;
  title: string;
  markdown: string;
  /** The text before an AI enhancement, for Undo Enhancement; null when there is none. */
  original: string | null;
  fresh: boolean;
}

/**
 * Opened with text (Capture's Editor button, an AI result) /editor starts from that text; a reload of
 * that same entry, or opening /editor without text (a reopened tab, the home page's 'Continue'),
 * keeps the saved draft. Read once, on the first render.
 */
export function useEditorStart(userId: string | null): EditorStart {
  const location = useLocation();
  const [start] = useState((): EditorStart => {
    const saved = readEditorDraft(userId);
    const navigation = readEditorNavigationState(location.state);
    const fromNavigation = navigation.noteText !== undefined && saved?.entry !== location.key;
    if (saved && !fromNavigation) return { ...saved, fresh: false };
    return {
      projectId: navigation.projectId ?? null,
      title: '',
      markdown: plainTextToMarkdown(navigation.noteText ?? ''),
      original:
        navigation.isEnhanced && navigation.originalText !== undefined
          ? plainTextToMarkdown(navigation.originalText)
          : null,
      fresh: navigation.noteText !== undefined,
    };
  });
  return start;
}

interface EditorDraftOptions {
  userId: string | null;
  editorRef: RefObject<RichTextEditorHandle | null>;
  start: EditorStart;
  title: string;
  original: string | null;
  /** True while AI output streams in: the half-written text is not stored. */
  paused: () => boolean;
}

/**
 * Keeps /editor's text in this browser (decision 012's drafts): debounced while typing (Markdown is
 * built only then), at once when the page goes away (closing the tab right after an AI enhancement
 * loses nothing), and the handed-over text before the user does anything. `discard` ends it for good:
 * Add Note, Discard, or leaving an empty editor (the composer's draft goes too).
 */
export function useEditorDraft({ userId, editorRef, start, title, original, paused }: EditorDraftOptions) {
  const location = useLocation();
  const saveTimer = useRef<number | undefined>(undefined);
  const leaving = useRef(false);
  const current = useRef({ title, original, paused });
  current.current = { title, original, paused };

  const saveNow = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    const handle = editorRef.current;
    if (!handle || leaving.current || current.current.paused()) return;
    writeEditorDraft(userId, {
      entry: location.key,
      title: current.current.title,
      markdown: handle.getMarkdown(),
      original: current.current.original,
      projectId: start.projectId,
    });
  }, [editorRef, location.key, userId, start.projectId]);

  const saveSoon = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(saveNow, DRAFT_SAVE_DELAY_MS);
  }, [saveNow]);

  useEffect(() => {
    window.addEventListener('pagehide', saveNow);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      window.clearTimeout(saveTimer.current);
    };
  }, [saveNow]);

  useEffect(() => {
    if (!start.fresh) return;
    writeEditorDraft(userId, {
      entry: location.key,
      title: start.title,
      markdown: start.markdown,
      original: start.original,
      projectId: start.projectId,
    });
  }, [start, location.key, userId]);

  // Undo Enhancement's memory changes without an editor change: store it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `original` is read through its ref.
  useEffect(() => {
    saveSoon();
  }, [original, saveSoon]);

  const discard = useCallback(() => {
    leaving.current = true;
    window.clearTimeout(saveTimer.current);
    clearEditorDraft(userId);
    clearComposerDraft(userId);
  }, [userId]);

  const isLeaving = useCallback(() => leaving.current, []);

  return { saveSoon, discard, isLeaving };
}
