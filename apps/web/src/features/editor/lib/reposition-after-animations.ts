import type { Editor } from '@tiptap/react';
import { useEffect } from 'react';

/**
 * Places a floating bar again when an animation around the editor ends. The page's entrance animates
 * `filter`, which makes that page the containing block of `position: fixed` descendants: a bar placed
 * during it sat 56 px (the mobile top bar) too low once the animation ended and the viewport was its
 * containing block again, over the selected line at 390 px. Nothing else moves it then (no scroll,
 * no resize, no transaction).
 */
export function useRepositionAfterAnimations(editor: Editor, pluginKey: string): void {
  useEffect(() => {
    const reposition = (event: Event) => {
      if (editor.isDestroyed) return;
      const target = event.target;
      if (!(target instanceof Element) || !target.contains(editor.view.dom)) return;
      editor.view.dispatch(editor.state.tr.setMeta(pluginKey, 'updatePosition'));
    };
    document.addEventListener('animationend', reposition, true);
    document.addEventListener('transitionend', reposition, true);
    return () => {
      document.removeEventListener('animationend', reposition, true);
      document.removeEventListener('transitionend', reposition, true);
    };
  }, [editor, pluginKey]);
}
