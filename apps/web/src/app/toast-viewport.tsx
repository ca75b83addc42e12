import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toastViewportReady } from '@/lib/toast';

/** sonner's Toaster in the app's colours; loaded lazily by the providers (see lib/toast.ts). */
export function ToastViewport() {
  const { resolvedTheme } = useTheme();
  // Runs after the Toaster's own effects (children first): it is listening by now.
  useEffect(() => toastViewportReady(), []);
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
