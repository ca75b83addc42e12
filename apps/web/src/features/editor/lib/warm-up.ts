import { docToMarkdown } from '@notewise/editor';
import { DOMParser as ProseMirrorDOMParser } from '@tiptap/pm/model';
import { Selection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';

/** A typed word with a link in it: enough to run link detection (autolink) as typing does. */
const WARM_TEXT = 'warm example.com ';
/** The part of the document serialised to warm up the Markdown writer: its cost stays small. */
const WARM_MARKDOWN_SIZE = 2_000;

/** Each step in an idle period of its own, one after the other: none holds the thread for long. */
function whenIdle(step: () => void, then?: () => void) {
  const run = () => {
    step();
    then?.();
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2_000 });
  else window.setTimeout(run, 500);
}

/**
 * Once the browser is idle after the editor is made, the code the first click, key, tick and save
 * run is run once on throw-away work, so that first interaction does not pay for what is compiled or
 * built on first use (at 4x CPU the first of each was two to four times as slow as the next: decisions
 * 079 and 098). Nothing is shown, dispatched or saved, and the DOM is only read:
 * - a keystroke's transaction through every plugin (state.apply), linkify's scanner above all; not
 *   for a co-edited document (`typing: false`: its plugins sync);
 * - the DOM read of a key: ProseMirror parses the changed block back with the schema's parser, built
 *   and cached on first use;
 * - a click and the caret: a position from coordinates and coordinates from a position;
 * - the Markdown writer (the first dirty check and autosave), on the document's first part.
 */
export function warmUpTyping(editor: Editor, { typing = true }: { typing?: boolean } = {}): void {
  const live = (step: () => void) => () => {
    if (editor.isDestroyed) return;
    try {
      step();
    } catch {
      // Warming up is an optimisation: a document it does not fit is simply not warmed.
    }
  };
  const steps = [
    ...(typing
      ? [
          live(() => {
            const { state } = editor;
            state.apply(state.tr.insertText(WARM_TEXT, Selection.atStart(state.doc).from));
          }),
        ]
      : []),
    live(() => {
      const block = editor.view.dom.firstElementChild;
      if (block) ProseMirrorDOMParser.fromSchema(editor.schema).parseSlice(block);
    }),
    live(() => {
      const { view } = editor;
      const box = view.dom.getBoundingClientRect();
      view.posAtCoords({ left: box.left + 1, top: box.top + 1 });
      view.coordsAtPos(view.state.selection.from);
    }),
    live(() => {
      const { doc } = editor.state;
      docToMarkdown(doc.cut(0, Math.min(doc.content.size, WARM_MARKDOWN_SIZE)).toJSON());
    }),
  ];
  const next = (index: number) => {
    const step = steps[index];
    if (step) whenIdle(step, () => next(index + 1));
  };
  next(0);
}
