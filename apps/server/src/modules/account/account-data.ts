import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { ObjectStorage } from '../../storage';
import type { ExportRepo } from '../export-import/export-import.repo';
import { streamMarkdownZip } from '../export-import/zip-export';
import { createUploadsRepo } from '../uploads/uploads.repo';
import { createAccountRepo } from './account.repo';

/** Top-level entries of the account export besides the project folders. */
const IMAGES_FOLDER = 'images';
const PICTURE_FILE = 'profile-picture.webp';
const ACCOUNT_FILE = 'account.json';

async function readAll(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * "Download all my data": the projects' Markdown as the account export writes it, and beside it the
 * pictures the notes show (`images/<id>-<hash>.webp`, which the notes' links point to relatively,
 * so the folder reads offline), the profile picture and `account.json` (name, email, plan). Read a
 * picture at a time while the zip streams: memory holds one picture, not all of them.
 */
export interface AccountDataProgress {
  /** After each note is written. */
  onNote?: () => void;
  /** After each picture of a note is written. */
  onImage?: () => void;
}

export function streamAccountData(
  deps: { db: Kysely<Database>; storage: ObjectStorage; exportRepo: ExportRepo },
  user: { id: string; name: string; email: string; plan: string; createdAt: Date },
  projects: Parameters<typeof streamMarkdownZip>[1],
  progress: AccountDataProgress = {},
): Readable {
  const { db, storage } = deps;
  async function* files() {
    yield {
      path: ACCOUNT_FILE,
      bytes: new TextEncoder().encode(
        `${JSON.stringify(
          { name: user.name, email: user.email, plan: user.plan, createdAt: user.createdAt.toISOString() },
          null,
          2,
        )}\n`,
      ),
    };
    const avatar = await createUploadsRepo(db).avatarKey(user.id);
    const picture = avatar ? await storage.get(avatar) : undefined;
    if (picture) yield { path: PICTURE_FILE, bytes: await readAll(picture.body) };
    const images = await createAccountRepo(db).readableImages(user.id);
    for (const image of images) {
      const stored = await storage.get(image.storage_key);
      if (!stored) continue;
      yield { path: `${IMAGES_FOLDER}/${image.id}-${image.hash}.webp`, bytes: await readAll(stored.body) };
      progress.onImage?.();
    }
  }
  return streamMarkdownZip(deps.exportRepo, projects, {
    reserved: [IMAGES_FOLDER],
    // Notes sit one folder down: `/api/images/x.webp` becomes `../images/x.webp`.
    content: (markdown) => {
      progress.onNote?.();
      return markdown.replaceAll('](/api/images/', `](../${IMAGES_FOLDER}/`);
    },
    files,
  });
}
