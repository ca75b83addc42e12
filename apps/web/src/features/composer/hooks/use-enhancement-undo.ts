import { type RefObject, useCallback, useRef, useState } from 'react';
import type { RichTextEditorHandle } from '@/features/editor';

/**
 * /editor's Undo Enhancement: the text from before the last AI result that went in. While output
 * streams in, the state from before it is kept, so a failure (the text comes back unchanged) leaves
 * nothing to undo rather than the half-written result.
 */
export function useEnhancementUndo(
  editorRef: RefObject<RichTextEditorHandle | null>,
  startOriginal: string | null,
) {
  const [original, setOriginal] = useState<string | null>(startOriginal);
  const [enhanced, setEnhanced] = useState(startOriginal !== null);
  const streaming = useRef<{ original: string | null; enhanced: boolean } | null>(null);

  const onStreamStart = (before: string) => {
    streaming.current = { original, enhanced };
    setOriginal(before);
  };

  const onStreamEnd = ({ changed }: { changed: boolean }) => {
    const before = streaming.current;
    streaming.current = null;
    if (changed) setEnhanced(true);
    else if (before) {
      setOriginal(before.original);
      setEnhanced(before.enhanced);
    }
  };

  const undo = () => {
    if (original === null) return;
    editorRef.current?.setMarkdown(original);
    setOriginal(null);
    setEnhanced(false);
  };

  const isStreaming = useCallback(() => streaming.current !== null, []);

  return { original, canUndo: enhanced && original !== null, onStreamStart, onStreamEnd, undo, isStreaming };
}
