// The public surface of the editor feature. Kept free of TipTap: the rich-text editor and the /editor
// page load lazily (docs/architecture.md, budgets: the first route's JS stays small), through the loaders below.
// Nothing here imports features/ai: the AI feature builds on these types, and the /editor page takes
// the AI toolbar as a prop (app/editor-route.tsx).
export type {
  AiEditorTarget,
  AiEnhancing,
  AiToolbarSlotProps,
  EditorAiToolbarComponent,
  EditorAiToolbarProps,
} from './ai-slot';
export type {
  EditorSnapshot,
  RichTextEditorHandle,
  RichTextEditorProps,
} from './components/rich-text-editor';
export { type EditorNavigationState, readEditorNavigationState } from './navigation';

/** The rich-text editor (TipTap) component's module, for React.lazy. */
export const loadRichTextEditor = () => import('./components/rich-text-editor');
/** The /editor page's module: the router's chunk, preloaded before navigating there. */
export const loadEditorPage = () => import('./editor-page');
