import type { ResolvedPos } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { type Editor, Extension } from '@tiptap/react';
import {
  absolutePositionToRelativePosition,
  type ProsemirrorBinding,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import * as Y from 'yjs';

interface SyncPluginState {
  binding?: ProsemirrorBinding;
}

/** The same textblock: its start position and depth match. */
function sameTextblock(a: ResolvedPos, b: ResolvedPos): boolean {
  return a.parent.isTextblock && a.depth === b.depth && a.start() === b.start();
}

/**
 * Keeps the local caret where Yjs puts it when someone else's edit arrives.
 *
 * y-tiptap (3.0.9) restores the caret after a remote change from Yjs relative positions, then
 * second-guesses that when the paragraph's text changed: if the new text starts with the old one
 * (or the other way round) it puts the caret back at its old offset. When both people type the same
 * characters at the same spot (a space, or the same word), the other person's character lands just
 * before this caret and the new text still starts with the old one, so the caret ends up before the
 * character this person just typed: their next keys go in front of it ("from" becomes "morf").
 * Within one textblock the Yjs position is exact (it follows the character left of the caret), so
 * this plugin puts the caret back there; across blocks y-tiptap's recovery stays in charge.
 */
export const KeepCaretOnRemoteEdits = Extension.create({
  name: 'keepCaretOnRemoteEdits',
  onCreate() {
    keepTypedCharactersInPlace(this.editor);
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('keepCaretOnRemoteEdits'),
        appendTransaction(transactions, _oldState, state) {
          const remote = transactions.some(
            (tr) =>
              tr.docChanged &&
              (tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin,
          );
          if (!remote) return null;
          const binding = (ySyncPluginKey.getState(state) as SyncPluginState | undefined)?.binding;
          // Captured by the binding when the remote Yjs transaction began; cleared after it.
          const relative = binding?.beforeTransactionSelection;
          if (!binding || !relative || relative.type !== 'text' || !relative.anchor || !relative.head)
            return null;
          const anchor = relativePositionToAbsolutePosition(
            binding.doc,
            binding.type,
            relative.anchor,
            binding.mapping,
          );
          const head = relativePositionToAbsolutePosition(
            binding.doc,
            binding.type,
            relative.head,
            binding.mapping,
          );
          const { selection, doc } = state;
          if (anchor === null || head === null || anchor > doc.content.size || head > doc.content.size)
            return null;
          if (selection.anchor === anchor && selection.head === head) return null;
          const $anchor = doc.resolve(anchor);
          const $head = doc.resolve(head);
          if (!sameTextblock($anchor, selection.$anchor) || !sameTextblock($head, selection.$head))
            return null;
          return state.tr
            .setSelection(TextSelection.create(doc, anchor, head))
            .setMeta('addToHistory', false);
        },
      }),
    ];
  },
});

/** One visible character of a Y.XmlText, with the item it belongs to. */
interface YCharacter {
  char: string;
  item: Y.Item;
}

function charactersOf(text: Y.XmlText): YCharacter[] {
  const characters: YCharacter[] = [];
  for (let item = text._start; item; item = item.right) {
    if (item.deleted || !item.countable) continue;
    if (item.content instanceof Y.ContentString) {
      for (const char of item.content.str) characters.push({ char, item });
    } else {
      characters.push({ char: '', item });
    }
  }
  return characters;
}

/** The formatting of the character at `index` (Y.Text keeps it as ranges, not per character). */
function attributesAt(text: Y.XmlText, index: number): Record<string, unknown> {
  let offset = 0;
  for (const op of text.toDelta() as Array<{ insert: unknown; attributes?: Record<string, unknown> }>) {
    const length = typeof op.insert === 'string' ? op.insert.length : 1;
    if (index < offset + length) return op.attributes ?? {};
    offset += length;
  }
  return {};
}

/**
 * Puts the characters this user just typed where they typed them, in the Yjs document.
 *
 * y-tiptap turns a local edit into Yjs with a plain string diff, which puts an inserted character
 * after any identical characters next to it. When someone else just typed the same character at this
 * spot (both type a space, or the same word), this user's character lands after theirs although the
 * caret is after this user's character: the text reads the same, but the next key goes between the
 * two people's characters, and their words interleave or reverse. This moves the new characters
 * (same text, same formatting) in front of the other person's, where this user typed them.
 */
function placeTypedCharacters(binding: ProsemirrorBinding, head: number): boolean {
  const transaction = binding.doc._transaction;
  if (!transaction) return false;
  const ownClient = binding.doc.clientID;
  const firstNewClock = transaction.beforeState.get(ownClient) ?? 0;
  const isNewOwn = (item: Y.Item) => item.id.client === ownClient && item.id.clock >= firstNewClock;
  const relative = absolutePositionToRelativePosition(head, binding.type, binding.mapping);
  const absolute = Y.createAbsolutePositionFromRelativePosition(relative, binding.doc);
  if (!absolute || !(absolute.type instanceof Y.XmlText) || absolute.index === 0) return false;
  const text = absolute.type;
  const characters = charactersOf(text);
  const caret = absolute.index;
  const left = characters[caret - 1];
  if (!left || isNewOwn(left.item) || left.char === '') return false;
  // This user's new characters, right of the caret past identical ones (the text reads the same).
  let start = -1;
  for (let index = caret; index < characters.length; index++) {
    const next = characters[index];
    if (!next) return false;
    if (isNewOwn(next.item)) {
      start = index;
      break;
    }
    if (next.char !== left.char) return false;
  }
  if (start < 0) return false;
  let end = start;
  while (end < characters.length && characters[end] && isNewOwn((characters[end] as YCharacter).item)) end++;
  const typed = characters.slice(start, end);
  const length = typed.length;
  const target = caret - length;
  if (target < 0 || typed.some((character) => character.char === '')) return false;
  // Only a move that leaves the text as it reads: the same characters, only whose is whose changes.
  const joined = (from: number, to: number) =>
    characters
      .slice(from, to)
      .map((character) => character.char)
      .join('');
  const moved = joined(start, end);
  if (moved + joined(target, start) !== joined(target, end)) return false;
  const attributes = attributesAt(text, start);
  const around = attributesAt(text, Math.max(0, target - 1));
  const formatting: Record<string, unknown> = {};
  for (const key of Object.keys(around)) formatting[key] = null;
  Object.assign(formatting, attributes);
  text.delete(start, length);
  text.insert(target, moved, formatting);
  return true;
}

/**
 * After each local edit is written to Yjs (in the same Yjs transaction), puts characters this user
 * typed next to a collaborator's identical ones on this user's side of them (see above).
 */
function keepTypedCharactersInPlace(editor: Editor): void {
  const binding = (ySyncPluginKey.getState(editor.state) as SyncPluginState | undefined)?.binding;
  if (!binding) return;
  const original = binding._prosemirrorChanged;
  binding._prosemirrorChanged = function prosemirrorChanged(this: ProsemirrorBinding, doc) {
    original.call(this, doc);
    const { selection } = editor.state;
    if (!selection.empty || editor.state.doc !== doc) return;
    placeTypedCharacters(binding, selection.head);
  };
}
