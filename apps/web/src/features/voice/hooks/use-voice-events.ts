import {
  type VoiceNotes,
  type VoiceTurn,
  voiceNotesEventSchema,
  voiceTurnEventSchema,
} from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { VOICE_EVENT_NAME } from '@/lib/realtime-events';
import { voiceKeys } from '../api/query-keys';

/**
 * `voice.turn` and `voice.notes` from the live-events socket (re-dispatched on window by the realtime
 * client): this tab's call, a call watched from another tab, and Recent calls follow them.
 */
export function useVoiceEvents(
  enabled: boolean,
  apply: (callId: string, update: { turn?: VoiceTurn; notes?: VoiceNotes }) => void,
) {
  const queryClient = useQueryClient();
  const latest = useRef({ apply });
  latest.current = { apply };

  useEffect(() => {
    if (!enabled) return;
    let refresh: number | undefined;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      const turn = voiceTurnEventSchema.safeParse(detail);
      const notes = voiceNotesEventSchema.safeParse(detail);
      if (turn.success) latest.current.apply(turn.data.callId, { turn: turn.data.turn });
      else if (notes.success) latest.current.apply(notes.data.callId, { notes: notes.data.notes });
      else return;
      // A burst of turns refreshes the list once.
      window.clearTimeout(refresh);
      refresh = window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: voiceKeys.calls() }),
        500,
      );
    };
    window.addEventListener(VOICE_EVENT_NAME, listener);
    return () => {
      window.clearTimeout(refresh);
      window.removeEventListener(VOICE_EVENT_NAME, listener);
    };
  }, [enabled, queryClient]);
}
