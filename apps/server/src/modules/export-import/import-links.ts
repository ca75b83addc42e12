import crypto from 'node:crypto';
import { IMPORT_LIMITS, IMPORT_REPORT, type ImportIssue, type ImportLayout } from '@notewise/shared';
import type { NoteToImport } from './import-files';
import { NAMED_ISSUES } from './markdown-import';

/*
 * The notes of one upload, placed before any is created (on the request thread, with every note of
 * the plan known): each gets its id and project first, so a link between two of them is written into
 * the text the note is created with (one write per note, no second pass that would add a version and
 * move the imported `updated` date). Links resolve like Obsidian's: the file's path, then its file
 * name (shortest path first), then the note's title, all case-insensitive; the rest keep their text.
 */

export type { ImportLayout } from '@notewise/shared';

export interface PlacedNote {
  note: NoteToImport;
  id: string;
  /** The project it goes into: the chosen one, or one named by its folder or `project:` property. */
  projectName: string | null;
  tags: string[];
  content: string;
  unresolvedLinks: number;
  /** What the unresolved links named. */
  unresolvedTargets: string[];
  /** Its folder would have been a project past the limit of one upload. */
  overflow: boolean;
}

const stem = (path: string) => path.replace(/\.(md|markdown|mdown|txt|text|docx)$/i, '').toLowerCase();
/** `[label](#import-link-N)` as the sanitizer writes it (the label's brackets escaped). */
// An unescaped `[` cannot be in the label: the match never starts at an escaped bracket before it.
const PLACEHOLDER_LINK = /\[((?:[^[\]\\]|\\.)*)\]\((#import-link-\d+)\)/g;

/** Notion appends a 32-hex-digit page id to its folder and file names ("Plan 0a1b...f"). */
const NOTION_ID = /\s+[0-9a-f]{32}$/i;

/**
 * The folders of a source path, without a root folder every note of the upload shares, Notion's page
 * ids, Bear's `Note.textbundle` folder (a note's own package, not a place it was filed in) and the
 * `.enex` of an Evernote notebook.
 */
function folders(source: string, root: string): string[] {
  const parts = source.split('/').slice(0, -1);
  return (
    (root && parts[0] === root ? parts.slice(1) : parts)
      .filter((part) => !/\.textbundle$/i.test(part))
      // An Evernote notebook (`Work.enex/Note`) is a folder named after the notebook.
      .map((part) => part.replace(NOTION_ID, '').replace(/\.enex$/i, ''))
  );
}

/** A root folder all notes share (a vault zipped with its folder) when something lies below it. */
function sharedRoot(notes: readonly NoteToImport[]): string {
  const first = notes[0]?.source.split('/')[0] ?? '';
  if (!first || notes.some((n) => n.source.split('/').length < 2 || n.source.split('/')[0] !== first))
    return '';
  return notes.some((n) => n.source.split('/').length > 2) ? first : '';
}

/** Ids, projects, folder tags and links of an upload's notes; `href` makes a note's in-app address. */
export function placeImportedNotes(
  notes: readonly NoteToImport[],
  layout: ImportLayout,
): { placed: PlacedNote[]; link: (placed: PlacedNote[], href: (note: PlacedNote) => string) => void } {
  const root = sharedRoot(notes);
  // One upload makes at most IMPORT_LIMITS.maxImportProjects projects (a zip of 2000 folders would
  // otherwise make 2000): the first ones by name; the others' notes go into the chosen project.
  const allowed = new Set(
    [...new Set(notes.map((note) => note.fields?.projectName ?? folders(note.source, root)[0] ?? ''))]
      .filter(Boolean)
      .sort((a, b) => a.localeCompare(b))
      .slice(0, IMPORT_LIMITS.maxImportProjects),
  );
  const placed = notes.map((note): PlacedNote => {
    const path = folders(note.source, root);
    const named = note.fields?.projectName;
    let projectName: string | null = null;
    let folderTag = path.join('/');
    const wanted = named ?? path[0] ?? null;
    const overflow = layout === 'folders' && wanted !== null && !allowed.has(wanted);
    if (layout === 'folders' && !overflow) {
      projectName = wanted;
      folderTag = named ? '' : path.slice(1).join('/');
    } else if (named) folderTag = '';
    const tags = [...(note.fields?.tags ?? [])];
    if (folderTag && !tags.some((tag) => tag.toLowerCase() === folderTag.toLowerCase())) tags.push(folderTag);
    return {
      note,
      id: crypto.randomUUID(),
      projectName,
      tags: tags.slice(0, 20),
      content: note.prepared.content,
      unresolvedLinks: 0,
      unresolvedTargets: [],
      overflow,
    };
  });

  const byPath = new Map<string, PlacedNote>();
  const byName = new Map<string, PlacedNote>();
  const byTitle = new Map<string, PlacedNote>();
  const shortestFirst = [...placed].sort((a, b) => a.note.source.length - b.note.source.length);
  for (const entry of shortestFirst) {
    const path = stem(entry.note.source);
    byPath.set(path, entry);
    if (root) byPath.set(path.slice(root.length + 1), entry);
    const name = path.split('/').pop() ?? path;
    if (!byName.has(name)) byName.set(name, entry);
    const title = entry.note.title.toLowerCase();
    if (!byTitle.has(title)) byTitle.set(title, entry);
  }
  const resolve = (target: string, from: PlacedNote): PlacedNote | undefined => {
    const wanted = target.trim().toLowerCase();
    if (!wanted) return undefined;
    const folder = from.note.source.includes('/')
      ? from.note.source.slice(0, from.note.source.lastIndexOf('/') + 1).toLowerCase()
      : '';
    return (
      byPath.get(`${folder}${wanted}`) ??
      byPath.get(wanted) ??
      byName.get(wanted.split('/').pop() ?? wanted) ??
      byTitle.get(wanted)
    );
  };

  return {
    placed,
    /** Once projects have ids: each placeholder becomes the linked note's address, or its text. */
    link(entries, href) {
      for (const entry of entries) {
        const pending = entry.note.fields?.links ?? [];
        if (pending.length === 0) continue;
        const hrefs = new Map<string, string | null>();
        for (const link of pending) {
          const target = resolve(link.target, entry);
          hrefs.set(link.placeholder, target ? href(target) : null);
          if (!target) {
            entry.unresolvedLinks += 1;
            if (link.target) entry.unresolvedTargets.push(link.target);
          }
        }
        // One pass over the text whatever the number of links (this runs on the request thread):
        // a resolved link gets its address, an unresolved one is its label again.
        entry.content = entry.content.replace(
          PLACEHOLDER_LINK,
          (whole, label: string, placeholder: string) => {
            const target = hrefs.get(placeholder);
            if (target === undefined) return whole;
            return target === null ? label : `[${label}](${target})`;
          },
        );
      }
    },
  };
}

/** The summary's lines for links that found no note and a `project:` the layout did not use. */
export function placementIssues(entry: PlacedNote): ImportIssue[] {
  return [
    ...(entry.unresolvedLinks > 0
      ? [
          {
            what: 'unresolved links',
            count: entry.unresolvedLinks,
            reason: IMPORT_REPORT.unresolvedLinks,
            ...(entry.unresolvedTargets.length > 0
              ? { names: [...new Set(entry.unresolvedTargets)].slice(0, NAMED_ISSUES) }
              : {}),
          },
        ]
      : []),
    ...(entry.overflow
      ? [{ what: 'project', count: 1, reason: IMPORT_REPORT.tooManyProjects }]
      : entry.note.fields?.projectName && entry.projectName === null
        ? [{ what: 'project', count: 1, reason: IMPORT_REPORT.projectNotUsed }]
        : []),
  ];
}
