import crypto from 'node:crypto';
import { noteImageUrl } from '@notewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';
import type { ObjectStorage, StoredObject } from '../../storage';
import { fetchImage, type ImageFetchOptions } from './image-fetcher';
import { type ProcessedImage, processImage } from './image-pipeline';
import { createUploadsRepo } from './uploads.repo';

const WEBP = 'image/webp';

export const avatarUrl = (userId: string, hash: string) => `/api/avatars/${userId}-${hash}.webp`;
const avatarKey = (userId: string, hash: string) => `avatars/${userId}-${hash}.webp`;
const imageKey = (id: string, hash: string) => `images/${id}-${hash}.webp`;

export interface UploadsDeps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  fetchOptions: ImageFetchOptions;
  log: FastifyBaseLogger;
}

/** The image pipeline's users (decision 021): profile pictures and note images. */
export function createUploads({ db, storage, fetchOptions, log }: UploadsDeps) {
  const repo = createUploadsRepo(db);

  /** A file that could not be deleted is logged, not fatal: the answer the user gets is already right. */
  const deleteQuietly = async (key: string) => {
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not delete a stored file');
    }
  };

  const storeAvatar = async (userId: string, image: ProcessedImage) => {
    const key = avatarKey(userId, image.hash);
    const url = avatarUrl(userId, image.hash);
    const previous = await repo.avatarKey(userId);
    await storage.put(key, image.data, WEBP);
    try {
      await repo.setAvatar(userId, key, url);
    } catch (error) {
      if (key !== previous) await deleteQuietly(key);
      throw error;
    }
    // The same picture again keeps its key: nothing to delete.
    if (previous && previous !== key) await deleteQuietly(previous);
    return url;
  };

  return {
    async setAvatarFromBytes(userId: string, bytes: Buffer): Promise<string> {
      return storeAvatar(userId, await processImage(bytes, 'avatar'));
    },

    /** Fetched by the server (never hot-linked), then stored exactly like an upload. */
    async setAvatarFromUrl(userId: string, url: string): Promise<string> {
      const bytes = await fetchImage(url, fetchOptions);
      return storeAvatar(userId, await processImage(bytes, 'avatar'));
    },

    async removeAvatar(userId: string): Promise<void> {
      const previous = await repo.avatarKey(userId);
      await repo.setAvatar(userId, null, null);
      if (previous) await deleteQuietly(previous);
    },

    /** The user's current picture, when `<userId>-<hash>.webp` is it; undefined otherwise. */
    async readAvatar(userId: string, hash: string): Promise<StoredObject | undefined> {
      const key = avatarKey(userId, hash);
      if ((await repo.avatarKey(userId)) !== key) return undefined;
      return storage.get(key);
    },

    /** Stores a note image, owned by its uploader (only they may read it until a note links it). */
    async uploadNoteImage(userId: string, bytes: Buffer) {
      const image = await processImage(bytes, 'note');
      const id = crypto.randomUUID();
      const key = imageKey(id, image.hash);
      await storage.put(key, image.data, WEBP);
      try {
        await repo.insertImage({
          id,
          uploader_id: userId,
          hash: image.hash,
          storage_key: key,
          width: image.width,
          height: image.height,
          size: image.data.length,
          created_at: nowIso(),
        });
      } catch (error) {
        await deleteQuietly(key);
        throw error;
      }
      return { id, url: noteImageUrl(id, image.hash), width: image.width, height: image.height };
    },

    /** Links an image to a note the caller has been authorized to edit (POST /api/images with noteId). */
    async linkToNote(noteId: string, imageId: string) {
      await repo.insertLink(noteId, imageId);
    },

    /** The image when the user may read it (its uploader, or a reader of a note showing it); else undefined. */
    async readNoteImage(userId: string, id: string, hash: string): Promise<StoredObject | undefined> {
      const image = await repo.findImage(id);
      if (!image || image.hash !== hash) return undefined;
      const allowed = image.uploader_id === userId || (await repo.readableThroughNote(id, userId));
      return allowed ? storage.get(image.storage_key) : undefined;
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
