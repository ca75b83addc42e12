import { lazy } from 'react';

/** The /editor page's module: the chunk the composer preloads before opening /editor. */
export const loadEditorRoute = () => import('@/features/editor/editor-page');

/**
 * /editor: the editor feature's page with the AI feature's toolbar. Put together here, above both,
 * because the AI feature builds on the editor's types and the editor must not import the AI feature.
 * Both load lazily, as the page alone did (the AI index is already there when Capture opened /editor),
 * with the AI toolbar's chunk, so the toolbar is in the first paint.
 */
export const EditorRoute = lazy(async () => {
  const [{ EditorPage }, { EditorAiToolbar }] = await Promise.all([
    loadEditorRoute(),
    // The toolbar's own chunk too: arriving after the page, it pushed the note down under an open
    // selection toolbar.
    import('@/features/ai').then(async (ai) => {
      await ai.preloadAiToolbar();
      return ai;
    }),
  ]);
  return { default: () => <EditorPage aiToolbar={EditorAiToolbar} /> };
});
