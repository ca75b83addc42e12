import { MAX_NOTE_CONTENT_LENGTH } from '@notewise/shared';
import * as Y from 'yjs';
import { checkTopLevel, InvalidUpdateError, markdownLength } from './node-rules';
import { isDeleted, ShadowDocument } from './shadow-document';

export { InvalidUpdateError } from './node-rules';

/** Refused for growth past the text or state cap rather than for its content (a metric tells them apart). */
export class UpdateTooLargeError extends InvalidUpdateError {}

/** Hocuspocus message types (first varint after the document name) that carry Yjs updates. */
const MESSAGE_SYNC = 0;
const MESSAGE_SYNC_REPLY = 4;
/** y-protocols sync sub-types: step 2 and update carry document changes; step 1 is a state vector. */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

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

/**
 * The largest encoded Yjs state a co-edited note may reach (decision 040). A client opening the note
 * gets the whole state in one message, and the socket guard cuts off a client with more than 8 MiB
 * waiting (DEFAULT_SOCKET_LIMITS.maxBufferedBytes), so the cap stays below that. A maximum note
 * formatted throughout is 5.3-7.0 MB (decision 006): the text cap (MAX_NOTE_CONTENT_LENGTH of
 * Markdown, as REST) binds first for real notes; this one bounds what the text does not show.
 */
export const MAX_COLLAB_STATE_BYTES = 7.5 * 1024 * 1024;

/** Past this estimated length, every node of a note is measured exactly (a one-time conversion). */
const EXACT_LENGTH_FROM = MAX_NOTE_CONTENT_LENGTH / 2;

/**
 * Accepted updates are kept until the live document has them (they are logged first, usually a few
 * milliseconds), for at most this long and this many bytes: past that, a logging failure, and the
 * client resends on reconnecting.
 */
const IN_FLIGHT_MS = 30_000;
const IN_FLIGHT_MAX_BYTES = 8 * 1024 * 1024;

function hasPending(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.byteLength !== b.byteLength) return false;
  return a.every((byte, index) => byte === b[index]);
}

/**
 * The whole document against the editor schema: the stored state on load, the live one after a REST
 * write. Structs or deletions still waiting for something the document lacks fail it too: they were
 * never validated and would integrate, unchecked, as soon as that something exists.
 */
export function checkDocument(doc: Y.Doc, field: string): void {
  for (const name of doc.share.keys()) {
    if (name !== field) throw new InvalidUpdateError(`unexpected shared type ${name}`);
  }
  if (hasPending(doc)) throw new InvalidUpdateError('changes waiting for changes the document lacks');
  for (const child of doc.getXmlFragment(field).toArray()) checkTopLevel(child);
}

/** Forgets the structs and deletions a document holds back for want of their dependencies. */
export function dropPending(doc: Y.Doc): void {
  doc.store.pendingStructs = null;
  doc.store.pendingDs = null;
}

/**
 * Validates co-editing updates before the live document gets them (decisions 006 and 040). A shadow
 * copy of the document takes each update first (caught up with the live document, which also
 * changes through REST edits and other instances); only the top-level nodes the update touched are
 * converted and checked, so a keystroke in a long note costs a paragraph, not the note. Refused: a
 * node or attribute the schema and the Markdown path's rules refuse, any struct or deletion that
 * does not integrate (it would wait unseen and integrate unchecked later), and growth past the text
 * or state cap. A refused update spoils the shadow, which is rebuilt from the live document plus the
 * accepted updates the live document may not have applied yet (they are logged first).
 *
 * Catching the shadow up costs a diff of the whole document (state vectors and every deletion it
 * ever had), so it is skipped while the live document changed only by updates this validator passed
 * (`validated(origin)`: the shadow took them first). Any other change (a REST edit, another
 * instance, a repair) or changes held back in the live document mark the shadow stale, and an update
 * refused on a shadow that was not caught up is checked once more on one that is: skipping the diff
 * never refuses what the full check accepts.
 */
export class UpdateValidator {
  private shadow: ShadowDocument | null = null;
  private inFlight: Array<{ update: Uint8Array; to: Map<number, number>; at: number }> = [];
  /** The live document may hold changes the shadow lacks. */
  private stale = true;

  constructor(
    private readonly live: Y.Doc,
    private readonly field: string,
    private readonly validated: (origin: unknown) => boolean = () => false,
  ) {
    live.on('update', this.onLiveUpdate);
  }

  /** Throws InvalidUpdateError (or the schema's own error) when the update must not be applied. */
  check(update: Uint8Array): void {
    const caughtUp = this.stale || this.shadow === null;
    try {
      this.checkOn(this.catchUp(), update);
    } catch (error) {
      if (caughtUp) throw error;
      this.stale = true;
      this.checkOn(this.catchUp(), update);
    }
  }

  private readonly onLiveUpdate = (_update: Uint8Array, origin: unknown) => {
    if (!this.validated(origin)) this.stale = true;
  };

  private checkOn(shadow: ShadowDocument, update: Uint8Array): void {
    const store = shadow.doc.store;
    try {
      const lengthBefore = shadow.markdownLength();
      let stateBefore = shadow.stateBytes;
      if (stateBefore + update.byteLength > MAX_COLLAB_STATE_BYTES) stateBefore = shadow.measureState();
      const hadPendingStructs = store.pendingStructs !== null;
      const pendingDsBefore = store.pendingDs;
      const touched = shadow.applyClientUpdate(update);
      for (const name of shadow.doc.share.keys()) {
        if (name !== this.field) throw new InvalidUpdateError(`unexpected shared type ${name}`);
      }
      // A struct whose origin or parent is not there yet is held back without an event: nothing to
      // check now, and it would integrate unchecked once a REST edit creates what it refers to.
      const { to } = Y.parseUpdateMeta(update);
      for (const [client, clock] of to) {
        if (Y.getState(store, client) < clock) throw new InvalidUpdateError('refers to missing changes');
      }
      if (
        (!hadPendingStructs && store.pendingStructs !== null) ||
        (store.pendingDs !== null && !sameBytes(store.pendingDs, pendingDsBefore))
      ) {
        throw new InvalidUpdateError('deletes or refers to missing changes');
      }
      for (const value of touched) {
        if (!isDeleted(value)) shadow.measured(value, markdownLength(checkTopLevel(value)));
      }
      const length = shadow.markdownLength();
      if (length > MAX_NOTE_CONTENT_LENGTH && length > lengthBefore) {
        throw new UpdateTooLargeError(`note too long: ${length} characters`);
      }
      if (shadow.stateBytes > MAX_COLLAB_STATE_BYTES) {
        const state = shadow.measureState();
        if (state > MAX_COLLAB_STATE_BYTES && state > stateBefore) {
          throw new UpdateTooLargeError(`state too large: ${state} bytes`);
        }
      }
      this.inFlight.push({ update, to, at: Date.now() });
    } catch (error) {
      this.dropShadow();
      throw error;
    }
  }

  destroy() {
    this.live.off('update', this.onLiveUpdate);
    this.dropShadow();
    this.inFlight = [];
  }

  private dropShadow() {
    this.shadow?.destroy();
    this.shadow = null;
  }

  private catchUp(): ShadowDocument {
    const now = Date.now();
    this.inFlight = this.inFlight.filter(
      ({ to, at }) =>
        now - at < IN_FLIGHT_MS &&
        [...to].some(([client, clock]) => Y.getState(this.live.store, client) < clock),
    );
    let bytes = this.inFlight.reduce((sum, { update }) => sum + update.byteLength, 0);
    while (bytes > IN_FLIGHT_MAX_BYTES) bytes -= this.inFlight.shift()?.update.byteLength ?? bytes;
    // Changes held back in the live document may integrate with the next validated update, unseen here.
    if (this.shadow && !this.stale && !hasPending(this.live)) return this.shadow;
    this.stale = hasPending(this.live);
    if (this.shadow) {
      this.shadow.catchUp(Y.encodeStateAsUpdate(this.live, Y.encodeStateVector(this.shadow.doc)));
      // Held-back changes the live document no longer has were dropped there (a REST edit's check).
      if (hasPending(this.live) || !hasPending(this.shadow.doc)) return this.shadow;
      this.dropShadow();
    }
    this.shadow = this.rebuild(true);
    if (hasPending(this.shadow.doc) && !hasPending(this.live)) {
      this.shadow.destroy();
      this.inFlight = [];
      this.shadow = this.rebuild(false);
    }
    return this.shadow;
  }

  private rebuild(withInFlight: boolean): ShadowDocument {
    const state = Y.encodeStateAsUpdate(this.live);
    const shadow = new ShadowDocument(state, this.live.gc, this.field, EXACT_LENGTH_FROM);
    if (withInFlight) for (const { update } of this.inFlight) shadow.applyTrusted(update);
    return shadow;
  }
}
