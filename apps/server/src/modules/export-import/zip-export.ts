import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  EXPORT_PAGE_SIZE,
  type ExportNote,
  type ExportPosition,
  type ExportProject,
  type ExportRepo,
} from './export-import.repo';
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

/**
 * The projects' notes in the zip's order (project by project as listed, each project's oldest change
 * first), a page at a time. The live notes are counted per project first (one query); then a run of
 * projects that together hold about a page is read in one query (sorted by the database), and a
 * project larger than a page alone along its index. The queries grow with the notes, not with the
 * projects (150 small projects were 150 queries, now 2), and no query sorts more than about a page.
 */
export async function* exportNotes(
  repo: ExportRepo,
  projects: readonly ExportProject[],
): AsyncGenerator<{ note: ExportNote; project: ExportProject }> {
  const ids = projects.map((project) => project.id);
  const counts = await repo.liveNoteCounts(ids);
  let first = 0;
  while (first < ids.length) {
    let end = first + 1;
    let total = counts.get(first) ?? 0;
    if (total < EXPORT_PAGE_SIZE) {
      while (end < ids.length && total + (counts.get(end) ?? 0) <= EXPORT_PAGE_SIZE) {
        total += counts.get(end) ?? 0;
        end += 1;
      }
    }
    let after: ExportPosition | null = null;
    for (;;) {
      // Still paged when a run holds less than a page: notes may be added while the zip streams.
      const page: ExportNote[] =
        end - first === 1
          ? await repo.projectNotesPage(ids[first]!, first, after)
          : (await repo.notesPage(ids.slice(first, end), after)).map((note) => ({
              ...note,
              position: { ...note.position, project: note.position.project + first },
            }));
      for (const note of page) yield { note, project: projects[note.position.project]! };
      if (page.length < EXPORT_PAGE_SIZE) break;
      const last = page[page.length - 1]!.position;
      after = { ...last, project: last.project - first };
    }
    first = end;
  }
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
    // Every project's folder is named up front in the list's order, as when each was read in turn.
    const folderOf = projects.map((project) => folders.take(safeFileStem(project.name, 'Project')));
    const files = projects.map(() => new UniqueNames());
    const encoder = new TextEncoder();
    for await (const { note, project } of exportNotes(repo, projects)) {
      const index = note.position.project;
      const own = extras.note?.(note, project);
      const path = own?.path ?? `${folderOf[index]}/${files[index]!.take(safeFileStem(note.title), '.md')}`;
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
