import { lazy } from 'react';

/** The /editor page's module: the router preloads it. */
export const loadEditorRoute = () => import('@/features/composer/editor-page');

/**
 * /editor: the capture flow's full editor. The page and the AI toolbar's chunk load together, so the
 * toolbar is in the first paint (arriving after the page, it pushed the note down under an open
 * selection toolbar).
 */
export const EditorRoute = lazy(async () => {
  const [{ EditorPage }] = await Promise.all([
    loadEditorRoute(),
    import('@/features/ai').then((ai) => ai.preloadAiToolbar()),
  ]);
  return { default: EditorPage };
});
