import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { EXPORT_PAGE_SIZE, type ExportNote, type ExportProject, type ExportRepo } from './export-import.repo';
import { safeFileStem, UniqueNames } from './file-names';
import { noteMarkdownFile } from './note-markdown';

/**
 * A zip of Markdown files, one folder per project, produced while it is sent: notes are read a page
 * at a time and each is deflated and handed on before the next page is read, so memory stays flat
 * (bench/export-zip.ts measures 10,000 notes). The stream only pulls the next note when the client
 * has taken the previous bytes (Readable.from over an async generator).
 */
export interface ZipExtras {
  /** Rewrites a note's Markdown before it is written (the account export's image links). */
  content?: (markdown: string) => string;
  /** Top-level names the extra files use: no project folder takes them. */
  reserved?: readonly string[];
  /** More files after the notes, stored as they are (pictures are compressed already). */
  files?: () => AsyncIterable<{ path: string; bytes: Uint8Array }>;
  /** Writes a note's whole file instead (path in the zip and text): the Obsidian vault's names. */
  note?: (note: ExportNote, project: ExportProject) => { path: string; text: string };
}

export function streamMarkdownZip(
  repo: ExportRepo,
  projects: readonly ExportProject[],
  extras: ZipExtras = {},
): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const pending: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else pending.push(chunk);
    });
    const drain = function* () {
      if (failure) throw failure;
      while (pending.length > 0) yield pending.shift()!;
    };
    const folders = new UniqueNames();
    for (const name of extras.reserved ?? []) folders.take(name);
    const encoder = new TextEncoder();
    for (const project of projects) {
      const folder = folders.take(safeFileStem(project.name, 'Project'));
      const files = new UniqueNames();
      let after: ExportNote['position'] | null = null;
      for (;;) {
        const page = await repo.notesPage(project.id, after);
        for (const note of page) {
          const own = extras.note?.(note, project);
          const path = own?.path ?? `${folder}/${files.take(safeFileStem(note.title), '.md')}`;
          const entry = new ZipDeflate(path, { level: 6 });
          entry.mtime = new Date(note.updatedAt);
          zip.add(entry);
          const content = extras.content ? extras.content(note.content) : note.content;
          const text =
            own?.text ??
            noteMarkdownFile({
              ...note,
              content,
              projectName: project.name,
              shared: project.kind === 'shared',
            });
          entry.push(encoder.encode(text), true);
          yield* drain();
        }
        if (page.length < EXPORT_PAGE_SIZE) break;
        after = page[page.length - 1]!.position;
      }
    }
    if (extras.files) {
      for await (const file of extras.files()) {
        const entry = new ZipPassThrough(file.path);
        zip.add(entry);
        entry.push(file.bytes, true);
        yield* drain();
      }
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
}
