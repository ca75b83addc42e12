import * as Y from 'yjs';
import { checkTopLevel, markdownLength } from './node-rules';

function topLevelOf(type: Y.AbstractType<unknown>, fragment: Y.XmlFragment): Y.AbstractType<unknown> | null {
  let current: Y.AbstractType<unknown> | null = type;
  while (current && current.parent !== fragment) {
    if (current === fragment) return null;
    current = current.parent as Y.AbstractType<unknown> | null;
  }
  return current;
}

export function isDeleted(value: unknown): boolean {
  return value instanceof Y.AbstractType && value._item?.deleted === true;
}

/**
 * A top-level node's length without converting it: its text and string attributes, plus the blank
 * line after it. Below its Markdown (no syntax, no link targets), so only a first estimate.
 */
function roughLength(value: unknown): number {
  if (value instanceof Y.XmlText) return value.length;
  if (!(value instanceof Y.XmlElement)) return String(value).length;
  let length = 2;
  for (const attribute of Object.values(value.getAttributes())) {
    if (typeof attribute === 'string') length += attribute.length;
  }
  for (const child of value.toArray()) length += roughLength(child);
  return length;
}

/** The exact Markdown length of a node the live document holds (validated when it came in). */
function exactLength(value: unknown): number {
  try {
    return markdownLength(checkTopLevel(value));
  } catch {
    return roughLength(value);
  }
}

/**
 * The validator's copy of a live document (decision 006) and the two sizes the co-editing caps need
 * (decision 040), kept current cheaply. The note's length is the sum of its top-level nodes' Markdown
 * lengths: a node a client's update touched is measured exactly (it is converted to be checked
 * anyway); the others (the loaded note, REST edits, other instances) are first estimated from their
 * text, and measured exactly once the sum passes `exactFrom`, so a note far from the cap never pays
 * for a full conversion. The encoded state's size is an upper bound grown by each update's size and
 * measured exactly only when it passes the cap.
 */
export class ShadowDocument {
  readonly doc: Y.Doc;
  private readonly fragment: Y.XmlFragment;
  private readonly sizes = new Map<unknown, number>();
  /** Nodes whose size is an estimate. */
  private readonly estimated = new Set<unknown>();
  private exact = false;
  private total = 0;
  /** Top-level nodes changed since they were measured, by anyone. */
  private readonly changed = new Set<unknown>();
  /** Top-level nodes the update being checked touched (added or changed inside). */
  private touched: Set<unknown> | null = null;
  /** At least the size of Y.encodeStateAsUpdate(doc); exact right after measureState(). */
  stateBytes: number;

  constructor(
    state: Uint8Array,
    gc: boolean,
    field: string,
    private readonly exactFrom: number,
  ) {
    this.doc = new Y.Doc({ gc });
    this.fragment = this.doc.getXmlFragment(field);
    this.fragment.observeDeep(this.collect);
    Y.applyUpdate(this.doc, state);
    this.stateBytes = state.byteLength;
  }

  /** An update already validated: its nodes are measured later. */
  applyTrusted(update: Uint8Array): void {
    Y.applyUpdate(this.doc, update);
    this.stateBytes += update.byteLength;
  }

  /**
   * What the live document has and this one lacks. Every such diff carries the live document's
   * whole delete set, so only a diff with new structs counts towards the state's size.
   */
  catchUp(missing: Uint8Array): void {
    const before = Y.encodeStateVector(this.doc);
    Y.applyUpdate(this.doc, missing);
    const after = Y.encodeStateVector(this.doc);
    if (before.byteLength !== after.byteLength || before.some((byte, index) => byte !== after[index])) {
      this.stateBytes += missing.byteLength;
    }
  }

  /**
   * Applies a client's update and returns the top-level nodes it touched, for the caller to check
   * strictly with checkTopLevel() and record with measured().
   */
  applyClientUpdate(update: Uint8Array): Set<unknown> {
    const touched = new Set<unknown>();
    this.touched = touched;
    try {
      Y.applyUpdate(this.doc, update);
    } finally {
      this.touched = null;
    }
    this.stateBytes += update.byteLength;
    return touched;
  }

  /** The note's Markdown length (estimated in part while far below `exactFrom`). */
  markdownLength(): number {
    for (const value of this.changed)
      this.record(value, this.exact ? exactLength(value) : roughLength(value), !this.exact);
    if (!this.exact && this.total > this.exactFrom) {
      this.exact = true;
      for (const value of this.estimated) this.record(value, exactLength(value), false);
    }
    return this.total;
  }

  /** Records a node's exact Markdown length, as the caller measured it when checking it. */
  measured(value: unknown, size: number): void {
    this.record(value, size, false);
  }

  /** The exact size of the encoded state (a full encode: only near the cap). */
  measureState(): number {
    this.stateBytes = Y.encodeStateAsUpdate(this.doc).byteLength;
    return this.stateBytes;
  }

  destroy(): void {
    this.fragment.unobserveDeep(this.collect);
    this.doc.destroy();
  }

  private record(value: unknown, size: number, estimate: boolean): void {
    this.forget(value);
    if (isDeleted(value)) return;
    this.sizes.set(value, size);
    if (estimate) this.estimated.add(value);
    this.total += size;
  }

  private forget(value: unknown): void {
    this.changed.delete(value);
    this.estimated.delete(value);
    this.total -= this.sizes.get(value) ?? 0;
    this.sizes.delete(value);
  }

  private readonly collect = (events: Array<Y.YEvent<Y.AbstractType<unknown>>>) => {
    const mark = (value: unknown) => {
      this.changed.add(value);
      this.touched?.add(value);
    };
    for (const event of events) {
      if (event.target !== this.fragment) {
        const top = topLevelOf(event.target, this.fragment);
        if (top) mark(top);
        continue;
      }
      for (const item of event.changes.added) {
        // A formatting item has no content to check and shows nowhere: checked (and refused) as itself.
        if (item.content instanceof Y.ContentFormat) mark(item);
        for (const value of item.content.getContent()) mark(value);
      }
      for (const item of event.changes.deleted) {
        for (const value of item.content.getContent()) {
          this.forget(value);
          this.touched?.delete(value);
        }
      }
    }
  };
}
