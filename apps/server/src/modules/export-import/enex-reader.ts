import crypto from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@notewise/shared';
import sax from 'sax';

/*
 * An Evernote export (`.enex`, http://xml.evernote.com/pub/evernote-export3.dtd) read as a stream of
 * notes: sax, in loose mode, never loads the DTD the file names and never expands entities a DOCTYPE
 * declares (a billion-laughs file reads as inert text). Each `<note>` is handed over when it closes,
 * so only one note's resources are held at a time; a resource's base64 is decoded as it arrives, its
 * MD5 (what `<en-media hash>` names) taken on the way, and its bytes kept only up to the image limit.
 */

export interface EnexResource {
  /** MD5 of the decoded data, lower-case hex. */
  hash: string;
  mime: string;
  /** `<resource-attributes><file-name>`, or empty. */
  name: string;
  /** The decoded data, or null when it was over the image limit. */
  bytes: Uint8Array | null;
}

export interface EnexNote {
  title: string;
  /** The ENML text of `<content>`. */
  content: string;
  created: string;
  updated: string;
  tags: string[];
  /** `<note-attributes>` children with text (author, source-url...), in file order. */
  attributes: Array<{ key: string; value: string }>;
  resources: EnexResource[];
}

/** The file is fed to the parser in pieces of this many characters. */
const DATA_CHUNK = 64 * 1024;

class ResourceData {
  private readonly md5 = crypto.createHash('md5');
  private rest = '';
  private chunks: Buffer[] = [];
  private size = 0;
  private over = false;

  write(text: string): void {
    const clean = this.rest + text.replace(/[^A-Za-z0-9+/=]/g, '');
    const usable = clean.length - (clean.length % 4);
    this.rest = clean.slice(usable);
    if (usable > 0) this.take(Buffer.from(clean.slice(0, usable), 'base64'));
  }

  private take(bytes: Buffer): void {
    this.md5.update(bytes);
    this.size += bytes.length;
    if (this.size > MAX_IMAGE_BYTES) {
      this.over = true;
      this.chunks = [];
    } else if (!this.over) this.chunks.push(bytes);
  }

  finish(): { hash: string; bytes: Uint8Array | null } {
    if (this.rest) this.take(Buffer.from(this.rest, 'base64'));
    this.rest = '';
    const hash = this.md5.digest('hex');
    return { hash, bytes: this.over ? null : new Uint8Array(Buffer.concat(this.chunks)) };
  }
}

/** Not an Evernote export: no `<en-export>` root. */
export class EnexUnreadable extends Error {}

/**
 * The notes of an .enex, each passed to `onNote` as it closes; `onNote` returns false to stop
 * reading. Returns how many notes the file holds (all, when reading stopped early), and the title of
 * a note the file ends inside (a cut-short export: that note is never handed over), else null.
 */
export function readEnex(
  text: string,
  onNote: (note: EnexNote) => boolean,
): { notes: number; unfinished: string | null } {
  const parser = sax.parser(false, { lowercase: true, trim: false, normalize: false });
  const path: string[] = [];
  let sawExport = false;
  let notes = 0;
  let reading = true;
  let note: EnexNote | null = null;
  let resource: {
    data: ResourceData | null;
    mime: string;
    name: string;
    hash?: string;
    bytes?: Uint8Array | null;
  } | null = null;
  let field = '';
  let attribute = '';

  const parent = () => path[path.length - 2] ?? '';
  const onText = (value: string) => {
    if (!note) return;
    const name = path[path.length - 1] ?? '';
    if (resource && name === 'data') {
      if (reading) resource.data?.write(value);
    } else if (resource && (name === 'mime' || name === 'file-name')) field += value;
    else if (
      !resource &&
      ['title', 'content', 'created', 'updated', 'tag'].includes(name) &&
      parent() === 'note'
    )
      field += value;
    else if (!resource && parent() === 'note-attributes') attribute += value;
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.onopentag = (tag) => {
    path.push(tag.name);
    if (tag.name === 'en-export' && path.length === 1) sawExport = true;
    if (tag.name === 'note' && parent() === 'en-export') {
      notes += 1;
      note = reading
        ? { title: '', content: '', created: '', updated: '', tags: [], attributes: [], resources: [] }
        : null;
    } else if (note && tag.name === 'resource' && parent() === 'note')
      resource = { data: new ResourceData(), mime: '', name: '' };
    field = '';
    attribute = '';
  };
  parser.onclosetag = (name) => {
    const current = note as EnexNote | null;
    if (current && resource && name === 'data') {
      const read = resource.data?.finish();
      resource.data = null;
      if (read) Object.assign(resource, read);
    } else if (current && resource && name === 'mime') resource.mime = field.trim().toLowerCase();
    else if (current && resource && name === 'file-name') resource.name = field.trim();
    else if (current && resource && name === 'resource') {
      if (resource.hash !== undefined)
        current.resources.push({
          hash: resource.hash,
          mime: resource.mime,
          name: resource.name,
          bytes: resource.bytes ?? null,
        });
      resource = null;
    } else if (current && !resource && parent() === 'note') {
      if (name === 'title') current.title = field.trim();
      else if (name === 'content') current.content = field;
      else if (name === 'created') current.created = field.trim();
      else if (name === 'updated') current.updated = field.trim();
      else if (name === 'tag' && field.trim()) current.tags.push(field.trim());
    } else if (current && !resource && parent() === 'note-attributes' && attribute.trim())
      current.attributes.push({ key: name, value: attribute.trim() });
    else if (current && name === 'note') {
      reading = onNote(current);
      note = null;
    }
    field = '';
    attribute = '';
    path.pop();
  };
  // Loose mode reports what it repaired (an unknown entity stays as its text): read on.
  parser.onerror = () => {
    parser.error = null as unknown as Error;
    parser.resume();
  };
  for (let offset = 0; offset < text.length; offset += DATA_CHUNK)
    parser.write(text.slice(offset, offset + DATA_CHUNK));
  parser.close();
  // Loose mode closes elements left open only when a later end tag names an outer one; at the end
  // of the text nothing closes them, so a note still open here was cut short.
  const open = note as EnexNote | null;
  if (!sawExport) throw new EnexUnreadable();
  return { notes, unfinished: open ? open.title : null };
}
