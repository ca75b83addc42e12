import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { AuthDialogProvider, AuthProvider } from '@/features/auth';
import { createQueryClient } from './query-client';
import { RealtimeEvents } from './realtime';
import { ThemeProvider, useTheme } from './theme';

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
          </AuthDialogProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
