import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  IMPORT_MESSAGES,
  type ImportResult,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  noteTitleSchema,
  projectNameSchema,
  tagsSchema,
} from '@notewise/shared';
import type { NotesService } from '../notes/notes.service';
import type { Membership } from '../projects/membership.repo';
import { allows } from '../projects/policy';
import type { ProjectsService } from '../projects/projects.service';
import type { ExportProject } from './export-import.repo';
import type { ImportPlan } from './import-files';
import { storeImportedImages } from './import-images';
import { type ImportLayout, type PlacedNote, placeImportedNotes, placementIssues } from './import-links';

/*
 * An upload's planned notes -> created notes (request thread): projects found or made for the
 * "one project per top-level folder" layout, links between the notes written with their ids, images
 * stored through the upload pipeline, each note created once with its tags and dates, and the
 * summary line per note (what arrived, converted, approximated, dropped).
 */

export interface ImportNotesDeps {
  noteService: Pick<NotesService, 'create'>;
  membership: Pick<Membership, 'project'>;
  projects: Pick<ProjectsService, 'create'>;
  /** The projects the caller is a member of (to reuse one of the same name). */
  listProjects: (userId: string) => Promise<ExportProject[]>;
  uploads: Parameters<typeof storeImportedImages>[0];
}

/** The longest the note writes of an import keep the event loop before other requests get it. */
const TURN_MS = 20;

/** The summary's sentences about the whole upload: the shared projects whose sharing stays behind. */
export function importNotices(plan: ImportPlan): Pick<ImportResult, 'notices'> {
  const shared = new Set<string>();
  for (const note of plan.notes)
    if (note.fields?.sharedProject && note.fields.projectName) shared.add(note.fields.projectName);
  return shared.size > 0 ? { notices: [IMPORT_MESSAGES.sharingNotRestored([...shared])] } : {};
}

/** The in-app address of a note (the Quick View opens it; the web router serves it). */
export const noteHref = (projectId: string, noteId: string) =>
  `/quick-view?project=${encodeURIComponent(projectId)}&note=${encodeURIComponent(noteId)}`;

async function projectIds(
  deps: ImportNotesDeps,
  userId: string,
  chosen: string,
  placed: readonly PlacedNote[],
): Promise<Map<string | null, string>> {
  const ids = new Map<string | null, string>([[null, chosen]]);
  const names = [...new Set(placed.map((entry) => entry.projectName).filter((n): n is string => !!n))];
  if (names.length === 0) return ids;
  const existing = await deps.listProjects(userId);
  for (const raw of names) {
    const name = projectNameSchema.safeParse(raw);
    if (!name.success) {
      ids.set(raw, chosen);
      continue;
    }
    let id: string | undefined;
    for (const project of existing.filter((p) => p.name.toLowerCase() === name.data.toLowerCase())) {
      const access = await deps.membership.project(userId, project.id);
      if (access && allows(access, 'create')) {
        id = project.id;
        break;
      }
    }
    id ??= await deps.projects.create(userId, { name: name.data, color: 'blue' }, 'personal');
    ids.set(raw, id);
  }
  return ids;
}

/**
 * Tags as the notes API would take them (no control characters, 40 characters, 20 a note), so a note
 * whose tags are edited later saves: a folder path too long keeps its last folders.
 */
function storableTags(tags: readonly string[]): string[] {
  const kept: string[] = [];
  for (const raw of tags) {
    let tag = raw;
    while ([...tag].length > MAX_TAG_LENGTH && tag.includes('/')) tag = tag.slice(tag.indexOf('/') + 1);
    const parsed = tagsSchema.element.safeParse([...tag].slice(0, MAX_TAG_LENGTH).join(''));
    if (parsed.success) kept.push(parsed.data);
  }
  return kept.slice(0, MAX_TAGS);
}

export async function createImportedNotes(
  deps: ImportNotesDeps,
  userId: string,
  chosenProjectId: string,
  plan: ImportPlan,
  layout: ImportLayout,
  /** Told after each note is written (a background import's progress). */
  onNote?: (written: number, total: number) => Promise<void> | void,
): Promise<ImportResult['imported']> {
  const { placed, link } = placeImportedNotes(plan.notes, layout);
  const projects = await projectIds(deps, userId, chosenProjectId, placed);
  const projectOf = (entry: PlacedNote) => projects.get(entry.projectName) ?? chosenProjectId;
  link(placed, (target) => noteHref(projectOf(target), target.id));
  const imported: ImportResult['imported'] = [];
  let turnStarted = performance.now();
  for (const entry of placed) {
    // On SQLite every write resolves without waiting for I/O, so a loop of 2,000 notes would never
    // let the event loop serve anyone else: it is handed back at least every TURN_MS.
    if (performance.now() - turnStarted > TURN_MS) {
      await nextTurn();
      turnStarted = performance.now();
    }
    const planned = {
      ...entry.note,
      prepared: { ...entry.note.prepared, content: entry.content },
    };
    const { note: candidate, imagesImported } = await storeImportedImages(deps.uploads, userId, planned);
    const title = noteTitleSchema.safeParse(candidate.title);
    const fields = candidate.fields;
    const note = await deps.noteService.create(
      userId,
      {
        id: entry.id,
        projectId: projectOf(entry),
        title: title.success ? title.data : 'Untitled',
        content: candidate.prepared.content,
        ...(entry.tags.length > 0 ? { tags: storableTags(entry.tags) } : {}),
        ...(fields?.createdAt ? { createdAt: fields.createdAt } : {}),
        ...(fields?.updatedAt ? { updatedAt: fields.updatedAt } : {}),
      },
      candidate.prepared,
    );
    const report = candidate.report;
    const resolved = (fields?.links.length ?? 0) - entry.unresolvedLinks;
    imported.push({
      noteId: note.id,
      title: note.title,
      source: candidate.source,
      ...(note.projectId !== chosenProjectId ? { projectId: note.projectId } : {}),
      ...(report
        ? {
            converted: [...report.converted, ...(resolved > 0 ? [{ what: 'links', count: resolved }] : [])],
            approximated: [...report.approximated, ...placementIssues(entry)],
            dropped: report.dropped,
            imagesImported,
          }
        : {}),
    });
    await onNote?.(imported.length, placed.length);
  }
  return imported;
}
