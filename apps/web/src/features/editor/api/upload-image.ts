import { ApiError, CLIENT_ERROR_CODES, errorMessage } from '@/lib/api';

/** SPEC 9: pictures up to 5 MB (the server checks too, from the bytes). */
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

const IMAGE_URL = /^\/api\/images\/[A-Za-z0-9_-]+\.webp$/;

function parseUploadedImage(body: unknown): UploadedImage {
  const image = (body as { image?: Partial<UploadedImage> } | null)?.image;
  if (
    !image ||
    typeof image.id !== 'string' ||
    typeof image.url !== 'string' ||
    !IMAGE_URL.test(image.url) ||
    typeof image.width !== 'number' ||
    typeof image.height !== 'number'
  ) {
    throw new ApiError(
      0,
      CLIENT_ERROR_CODES.http,
      'The server answered the upload with something unexpected.',
    );
  }
  return { id: image.id, url: image.url, width: image.width, height: image.height };
}

/** A file the picker, a paste or a drop brought in that is worth sending (type and size). */
export function checkImageFile(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return 'Only PNG, JPEG, WebP, GIF and AVIF images can be added.';
  if (file.size > MAX_IMAGE_BYTES) return 'Images can be at most 5 MB.';
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
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    const message =
      typeof error?.message === 'string' && error.message
        ? error.message
        : response.status === 413
          ? 'Images can be at most 5 MB.'
          : `The server refused the image (HTTP ${response.status}).`;
    throw new ApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : CLIENT_ERROR_CODES.http,
      message,
    );
  }
  return parseUploadedImage(body);
}
