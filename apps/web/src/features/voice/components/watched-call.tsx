import { useQuery } from '@tanstack/react-query';
import { fetchVoiceCall } from '../api/get-voice-call';
import { voiceKeys } from '../api/query-keys';
import { LiveNotes } from './live-notes';
import { Transcript } from './transcript';

/**
 * A call live in another tab or on another device, read-only: its transcript and notes as the server
 * has them, then kept current by the `voice.turn` / `voice.notes` events patched into this query.
 */
export function WatchedCall({ callId }: { callId: string }) {
  const detail = useQuery({
    queryKey: voiceKeys.call(callId),
    queryFn: ({ signal }) => fetchVoiceCall(callId, signal),
  });
  return (
    <section
      aria-label="Call in another tab"
      className="space-y-3 rounded-card border border-border bg-surface p-3"
    >
      <p className="text-[13px] text-muted">
        A call is live in another tab or on another device. What is said there appears here too.
      </p>
      {detail.data && (
        <div className="grid gap-4 md:grid-cols-2">
          <Transcript
            turns={detail.data.turns}
            follow
            label="Transcript of the other call"
            className="max-h-56"
            emptyText="Nothing said yet."
          />
          <LiveNotes notes={detail.data.notes} headingLevel="h4" />
        </div>
      )}
    </section>
  );
}
