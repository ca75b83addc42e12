// The public surface of the AI feature. Light on purpose: the composer's slot imports it with the home
// page, so the toolbar itself (streaming, language list, status query) loads lazily through the
// loader below, and the busy overlay only goes where a host uses it.
export { AI_BUSY_LABEL, AiBusyOverlay } from './components/ai-busy-overlay';

/** The AI toolbar's module (AiToolbar implements the editor feature's AiToolbarSlotProps), for React.lazy. */
export const loadAiToolbar = () => import('./components/ai-toolbar');
