import { PICTURE_MESSAGES, uploadedImageSchema } from '@notewise/shared';
import { ApiError, apiErrorFrom, CLIENT_ERROR_CODES, errorMessage } from '@/lib/api';

/** docs/product.md §9: pictures up to 5 MB (the server checks too, from the bytes). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];
/** For the file picker's `accept`. */
export const IMAGE_ACCEPT = ACCEPTED_TYPES.join(',');

export interface UploadedImage {
  id: string;
  /** Relative, served by our origin: /api/images/<id>-<hash>.webp */
  url: string;
  width: number;
  height: number;
}

// Only our own origin's image paths go into a note.
const IMAGE_URL = /^\/api\/images\/[A-Za-z0-9_-]+\.webp$/;

function parseUploadedImage(body: unknown): UploadedImage {
  const parsed = uploadedImageSchema.safeParse(body);
  if (!parsed.success || !IMAGE_URL.test(parsed.data.image.url)) {
    throw new ApiError(0, CLIENT_ERROR_CODES.http, PICTURE_MESSAGES.uploadFailed);
  }
  return parsed.data.image;
}

/** A file the picker, a paste or a drop brought in that is worth sending (type and size). */
export function checkImageFile(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return PICTURE_MESSAGES.invalidFile;
  if (file.size > MAX_IMAGE_BYTES) return PICTURE_MESSAGES.tooLarge;
  return null;
}

/**
 * POST /api/images (multipart, field `file`, optional `noteId`): the server checks the type from the
 * bytes, re-encodes to WebP without metadata and answers 201 with the image's relative URL.
 */
export async function uploadImage(
  file: File,
  options: { noteId?: string; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  if (options.noteId) form.append('noteId', options.noteId);
  let response: Response;
  try {
    response = await fetch('/api/images', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CLIENT_ERROR_CODES.network, errorMessage(error));
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    throw apiErrorFrom(
      response.status,
      body,
      response.status === 413 ? PICTURE_MESSAGES.tooLarge : PICTURE_MESSAGES.uploadFailed,
    );
  }
  return parseUploadedImage(body);
}
