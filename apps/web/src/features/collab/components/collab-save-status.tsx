import { cn } from '@/lib/cn';
import { type CollabState, OFFLINE_HINT, saveStateLabel } from '../lib/collab-state';

/**
 * The live save state of a co-edited note, in words: 'Connecting...', 'Saving...' while the server
 * has not confirmed local changes, 'Saved', or 'Offline' (changes wait and sync on reconnect).
 */
export function CollabSaveStatus({
  state,
  busyLabel,
  className,
}: {
  state: CollabState;
  /** Shown instead while the host is busy with the text, e.g. 'Enhancing...'. */
  busyLabel?: string | false | undefined;
  className?: string;
}) {
  const offline = !busyLabel && state.ready && state.connection === 'offline';
  return (
    <span
      role="status"
      title={offline ? OFFLINE_HINT : undefined}
      className={cn('flex shrink-0 items-center gap-1.5 text-[13px] text-muted', className)}
    >
      {offline && <span aria-hidden="true" className="size-1.5 rounded-full bg-warning" />}
      {busyLabel || saveStateLabel(state)}
      {offline && <span className="sr-only">{`: ${OFFLINE_HINT.replace(/^Offline — /, '')}`}</span>}
    </span>
  );
}
