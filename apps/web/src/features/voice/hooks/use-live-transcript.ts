import { EMPTY_VOICE_NOTES, type VoiceNotes, type VoiceTurn } from '@notewise/shared';
import { useCallback, useState } from 'react';
import { mergeTurns } from '../lib/turns';

/**
 * The call's growing transcript and live notes. Turns arrive from this tab's posts and from
 * /api/events (another tab, or this tab's own echo): merging by id keeps each once, in order.
 */
export function useLiveTranscript() {
  const [turns, setTurns] = useState<VoiceTurn[]>([]);
  const [notes, setNotes] = useState<VoiceNotes>(EMPTY_VOICE_NOTES);

  const add = useCallback((added: VoiceTurn[], refreshed?: VoiceNotes | null) => {
    if (added.length > 0) setTurns((previous) => mergeTurns(previous, added));
    if (refreshed) setNotes(refreshed);
  }, []);

  const clear = useCallback(() => {
    setTurns([]);
    setNotes(EMPTY_VOICE_NOTES);
  }, []);

  return { turns, notes, add, clear };
}
