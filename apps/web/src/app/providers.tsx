import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Toaster } from 'sonner';
import { AuthDialogProvider, AuthProvider } from '@/features/auth';
import { createQueryClient } from './query-client';
import { RealtimeEvents } from './realtime';
import { ThemeProvider, useTheme } from './theme';

// Offline use (decision 024): service worker, saved cache, change queue, banner. Lazy: first route budget.
const OfflineRoot = lazy(() => import('@/features/offline/offline-root'));

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme}
      position="bottom-right"
      closeButton
      toastOptions={{
        style: {
          background: 'var(--color-panel)',
          color: 'var(--color-fg)',
          borderColor: 'var(--color-border)',
          fontSize: '14px',
        },
      }}
    />
  );
}

/** Everything the pages rely on: server-state cache, theme, session, auth dialog, toasts. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <AuthDialogProvider>
            {children}
            <ThemedToaster />
            <RealtimeEvents />
            <Suspense>
              <OfflineRoot client={queryClient} />
            </Suspense>
          </AuthDialogProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
