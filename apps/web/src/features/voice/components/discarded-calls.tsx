import { VOICE_CARD_MESSAGES, VOICE_PREVIEW_LENGTH } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useDiscardedVoiceCalls } from '../api/get-voice-calls';
import { voiceKeys } from '../api/query-keys';
import { restoreVoiceCall } from '../api/restore-voice-call';
import { toast } from '../lib/notify';

/**
 * 'Recently discarded': calls discarded in the last 30 days, each with Restore (like notes in Trash);
 * the server purges them after that. Nothing is shown while there are none.
 */
export function DiscardedCalls({ headingId }: { headingId: string }) {
  const queryClient = useQueryClient();
  const discarded = useDiscardedVoiceCalls(true);
  const [restoring, setRestoring] = useState<string | null>(null);
  const list = discarded.data ?? [];
  if (list.length === 0) return null;

  const restore = async (id: string) => {
    setRestoring(id);
    try {
      await restoreVoiceCall(id);
      toast.success(VOICE_CARD_MESSAGES.restored);
    } catch (error) {
      toast.error(errorMessage(error, VOICE_CARD_MESSAGES.restoreFailed));
    } finally {
      setRestoring(null);
      void queryClient.invalidateQueries({ queryKey: voiceKeys.calls() });
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-1 border-t border-border pt-3">
      <h3 id={headingId} className="text-[13px] font-semibold text-muted">
        Recently discarded
      </h3>
      <p className="text-[12px] text-muted">{VOICE_CARD_MESSAGES.discardedKept}</p>
      <ul className="divide-y divide-border" aria-label="Recently discarded calls">
        {list.slice(0, 5).map((call) => {
          const when = new Date(call.startedAt).toLocaleString(undefined, {
            day: 'numeric',
            month: 'short',
            hour: '2-digit',
            minute: '2-digit',
          });
          const text = call.preview.trim();
          return (
            <li key={call.id} className="flex items-center gap-3 py-2 text-[13px]">
              <div className="min-w-0 flex-1">
                <p className="truncate text-fg">
                  {text.length > VOICE_PREVIEW_LENGTH ? `${text.slice(0, VOICE_PREVIEW_LENGTH)}…` : text}
                </p>
                <p className="text-muted">
                  {when} · {call.turnCount} {call.turnCount === 1 ? 'turn' : 'turns'}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={restoring !== null}
                pending={restoring === call.id}
                onClick={() => void restore(call.id)}
                aria-label={`Restore the call of ${when}`}
              >
                Restore
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
