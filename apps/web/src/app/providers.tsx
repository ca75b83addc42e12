import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthDialogProvider, AuthProvider } from '@/features/auth';
import { ThemeProvider } from '@/lib/theme';
import { loadSonner } from '@/lib/toast';
import { RealtimeEvents } from './realtime/realtime-events';

// Rendered at once, but as its own chunk: sonner stays out of the first route's JS.
const ToastViewport = lazy(async () => {
  const [viewport] = await Promise.all([import('./toast-viewport'), loadSonner()]);
  return { default: viewport.ToastViewport };
});

// Offline use (decision 024): service worker, saved cache, change queue, banner. Lazy: first route budget.
// The queue's replay sends through the notes feature's api/ (the one client of the notes endpoints);
// handed in here because notes imports offline, so offline cannot import notes.
const OfflineRoot = lazy(async () => {
  const [root, { updateNote }, { sendNotePin }] = await Promise.all([
    import('@/features/offline/offline-root'),
    import('@/features/notes/api/update-note'),
    import('@/features/notes/api/set-note-pinned'),
  ]);
  root.setSyncTransport({ updateNote, setPinned: sendNotePin });
  return root;
});

/** Everything the pages rely on: server-state cache, theme, session, auth dialog, toasts. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <AuthDialogProvider>
            {children}
            {/* Not in the server's render of a page (decision 097): lazy, and nothing they show is there. */}
            {typeof document !== 'undefined' && (
              <>
                <Suspense fallback={null}>
                  <ToastViewport />
                </Suspense>
                <RealtimeEvents />
                <Suspense>
                  <OfflineRoot client={queryClient} />
                </Suspense>
              </>
            )}
          </AuthDialogProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
