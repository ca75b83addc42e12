import { useCallback, useRef } from 'react';
import type { AiToolbarSlotProps, EditorAiToolbarProps } from '@/features/editor';

type Options = Pick<
  EditorAiToolbarProps,
  'editorRef' | 'shared' | 'onEnhancingChange' | 'onStreamStart' | 'onStreamEnd'
>;

/** The slot callbacks an editor host gives the AI toolbar (useEnhancement calls them). */
export type EditorSlotCallbacks = Pick<AiToolbarSlotProps, 'getText' | 'setTextStreaming' | 'onBusyChange'>;

/**
 * The one place an AI answer goes into a rich-text editor (/editor, Quick View plain and co-edited):
 * partial output is shown without undo steps of its own, the result lands as one undo step, and the
 * host hears when it is busy ('waiting' for the first words, then 'streaming') and when it is over.
 * The request itself, its typing effect, cancel and errors are useEnhancement's, which calls these.
 */
export function useStreamingIntoEditor(options: Options): EditorSlotCallbacks {
  const latest = useRef(options);
  latest.current = options;
  /** The editor's text before the output started going in; null while nothing streams. */
  const streamingFrom = useRef<string | null>(null);

  const getText = useCallback(() => latest.current.editorRef.current?.getMarkdown() ?? '', []);

  const setTextStreaming = useCallback((text: string, streamOptions?: { done?: boolean }) => {
    const { editorRef, shared, onEnhancingChange, onStreamStart, onStreamEnd } = latest.current;
    const handle = editorRef.current;
    if (!handle) return;
    if (streamingFrom.current === null) {
      streamingFrom.current = handle.getMarkdown();
      onStreamStart?.(streamingFrom.current);
      onEnhancingChange('streaming');
    }
    if (!streamOptions?.done) {
      // Partial output: shown (to everyone, when co-edited), but no undo step of its own.
      handle.setMarkdown(text, { addToHistory: false });
      return;
    }
    const before = streamingFrom.current;
    streamingFrom.current = null;
    onEnhancingChange(false);
    const changed = text !== before;
    if (shared) {
      // The result (or, after a failure, the text from before). No detour through the old text for
      // one clean undo step: the others would see it flash.
      handle.setMarkdown(text, changed ? {} : { addToHistory: false });
    } else if (!changed) {
      // Unchanged (a failure restores the text): nothing to undo.
      handle.setMarkdown(before, { addToHistory: false });
    } else {
      // One undo step from the text before to the result, so Ctrl+Z undoes the enhancement too.
      handle.setMarkdown(before, { silent: true, addToHistory: false });
      handle.setMarkdown(text);
    }
    onStreamEnd?.({ before, text, changed });
  }, []);

  const onBusyChange = useCallback(
    (busy: boolean) => latest.current.onEnhancingChange(busy ? 'waiting' : false),
    [],
  );

  return { getText, setTextStreaming, onBusyChange };
}
