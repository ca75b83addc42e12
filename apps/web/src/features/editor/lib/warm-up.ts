import { Selection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';

/** A typed word with a link in it: enough to run link detection (autolink) as typing does. */
const WARM_TEXT = 'warm example.com ';

/**
 * Once the browser is idle after the editor is made, a throw-away keystroke's transaction runs through
 * every plugin (state.apply: nothing is shown, dispatched or saved). The first real keystroke then does
 * not pay for what is set up on first use, linkify's scanner above all: at 4x CPU that one key was the
 * slowest of a typed sentence (decision 079). Not for a co-edited document (its plugins sync).
 */
export function warmUpTyping(editor: Editor): void {
  const run = () => {
    if (editor.isDestroyed) return;
    try {
      const { state } = editor;
      state.apply(state.tr.insertText(WARM_TEXT, Selection.atStart(state.doc).from));
    } catch {
      // A document with no place for text at its start: nothing to warm up.
    }
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2_000 });
  else window.setTimeout(run, 500);
}
