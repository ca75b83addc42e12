import { editorSchema } from '@notewise/editor';
import { yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

/** Hocuspocus message types (first varint after the document name) that carry Yjs updates. */
const MESSAGE_SYNC = 0;
const MESSAGE_SYNC_REPLY = 4;
/** y-protocols sync sub-types: step 2 and update carry document changes; step 1 is a state vector. */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

export class InvalidUpdateError extends Error {}

/** A cursor over a Hocuspocus message (lib0 encoding: LEB128 varints, length-prefixed strings). */
export class MessageReader {
  private offset = 0;

  constructor(private readonly data: Uint8Array) {}

  readVarUint(): number {
    let value = 0;
    let multiplier = 1;
    for (let i = 0; i < 8; i += 1) {
      const byte = this.data[this.offset];
      if (byte === undefined) throw new InvalidUpdateError('truncated message');
      this.offset += 1;
      value += (byte & 0x7f) * multiplier;
      if (byte < 0x80) return value;
      multiplier *= 128;
    }
    throw new InvalidUpdateError('varint too long');
  }

  readBytes(): Uint8Array {
    const length = this.readVarUint();
    if (this.offset + length > this.data.byteLength) throw new InvalidUpdateError('truncated message');
    const bytes = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return bytes;
  }

  readVarString(): string {
    return new TextDecoder('utf-8', { fatal: true }).decode(this.readBytes());
  }
}

/** The document a Hocuspocus message is for (its first field), or null when it cannot be read. */
export function documentNameOf(data: Uint8Array): string | null {
  try {
    return new MessageReader(data).readVarString();
  } catch {
    return null;
  }
}

/** The Yjs update a message carries (sync step 2 or update), or null for every other message. */
export function yjsUpdateOf(data: Uint8Array): Uint8Array | null {
  const reader = new MessageReader(data);
  reader.readVarString();
  const type = reader.readVarUint();
  if (type !== MESSAGE_SYNC && type !== MESSAGE_SYNC_REPLY) return null;
  const syncType = reader.readVarUint();
  if (syncType !== SYNC_STEP_2 && syncType !== SYNC_UPDATE) return null;
  return reader.readBytes();
}

/** One top-level node (or whatever a crafted update put there) as the editor schema sees it. */
function checkTopLevel(value: unknown): void {
  if (!(value instanceof Y.XmlElement)) throw new InvalidUpdateError('not an element at the top level');
  const json = yXmlFragmentToProsemirrorJSON({ toArray: () => [value] } as unknown as Y.XmlFragment);
  const node = editorSchema.nodeFromJSON(json.content?.[0]);
  node.check();
  if (!editorSchema.topNodeType.contentMatch.matchType(node.type)) {
    throw new InvalidUpdateError(`${node.type.name} is not allowed at the top level`);
  }
}

/** The whole document against the editor schema (stored state on load). */
export function checkDocument(doc: Y.Doc, field: string): void {
  for (const name of doc.share.keys()) {
    if (name !== field) throw new InvalidUpdateError(`unexpected shared type ${name}`);
  }
  for (const child of doc.getXmlFragment(field).toArray()) checkTopLevel(child);
}

function topLevelOf(type: Y.AbstractType<unknown>, fragment: Y.XmlFragment): Y.AbstractType<unknown> | null {
  let current: Y.AbstractType<unknown> | null = type;
  while (current && current.parent !== fragment) {
    if (current === fragment) return null;
    current = current.parent as Y.AbstractType<unknown> | null;
  }
  return current;
}

/**
 * Validates co-editing updates against the editor schema before the live document gets them.
 * A shadow copy of the document takes each update first (caught up with the live document, which
 * also changes through REST edits and other instances); only the top-level nodes the update touched
 * are converted and checked, so a keystroke in a long note costs a paragraph, not the note. A
 * rejected update spoils the shadow, which is rebuilt from the live document next time.
 */
export class UpdateValidator {
  private shadow: Y.Doc | null = null;

  constructor(
    private readonly live: Y.Doc,
    private readonly field: string,
  ) {}

  /** Throws InvalidUpdateError (or the schema's own error) when the update must not be applied. */
  check(update: Uint8Array): void {
    const shadow = this.catchUp();
    const fragment = shadow.getXmlFragment(this.field);
    const touched = new Set<unknown>();
    const collect = (events: Array<Y.YEvent<Y.AbstractType<unknown>>>) => {
      for (const event of events) {
        if (event.target === fragment) {
          for (const item of event.changes.added)
            for (const value of item.content.getContent()) touched.add(value);
        } else {
          const top = topLevelOf(event.target, fragment);
          if (top) touched.add(top);
        }
      }
    };
    fragment.observeDeep(collect);
    try {
      Y.applyUpdate(shadow, update);
      for (const name of shadow.share.keys()) {
        if (name !== this.field) throw new InvalidUpdateError(`unexpected shared type ${name}`);
      }
      for (const value of touched) {
        const item = value instanceof Y.AbstractType ? value._item : null;
        if (item?.deleted) continue;
        checkTopLevel(value);
      }
    } catch (error) {
      this.shadow?.destroy();
      this.shadow = null;
      throw error;
    } finally {
      fragment.unobserveDeep(collect);
    }
  }

  destroy() {
    this.shadow?.destroy();
    this.shadow = null;
  }

  private catchUp(): Y.Doc {
    if (!this.shadow) {
      this.shadow = new Y.Doc({ gc: this.live.gc });
      Y.applyUpdate(this.shadow, Y.encodeStateAsUpdate(this.live));
      return this.shadow;
    }
    const missing = Y.encodeStateAsUpdate(this.live, Y.encodeStateVector(this.shadow));
    Y.applyUpdate(this.shadow, missing);
    return this.shadow;
  }
}
