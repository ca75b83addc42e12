// The public surface of the AI feature. Light on purpose: the composer's slot imports it with the home
// page, so the toolbar itself (streaming, language list, status query) loads lazily inside the slot,
// and the busy overlay only goes where a host uses it.
export { AI_BUSY_LABEL, AiBusyOverlay } from './components/ai-busy-overlay';
export { AiToolbarSlot, preloadAiToolbar } from './components/ai-toolbar-slot';
export { EditorAiToolbar } from './components/editor-ai-toolbar';
