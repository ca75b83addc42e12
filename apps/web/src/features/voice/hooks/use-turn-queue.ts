import type { VoiceTurnResult } from '@notewise/shared';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../lib/notify';
import { isRecoverable, voiceErrorText } from '../lib/voice-errors';
import type { Session } from '../lib/voice-session-state';

export type SendTurn = () => Promise<VoiceTurnResult>;

/**
 * Posting the user's turns (an utterance's audio, or the browser's recognised text) one after
 * another, so turns and notes arrive in the order spoken, with how many are still being
 * transcribed. A recoverable failure (a cough, a too-long monologue) is said and listening goes
 * on; any other ends the call through `onFatal`.
 */
export function useTurnQueue(
  onResult: (current: Session, result: VoiceTurnResult) => void,
  onFatal: (current: Session, error: unknown) => void,
) {
  const [transcribing, setTranscribing] = useState(0);
  const handlers = useRef({ onResult, onFatal });
  handlers.current = { onResult, onFatal };

  const enqueue = useCallback((current: Session, send: SendTurn) => {
    setTranscribing((count) => count + 1);
    current.queue = current.queue.then(async () => {
      try {
        handlers.current.onResult(current, await send());
      } catch (error) {
        if (current.abort.signal.aborted && current.stopped) return;
        if (isRecoverable(error)) {
          if (!(error instanceof Error && /no speech/i.test(error.message))) toast(voiceErrorText(error));
          return;
        }
        handlers.current.onFatal(current, error);
      } finally {
        setTranscribing((count) => Math.max(0, count - 1));
      }
    });
  }, []);

  const clearTranscribing = useCallback(() => setTranscribing(0), []);

  return { transcribing, enqueue, clearTranscribing };
}
