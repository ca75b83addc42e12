/** @jsxRuntime classic */
/** @jsx React.createElement */
// Classic JSX (React.createElement): the automatic runtime import made the bundler split react/jsx-runtime
// out of the first route's chunk (decision 024, first-route budget).
import type { Note } from '@notewise/shared';
import type { QueryClient } from '@tanstack/react-query';
// biome-ignore lint/correctness/noUnusedImports: the classic JSX pragma above compiles to React.createElement.
import React from 'react';
import { useOfflineStatus } from '../hooks/use-offline-status';
import { noteDetailKey, quickViewPath } from '../lib/cache-keys';
import type { QueueEntry } from '../lib/queue-logic';

function formatSyncTime(at: number): string {
  const date = new Date(at);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

interface OfflineBannerProps {
  queryClient: QueryClient;
  /** Entries the server refused or that conflict, for their links and reasons. */
  attention: QueueEntry[];
  onSyncNow: () => void;
}

/**
 * Decision 024: 'Offline: showing saved copies' with the time of the last sync while the server cannot
 * be reached, and the queue's state (waiting, needing a decision, refused) until it is empty. The
 * live region stays in the page so screen readers hear each change.
 */
export function OfflineBanner({ queryClient, attention, onSyncNow }: OfflineBannerProps) {
  const { offline, lastSyncAt, counts, userId } = useOfflineStatus();
  const visible = userId !== null && (offline || counts.pending + counts.conflicts + counts.failed > 0);
  const conflicts = attention.filter((entry) => entry.kind === 'edit' && entry.state === 'conflict');
  const failed = attention.filter((entry) => entry.state === 'failed');

  return (
    <div
      role="status"
      aria-label="Sync status"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-40 flex justify-center md:right-auto md:left-17"
    >
      {visible && (
        <div
          data-testid="offline-banner"
          className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-x-3 gap-y-1 rounded-card border border-border bg-panel px-3 py-2 text-[13px] text-fg shadow-lg"
        >
          {offline ? (
            <span className="flex items-center gap-1.5 font-medium">
              {/* A dot, not a lucide icon: each icon is a chunk the first route would name (budget). */}
              <span aria-hidden="true" className="size-2 rounded-full bg-warning" />
              Offline: showing saved copies
              {lastSyncAt !== null && (
                <span className="font-normal text-muted">(last synced {formatSyncTime(lastSyncAt)})</span>
              )}
            </span>
          ) : null}
          {counts.pending > 0 && (
            <span className="text-muted">
              {counts.pending} {counts.pending === 1 ? 'change' : 'changes'} waiting to sync
            </span>
          )}
          {conflicts.map((entry) => {
            if (entry.kind !== 'edit') return null;
            const note = queryClient.getQueryData<Note>(noteDetailKey(entry.noteId));
            return (
              // A plain link: this banner lives outside the router (and react-router must stay out of
              // this lazy chunk, see cache-keys.ts).
              <a
                key={entry.seq}
                href={quickViewPath(entry.noteId, note?.projectId)}
                className="font-medium text-accent underline underline-offset-2"
              >
                {`“${entry.title}” changed elsewhere: review`}
              </a>
            );
          })}
          {failed.map((entry) => (
            <span key={entry.seq} className="text-danger">
              {entry.kind === 'create' ? 'A new note' : entry.kind === 'pin' ? 'A pin' : `“${entry.title}”`}{' '}
              could not be sent: {entry.error ?? 'refused by the server'}
            </span>
          ))}
          {!offline && counts.pending > 0 && (
            <button
              type="button"
              onClick={onSyncNow}
              className="flex items-center gap-1 rounded-control px-1.5 py-0.5 font-medium text-accent hover:bg-hover"
            >
              Sync now
            </button>
          )}
        </div>
      )}
    </div>
  );
}
