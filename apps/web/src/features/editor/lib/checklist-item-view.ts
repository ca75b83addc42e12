import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { AnyExtension, Extensions, NodeViewRenderer } from '@tiptap/react';

/** TipTap's text for the checkbox's accessible name, kept as it was. */
const checkboxLabel = (node: ProseMirrorNode) =>
  `Task item checkbox for ${node.textContent || 'empty task item'}`;

/** Visually hidden, read by assistive technology (TipTap's own style for the same span). */
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0';

/**
 * After the browser has painted the next frame: a task queued from its requestAnimationFrame (as in
 * lib/link-delegation.ts; a shared module of two lines became a chunk of its own).
 */
function afterNextPaint(callback: () => void) {
  requestAnimationFrame(() => window.setTimeout(callback, 0));
}

/**
 * A checklist item's DOM (the same markup as TipTap's task item: li > label > input + span, div),
 * made cheaper where a tick spends its time at 4x CPU (decision 105):
 * - `update` sets the checked state and the label only. TipTap's rebuilt every extension's attribute
 *   table on each update (`extensionManager.attributes`, about 5 ms a tick at 4x); a checklist item's
 *   only rendered attribute is `data-checked`.
 * - A tick dispatches its one change at once; the editor is focused (as TipTap did, in the same
 *   transaction) only after that frame is painted, so the tick shows without the focus's own
 *   transaction and selection work in it.
 */
export const checklistItemView: NodeViewRenderer = ({ node, getPos, editor }) => {
  const item = document.createElement('li');
  const label = document.createElement('label');
  const checkbox = document.createElement('input');
  const hidden = document.createElement('span');
  const content = document.createElement('div');
  label.contentEditable = 'false';
  checkbox.type = 'checkbox';
  hidden.style.cssText = VISUALLY_HIDDEN;
  label.append(checkbox, hidden);
  item.append(label, content);

  let name = '';
  const show = (current: ProseMirrorNode) => {
    const checked = current.attrs.checked === true;
    item.dataset.checked = String(checked);
    checkbox.checked = checked;
    const next = checkboxLabel(current);
    if (next !== name) {
      name = next;
      checkbox.setAttribute('aria-label', next);
      hidden.textContent = next;
    }
  };
  show(node);

  // A click on the box leaves the caret (and focus) where it was.
  checkbox.addEventListener('mousedown', (event) => event.preventDefault());
  checkbox.addEventListener('change', () => {
    if (!editor.isEditable) {
      // Read-only (a version preview): the box does not change.
      checkbox.checked = !checkbox.checked;
      return;
    }
    const position = typeof getPos === 'function' ? getPos() : undefined;
    const current = typeof position === 'number' ? editor.state.doc.nodeAt(position) : null;
    if (typeof position !== 'number' || !current) return;
    editor.view.dispatch(
      editor.state.tr.setNodeMarkup(position, undefined, { ...current.attrs, checked: checkbox.checked }),
    );
    if (!editor.view.hasFocus())
      afterNextPaint(() => {
        // The keys that follow (Ctrl+Z, typing) go to the text, as after TipTap's tick; no scroll.
        if (!editor.isDestroyed && !editor.view.hasFocus()) editor.view.focus();
      });
  });

  return {
    dom: item,
    contentDOM: content,
    update: (updated) => {
      if (updated.type !== node.type) return false;
      show(updated);
      return true;
    },
  };
};

/** The list with the checklist item drawn by `checklistItemView` (same schema, options and keys). */
export function withChecklistItemView(extensions: Extensions): Extensions {
  return extensions.map((extension: AnyExtension) =>
    extension.name === 'taskItem' && extension.type === 'node'
      ? extension.extend({ addNodeView: () => checklistItemView })
      : extension,
  );
}
