// The public surface of the editor feature: the rich-text editor that /editor, Quick View, History and
// co-edited notes use. Kept free of TipTap: the editor loads lazily (docs/architecture.md, budgets: the
// first route's JS stays small), through the loader below or './rich-text-editor'. The features that
// host it (ai, composer, quick-view) import this one; it imports none of them.
export type {
  AiEditorTarget,
  AiEnhancing,
  AiToolbarSlotProps,
  EditorAiToolbarProps,
} from './ai-slot';
export type {
  EditorSnapshot,
  RichTextEditorHandle,
  RichTextEditorProps,
} from './components/rich-text-editor';

/** The rich-text editor (TipTap) component's module, for React.lazy. */
export const loadRichTextEditor = () => import('./components/rich-text-editor');
