import { lazy } from 'react';

/** The /editor page's module: the chunk the composer preloads before opening /editor. */
export const loadEditorRoute = () => import('@/features/editor/editor-page');

/**
 * /editor: the editor feature's page with the AI feature's toolbar. Put together here, above both,
 * because the AI feature builds on the editor's types and the editor must not import the AI feature.
 * Both load lazily, as the page alone did (the AI index is already there when Capture opened /editor).
 */
export const EditorRoute = lazy(async () => {
  const [{ EditorPage }, { EditorAiToolbar }] = await Promise.all([
    loadEditorRoute(),
    import('@/features/ai'),
  ]);
  return { default: () => <EditorPage aiToolbar={EditorAiToolbar} /> };
});
