/**
 * The live-events client (docs/decisions/004-realtime-and-co-editing.md): one WebSocket to /api/events while someone is signed in.
 * Each change event marks the cached queries it affects stale (active ones refetch), so a second tab or
 * a second member sees a new note, a rename, a move or a deletion without reloading.
 *
 * Only types come from '@notewise/shared' in this folder: it is on the first route's chunk, and the
 * schemas (zod) are not. The pieces: events-connection (socket, backoff, status), stale-keys (event ->
 * query keys), invalidation-batch (a burst becomes one refresh), note-patches (paged lists).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ME_QUERY_KEY, useAuth } from '@/features/auth';
import { EventsConnection, eventsUrl } from './events-connection';
import { COLLAB_BATCH_MS, InvalidationBatch, REALTIME_BATCH_MS } from './invalidation-batch';
import { removeNoteFromCache } from './note-patches';
import { notesToPatch, staleKeysFor } from './stale-keys';

/**
 * Keeps the live-events connection open while someone is signed in, and applies its events to the
 * query cache. Mount once, inside the query client and auth providers.
 */
export function RealtimeEvents(): null {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    const batch = new InvalidationBatch(queryClient);
    const connection = new EventsConnection(eventsUrl(), {
      onEvent: (event) => {
        if (event.type === 'note.deleted' && event.noteId)
          void removeNoteFromCache(queryClient, event.noteId);
        const collabEdit = event.type === 'note.updated' && event.source === 'collab';
        batch.add(
          staleKeysFor(event, userId),
          collabEdit ? COLLAB_BATCH_MS : REALTIME_BATCH_MS,
          notesToPatch(event),
        );
      },
      onReady: (again) => {
        // Whatever changed while the connection was down was not pushed: refresh everything.
        if (again) batch.add('all', REALTIME_BATCH_MS);
      },
      onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    });
    connection.start();
    return () => {
      connection.stop();
      batch.dispose();
    };
  }, [queryClient, userId]);

  return null;
}
