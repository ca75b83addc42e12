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

type Kind = 'message' | 'error' | 'success' | 'loading';
type ToastId = string | number;
let nextId = 0;

/** Shows the toast once sonner is there; returns its id at once (for updates and `{ id }` reuse). */
function show(kind: Kind, message: Message, data?: ExternalToast): ToastId {
  const id = data?.id ?? `toast-${++nextId}`;
  void Promise.all([loadSonner(), viewportReady]).then(
    ([{ toast }]) => {
      const options = { ...data, id };
      if (kind === 'message') toast(message, options);
      else toast[kind](message, options);
    },
    (error: unknown) => console.error('Loading the notifications failed', error),
  );
  return id;
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show('message', message, data),
  {
    error: (message: Message, data?: ExternalToast) => show('error', message, data),
    success: (message: Message, data?: ExternalToast) => show('success', message, data),
    loading: (message: Message, data?: ExternalToast) => show('loading', message, data),
  },
);
