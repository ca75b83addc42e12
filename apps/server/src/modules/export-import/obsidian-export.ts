import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { ObjectStorage } from '../../storage';
import type { ExportNote, ExportProject, ExportRepo } from './export-import.repo';
import { safeFileStem, UniqueNames } from './file-names';
import { outsideCode } from './markdown-links';
import { exportNotes, streamMarkdownZip } from './zip-export';

/*
 * The zip as an Obsidian vault: a folder per project, `Title.md` per note with front matter Obsidian
 * reads (`tags`, `created`, `updated`; `title` only when the file name cannot hold the title), links
 * between exported notes as `[[Folder/Title|label]]`, pictures in `attachments/` embedded as
 * `![[attachments/x.webp|alt]]`, and our titled quotes (`> **Tip: Title**`) as callouts
 * (`> [!tip] Title`). Names are computed in a first pass over the titles (the map holds ids and
 * names only); the notes are then written a page at a time like the Markdown zip.
 */

const ATTACHMENTS = 'attachments';
/** Obsidian cannot link to a file whose name holds these (a heading, block, alias or embed marker). */
const LINK_UNSAFE = /[#^[\]|]/g;
/** The callout types Obsidian knows: a titled quote of another word stays a quote. */
const CALLOUT_TYPES = new Set(
  'note abstract summary tldr info todo tip hint important success check done question help faq warning caution attention failure fail missing danger error bug example quote cite'.split(
    ' ',
  ),
);

const vaultStem = (name: string, fallback?: string) => safeFileStem(name.replace(LINK_UNSAFE, '-'), fallback);

/** Project id -> folder, note id -> its path without `.md` ("Folder/Title"). */
async function vaultNames(repo: ExportRepo, projects: readonly ExportProject[]) {
  const folders = new Map<string, string>();
  const paths = new Map<string, string>();
  const folderNames = new UniqueNames();
  folderNames.take(ATTACHMENTS);
  const files = projects.map((project) => {
    folders.set(project.id, folderNames.take(vaultStem(project.name, 'Project')));
    return new UniqueNames();
  });
  for await (const { note, project } of exportNotes(repo, projects)) {
    const folder = folders.get(project.id)!;
    if (!paths.has(note.id))
      paths.set(note.id, `${folder}/${files[note.position.project]!.take(vaultStem(note.title))}`);
  }
  return { folders, paths };
}

const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
/** A wikilink label or embed caption: no brackets or bars (they would end it). */
const wikiText = (text: string) =>
  unescapeMarkdown(text)
    .replace(/[[\]|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** `[label](/quick-view?project=..&note=<id>)`, an in-app link to a note (import-notes.ts noteHref). */
const NOTE_LINK = /\[((?:[^[\]\\]|\\.)*)\]\(\s*<?(\/[^)\s>]*[?&]note=[^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const IMAGE = /!\[((?:[^[\]\\]|\\.)*)\]\(\s*<?\/api\/images\/([\w.-]+)>?(?:\s+"[^"]*")?\s*\)/g;
const TITLED_QUOTE = /^((?:[ \t]{0,3}>[ \t]?)+)\*\*([A-Za-z][\w ]*?)(?::[ \t]*(.*?))?\*\*[ \t]*$/gm;

/** A note's stored Markdown in Obsidian's syntax; `images` collects the pictures it shows. */
export function obsidianMarkdown(
  markdown: string,
  paths: ReadonlyMap<string, string>,
  images: Set<string>,
): string {
  return outsideCode(markdown, (text) =>
    text
      .replace(NOTE_LINK, (whole, label: string, href: string) => {
        const id = new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('note');
        const path = id ? paths.get(id) : undefined;
        if (!path) return whole;
        const shown = wikiText(label);
        return shown ? `[[${path}|${shown}]]` : `[[${path}]]`;
      })
      .replace(IMAGE, (_whole, alt: string, file: string) => {
        images.add(file);
        const caption = wikiText(alt);
        // A caption of digits would read as a size.
        return caption && !/^\d+(x\d+)?$/.test(caption)
          ? `![[${ATTACHMENTS}/${file}|${caption}]]`
          : `![[${ATTACHMENTS}/${file}]]`;
      })
      .replace(TITLED_QUOTE, (whole, quote: string, kind: string, title: string | undefined, offset, all) => {
        const type = kind.toLowerCase().replace(/ /g, '-');
        // Only the first line of a quote is its title.
        const before = (all as string).slice(0, offset as number);
        const previous = before.endsWith('\n') ? (before.slice(0, -1).split('\n').pop() ?? '') : '';
        if (!CALLOUT_TYPES.has(type) || /^[ \t]{0,3}>/.test(previous)) return whole;
        return `${quote}[!${type}]${title?.trim() ? ` ${title.trim()}` : ''}`;
      }),
  );
}

function frontMatter(note: ExportNote, fileStem: string): string {
  const lines = ['---'];
  // The importer reads `title:`; Obsidian shows the file name: only needed when they differ.
  if (fileStem !== note.title) lines.push(`title: ${JSON.stringify(note.title)}`);
  if (note.tags.length > 0) lines.push('tags:', ...note.tags.map((tag) => `  - ${JSON.stringify(tag)}`));
  lines.push(`created: ${note.createdAt}`, `updated: ${note.updatedAt}`, '---');
  return lines.join('\n');
}

export async function streamObsidianVault(
  deps: { db: Kysely<Database>; storage: ObjectStorage; exportRepo: ExportRepo },
  projects: readonly ExportProject[],
): Promise<Readable> {
  const { folders, paths } = await vaultNames(deps.exportRepo, projects);
  const images = new Set<string>();
  const written = new Set<string>();
  const late = new Map<string, UniqueNames>();
  async function* files() {
    if (images.size === 0 || projects.length === 0) return;
    const rows = await deps.exportRepo.imagesOfProjects(projects.map((project) => project.id));
    for (const row of rows) {
      const name = `${row.id}-${row.hash}.webp`;
      if (!images.has(name)) continue;
      const stored = await deps.storage.get(row.storage_key);
      if (!stored) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      yield { path: `${ATTACHMENTS}/${name}`, bytes: Buffer.concat(chunks) };
    }
  }
  return streamMarkdownZip(deps.exportRepo, projects, {
    files,
    note(note, project) {
      const folder = folders.get(project.id) ?? vaultStem(project.name, 'Project');
      let path = paths.get(note.id);
      // Created or edited while the export ran (read a second time): a name of its own.
      if (!path || written.has(path)) {
        const names = late.get(folder) ?? new UniqueNames();
        late.set(folder, names);
        path = `${folder}/${names.take(`${vaultStem(note.title)} (${note.id.slice(0, 8)})`)}`;
      }
      written.add(path);
      const stem = path.slice(folder.length + 1);
      const body = obsidianMarkdown(note.content, paths, images);
      return { path: `${path}.md`, text: `${frontMatter(note, stem)}\n\n${body}${body ? '\n' : ''}` };
    },
  });
}
