import crypto from 'node:crypto';
import { MAX_PROJECT_NAME_LENGTH, type ProjectColor } from '@notewise/shared';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../../db/time';
import type { Database } from '../../../db/types';
import { insertProject } from '../projects.repo';

type Executor = Kysely<Database> | Transaction<Database>;

/** Notes copied per statement: bounded memory whatever a member wrote. */
const COPY_PAGE = 200;

/** "From Family recipes", cut to the name limit. */
export function copyProjectName(projectName: string): string {
  return `From ${projectName}`.slice(0, MAX_PROJECT_NAME_LENGTH);
}

/**
 * A removed member keeps what they wrote (decision 055): their live notes in the project are copied,
 * in the removal's transaction, into a new personal project of theirs named "From <project>", with
 * the same titles, text, tags and dates. The originals stay in the shared project for its members.
 * Pictures they uploaded stay linked to the copies; pictures others uploaded are not (the copy is
 * theirs alone, and the policy links an image only to notes its uploader may edit). Nothing is
 * copied, and no project made, when they wrote no note there. Returns the new project's id or null.
 */
export async function copyAuthoredNotes(
  trx: Executor,
  projectId: string,
  userId: string,
): Promise<string | null> {
  const source = await trx
    .selectFrom('projects')
    .select(['name', 'color'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!source) return null;
  let copyId: string | null = null;
  let after = '';
  for (;;) {
    const notes = await trx
      .selectFrom('notes')
      .select(['id', 'title', 'content', 'plain_text', 'excerpt', 'tags', 'created_at', 'updated_at'])
      .where('project_id', '=', projectId)
      .where('author_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(COPY_PAGE)
      .execute();
    if (notes.length === 0) break;
    copyId ??= await insertProject(
      trx,
      userId,
      { name: copyProjectName(source.name), color: source.color as ProjectColor },
      {
        at: nowIso(),
      },
    );
    const copies = notes.map((note) => ({ from: note.id, id: crypto.randomUUID(), note }));
    await trx
      .insertInto('notes')
      .values(
        copies.map(({ id, note }) => ({
          id,
          project_id: copyId as string,
          author_id: userId,
          client_id: null,
          title: note.title,
          content: note.content,
          plain_text: note.plain_text,
          excerpt: note.excerpt,
          tags: note.tags,
          version: 1,
          ydoc: null,
          created_at: note.created_at,
          updated_at: note.updated_at,
        })),
      )
      .execute();
    const links = await trx
      .selectFrom('note_images as ni')
      .innerJoin('images as i', 'i.id', 'ni.image_id')
      .select(['ni.note_id', 'ni.image_id'])
      .where(
        'ni.note_id',
        'in',
        notes.map((note) => note.id),
      )
      .where('i.uploader_id', '=', userId)
      .execute();
    const copyOf = new Map(copies.map((copy) => [copy.from, copy.id]));
    if (links.length > 0) {
      await trx
        .insertInto('note_images')
        .values(
          links.map((link) => ({
            note_id: copyOf.get(link.note_id) as string,
            image_id: link.image_id,
            created_at: nowIso(),
          })),
        )
        .execute();
    }
    after = notes[notes.length - 1]?.id ?? after;
    if (notes.length < COPY_PAGE) break;
  }
  return copyId;
}
