// The composer's pieces that /editor reuses: a second public surface (like notes/queries), kept out
// of './index' so the home page's first JS loads none of it eagerly.

export { BusyOverlay } from '@/components/busy-overlay';
export { type CapturedNote, captureNote } from './api/capture-note';
export { clearComposerDraft } from './hooks/use-composer-draft';
export { plainTextToMarkdown } from './lib/plain-text-to-markdown';
