import type { AiAction } from '@notewise/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/app/route-table';
import type { AiToolbarSlotProps, EditorNavigationState } from '@/features/editor';
import { loadEditorPage } from '@/features/editor';
import { errorMessage } from '@/lib/api';
import { useMediaQuery } from '@/lib/use-media-query';
import { streamEnhancement } from '../api/enhance';
import { AI_TEXT } from '../lib/ai-messages';
import { createTypewriter } from '../lib/typewriter';

const FAILED = 'AI enhancement failed. Please try again.';

type HostCallbacks = Pick<AiToolbarSlotProps, 'context' | 'getText' | 'setTextStreaming' | 'onBusyChange'>;

/**
 * Runs one enhancement at a time for a host (SPEC 4 'AI enhancement', ARCHITECTURE 11.3): reads the
 * host's text, streams the server's output into the host with a typing effect, then hands over the
 * final text. A failure leaves the original text (restoring it if part of the output was shown) and
 * says why in a toast. From the composer the result opens /editor, where Undo Enhancement restores
 * the original. The host's callbacks are read at call time, so they may change on every render.
 */
export function useEnhancement(host: HostCallbacks) {
  const hostRef = useRef(host);
  hostRef.current = host;
  const navigate = useNavigate();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [busy, setBusy] = useState<AiAction | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      // The host went away (navigation): stop the request; the server records the job as cancelled.
      mounted.current = false;
      controller.current?.abort();
    };
  }, []);

  const run = useCallback(
    async (action: AiAction, language?: string) => {
      if (running.current) return;
      const { context } = hostRef.current;
      const original = hostRef.current.getText();
      if (original.trim() === '') return;
      running.current = true;
      const abort = new AbortController();
      controller.current = abort;
      setBusy(action);
      hostRef.current.onBusyChange?.(true);
      const toEditor = context === 'composer';
      // The composer keeps its text behind the busy overlay and opens /editor with the result: nothing
      // streams into it (a typing effect there would only delay), and /editor's code loads meanwhile.
      const editorPage = toEditor ? loadEditorPage().catch(() => undefined) : null;
      let streamed = false;
      const writer = createTypewriter(
        (text) => {
          if (toEditor || !mounted.current) return;
          streamed = true;
          hostRef.current.setTextStreaming(text);
        },
        { paced: !toEditor && !reducedMotion },
      );
      try {
        const output = await streamEnhancement({
          action,
          content: original,
          language,
          signal: abort.signal,
          onDelta: (text) => writer.push(text),
        });
        if (output.trim() === '') throw new Error(AI_TEXT.emptyAnswer);
        await writer.finish(output);
        if (!mounted.current) return;
        hostRef.current.setTextStreaming(output, { done: true });
        if (toEditor) {
          await editorPage;
          if (!mounted.current) return;
          const state: EditorNavigationState = { noteText: output, isEnhanced: true, originalText: original };
          navigate(paths.editor, { state });
        }
      } catch (error) {
        writer.cancel();
        if (!mounted.current || abort.signal.aborted) return;
        if (streamed) hostRef.current.setTextStreaming(original, { done: true });
        console.error(`AI ${action} failed`, error);
        toast.error(errorMessage(error, FAILED));
      } finally {
        running.current = false;
        if (controller.current === abort) controller.current = null;
        if (mounted.current) {
          setBusy(null);
          hostRef.current.onBusyChange?.(false);
        }
      }
    },
    [navigate, reducedMotion],
  );

  return { busy, run };
}
