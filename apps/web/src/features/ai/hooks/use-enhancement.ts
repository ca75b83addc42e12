import type { AiAction } from '@notewise/shared';
import { AI_ERROR_CODES, AI_MESSAGES } from '@notewise/shared/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AiToolbarSlotProps } from '@/features/editor';
import { errorMessage, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import { streamEnhancement } from '../api/enhance';
import { createTypewriter } from '../lib/typewriter';

const FAILED = 'AI enhancement failed. Please try again.';

type HostCallbacks = Pick<AiToolbarSlotProps, 'getText' | 'setTextStreaming' | 'onBusyChange' | 'onApplied'>;

interface ToolbarCallbacks {
  /** The server has no model for this action (422 AI_MODEL_REQUIRED): the toolbar explains, no toast. */
  onModelRequired?: () => void;
}

/** An AI result waiting for the user's choice (Notion's pattern: Replace / Insert below / Discard). */
export interface AiPreview {
  action: AiAction;
  /** What is shown so far (the typing effect). */
  text: string;
  /** The whole result once it has arrived; null while it still streams. */
  output: string | null;
}

/** How an accepted result goes into the note: instead of the text, or after it. */
export type ApplyMode = 'replace' | 'insert-below';

/** The text a host ends up with for a result (both plain text and Markdown separate blocks by a blank line). */
export function combine(current: string, output: string, mode: ApplyMode): string {
  if (mode === 'replace' || current.trim() === '') return output;
  return `${current.replace(/\s+$/, '')}\n\n${output}`;
}

/**
 * Runs one enhancement at a time for a host (docs/product.md §4 'AI enhancement', docs/decisions/005-ai-providers.md):
 * reads the host's text and streams the server's output into a preview with a typing effect; nothing
 * changes in the note until the user picks Replace or Insert below (Discard drops it). The host is busy
 * only until the first words arrive. What follows an accepted result is the host's (onApplied: the
 * composer opens /editor, where Undo Enhancement restores the original); without it Undo Enhancement
 * is offered here. The host's callbacks are read at call time.
 */
export function useEnhancement(host: HostCallbacks, toolbar: ToolbarCallbacks = {}) {
  const hostRef = useRef(host);
  hostRef.current = host;
  const toolbarRef = useRef(toolbar);
  toolbarRef.current = toolbar;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [busy, setBusy] = useState<AiAction | null>(null);
  const [preview, setPreview] = useState<AiPreview | null>(null);
  /** The host's text before the last accepted result, for Undo Enhancement (null: nothing to undo). */
  const [undoText, setUndoText] = useState<string | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  const controller = useRef<AbortController | null>(null);
  /** Stops the running request's typing effect (Discard while it still types). */
  const stopWriter = useRef<(() => void) | null>(null);

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
      const original = hostRef.current.getText();
      if (original.trim() === '') return;
      running.current = true;
      const abort = new AbortController();
      controller.current = abort;
      setBusy(action);
      hostRef.current.onBusyChange?.(true);
      let hostBusy = true;
      const releaseHost = () => {
        if (!hostBusy || !mounted.current) return;
        hostBusy = false;
        hostRef.current.onBusyChange?.(false);
      };
      const writer = createTypewriter(
        (text) => {
          if (!mounted.current) return;
          releaseHost();
          setPreview({ action, text, output: null });
        },
        { paced: !reducedMotion },
      );
      let discarded = false;
      // A cancelled typewriter never finishes: Discard also ends the wait for it.
      const discardedWait = new Promise<void>((resolve) => {
        stopWriter.current = () => {
          discarded = true;
          writer.cancel();
          resolve();
        };
      });
      try {
        const output = await streamEnhancement({
          action,
          content: original,
          language,
          signal: abort.signal,
          onDelta: (text) => writer.push(text),
        });
        if (output.trim() === '') throw new Error(AI_MESSAGES.emptyAnswer);
        if (discarded) return;
        await Promise.race([writer.finish(output), discardedWait]);
        if (!mounted.current || discarded) return;
        setPreview({ action, text: output, output });
      } catch (error) {
        writer.cancel();
        if (!mounted.current || abort.signal.aborted || discarded) return;
        setPreview(null);
        const onModelRequired = toolbarRef.current.onModelRequired;
        if (onModelRequired && isApiError(error) && error.code === AI_ERROR_CODES.modelRequired) {
          onModelRequired();
          return;
        }
        console.error(`AI ${action} failed`, error);
        toast.error(errorMessage(error, FAILED));
      } finally {
        running.current = false;
        if (controller.current === abort) controller.current = null;
        stopWriter.current = null;
        if (mounted.current) {
          setBusy(null);
          releaseHost();
        }
      }
    },
    [reducedMotion],
  );

  /** Puts the previewed result into the note (one undo step; Undo Enhancement brings the text back). */
  const apply = useCallback(
    (mode: ApplyMode) => {
      const output = preview?.output;
      if (!output) return;
      const current = hostRef.current.getText();
      const next = combine(current, output, mode);
      setPreview(null);
      hostRef.current.setTextStreaming(next, { done: true });
      const { onApplied } = hostRef.current;
      if (onApplied) onApplied({ text: next, original: current });
      else setUndoText(current);
    },
    [preview],
  );

  const discard = useCallback(() => {
    stopWriter.current?.();
    controller.current?.abort();
    setPreview(null);
  }, []);

  /** Quick View's Undo Enhancement: the text from before the last accepted result. */
  const undoEnhancement = useCallback(() => {
    if (undoText === null) return;
    hostRef.current.setTextStreaming(undoText, { done: true });
    setUndoText(null);
  }, [undoText]);

  return { busy, run, preview, apply, discard, undoText, undoEnhancement };
}
