import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in the first route's JS (about 10 KiB gzip of a 150 KiB budget): sonner and
 * its Toaster load as their own chunk right after the app starts (`ToastViewport` in providers).
 * A toast asked for before the Toaster is on the page waits for it instead of being dropped, which
 * is what sonner would do with a toast published before its Toaster subscribed.
 */
type Message = Parameters<typeof sonnerToast>[0];
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let markViewportReady: () => void = () => {};
const viewportReady = new Promise<void>((resolve) => {
  markViewportReady = resolve;
});

export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** Called by ToastViewport once sonner's Toaster listens. */
export function toastViewportReady(): void {
  markViewportReady();
}

function show(kind: 'message' | 'error' | 'success', message: Message, data?: ExternalToast): void {
  void Promise.all([loadSonner(), viewportReady]).then(
    ([{ toast }]) => {
      if (kind === 'message') toast(message, data);
      else toast[kind](message, data);
    },
    (error: unknown) => console.error('Loading the notifications failed', error),
  );
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show('message', message, data),
  {
    error: (message: Message, data?: ExternalToast) => show('error', message, data),
    success: (message: Message, data?: ExternalToast) => show('success', message, data),
  },
);
