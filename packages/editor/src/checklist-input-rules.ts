import { Extension, InputRule } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';

/** "[ ] ", "[x] " or "[] " typed at the start of a line (Markdown task syntax, as Notion and Bear read it). */
export const CHECKBOX_INPUT = /^\s*\[([ xX])?\]\s$/;

/**
 * Markdown checklist shortcuts. "[ ] " at the start of a paragraph already becomes a checklist item
 * (TaskItem's own rule). Typing "- [ ] " first makes a bullet list from "- ", so the "[ ] " then
 * arrives at the start of a bullet item: this rule turns that item into a checklist item (the
 * list around it is split if it has other items) instead of nesting a checklist inside the bullet.
 * It runs before TaskItem's rule (higher priority).
 */
export const ChecklistInputRules = Extension.create({
  name: 'checklistInputRules',
  priority: 200,
  addInputRules() {
    return [
      new InputRule({
        find: CHECKBOX_INPUT,
        handler: ({ state, range, match }) => {
          const { bulletList, listItem, taskList, taskItem } = state.schema.nodes;
          if (!bulletList || !listItem || !taskList || !taskItem) return null;
          const $from = state.doc.resolve(range.from);
          // The first paragraph of a bullet item.
          if ($from.depth < 3 || $from.index(-1) !== 0) return null;
          const item = $from.node(-1);
          const list = $from.node(-2);
          if (item.type !== listItem || list.type !== bulletList) return null;

          const checked = (match[1] ?? '').toLowerCase() === 'x';
          const offset = range.from - $from.start();
          const listPos = $from.before(-2);
          const itemIndex = $from.index(-2);
          const { tr } = state;
          tr.delete(range.from, range.to);
          const edited = tr.doc.nodeAt(listPos);
          const editedItem = edited?.maybeChild(itemIndex);
          if (!edited || !editedItem) return null;
          const before: PMNode[] = [];
          const after: PMNode[] = [];
          edited.forEach((child, _offset, index) => {
            if (index < itemIndex) before.push(child);
            else if (index > itemIndex) after.push(child);
          });
          const replacement: PMNode[] = [];
          if (before.length > 0) replacement.push(bulletList.create(edited.attrs, before));
          replacement.push(taskList.create(null, taskItem.create({ checked }, editedItem.content)));
          if (after.length > 0) replacement.push(bulletList.create(edited.attrs, after));
          tr.replaceWith(listPos, listPos + edited.nodeSize, replacement);
          // Into the new item's paragraph: the list before it, then taskList, taskItem, paragraph.
          const paragraphStart = listPos + (before.length > 0 ? (replacement[0]?.nodeSize ?? 0) : 0) + 3;
          tr.setSelection(TextSelection.create(tr.doc, paragraphStart + offset));
        },
      }),
    ];
  },
});
