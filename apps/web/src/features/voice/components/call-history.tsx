import { VOICE_PREVIEW_LENGTH, type VoiceCallSummary } from '@notewise/shared';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useVoiceCalls } from '../api/get-voice-calls';

const STATUS_LABELS: Record<VoiceCallSummary['status'], string> = {
  live: 'Live',
  ended: 'Not saved',
  saved: 'Saved',
};

/** docs/product.md §9: the voice list previews 60 characters (the server cuts them; this guards the layout). */
function preview(call: VoiceCallSummary): string {
  const text = call.preview.trim();
  if (text === '') return 'Nothing was said.';
  return text.length > VOICE_PREVIEW_LENGTH ? `${text.slice(0, VOICE_PREVIEW_LENGTH)}…` : text;
}

interface CallHistoryProps {
  /** The call live in this tab: it has no actions here. */
  activeCallId: string | null;
  onOpen: (call: VoiceCallSummary) => void;
  disabled: boolean;
}

/**
 * 'Recent calls': the last calls with their preview and status. One not saved yet (ended, or left
 * live by a reload or a lost connection) opens the Save Call Notes dialog again.
 */
export function CallHistory({ activeCallId, onOpen, disabled }: CallHistoryProps) {
  const calls = useVoiceCalls(true);
  if (calls.isPending) {
    return (
      <div className="space-y-2" aria-hidden="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (calls.isError) {
    return <p className="text-[13px] text-muted">Recent calls could not be loaded.</p>;
  }
  const list = calls.data;
  if (list.length === 0) return <p className="text-[13px] text-muted">No calls yet.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Recent calls">
      {list.slice(0, 5).map((call) => {
        const actionable = call.status !== 'saved' && call.id !== activeCallId;
        const when = new Date(call.startedAt).toLocaleString(undefined, {
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        });
        return (
          <li key={call.id} className="flex items-center gap-3 py-2 text-[13px]">
            <div className="min-w-0 flex-1">
              <p className="truncate text-fg">{preview(call)}</p>
              <p className="text-muted">
                {when} · {call.turnCount} {call.turnCount === 1 ? 'turn' : 'turns'} ·{' '}
                <span
                  className={cn(
                    call.status === 'live' && 'text-success',
                    call.status === 'ended' && 'text-warning',
                  )}
                >
                  {call.id === activeCallId ? 'Live now' : STATUS_LABELS[call.status]}
                </span>
              </p>
            </div>
            {actionable && (
              <Button
                variant="secondary"
                size="sm"
                disabled={disabled}
                onClick={() => onOpen(call)}
                aria-label={`Save or discard the call of ${when}`}
              >
                Save notes
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
