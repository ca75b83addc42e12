import { docToMarkdown } from '@notewise/editor';
import { DOMParser as ProseMirrorDOMParser, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Selection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';

/** A typed word with a link in it: enough to run link detection (autolink) as typing does. */
const WARM_TEXT = 'warm example.com ';
/** The part of the document serialised to warm up the Markdown writer: its cost stays small. */
const WARM_MARKDOWN_SIZE = 2_000;

/**
 * The steps in the browser's idle periods, as many in each as it has time for (at least one): all in
 * the first when there is time, and never one long task.
 */
function runWhenIdle(steps: Array<() => void>) {
  let next = 0;
  const run = (deadline?: IdleDeadline) => {
    do steps[next++]?.();
    while (next < steps.length && (deadline?.timeRemaining() ?? 0) > 0);
    if (next < steps.length) schedule();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2_000 });
    else window.setTimeout(run, 500);
  };
  schedule();
}

/**
 * Once the browser is idle after the editor is made, the code the first click, key, tick and save
 * run is run once on throw-away work, so that first interaction does not pay for what is compiled or
 * built on first use (at 4x CPU the first of each was two to four times as slow as the next: decisions
 * 079 and 098). Nothing is shown, dispatched or saved, and the DOM is only read:
 * - a keystroke's and a checklist tick's transactions through every plugin (state.apply), linkify's
 *   scanner above all; not for a co-edited document (`typing: false`: its plugins sync);
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
          live(() => {
            // A tick: a checklist item's attribute changed, through every plugin.
            const { state } = editor;
            let item: { node: ProseMirrorNode; pos: number } | null = null;
            state.doc.descendants((node, pos) => {
              if (item) return false;
              if (node.type.name === 'taskItem') item = { node, pos };
              return !item;
            });
            const found = item as { node: ProseMirrorNode; pos: number } | null;
            if (found)
              state.apply(
                state.tr.setNodeMarkup(found.pos, undefined, {
                  ...found.node.attrs,
                  checked: !found.node.attrs.checked,
                }),
              );
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
  runWhenIdle(steps);
}
