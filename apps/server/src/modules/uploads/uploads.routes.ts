import multipart from '@fastify/multipart';
import {
  avatarUrlBodySchema,
  ERROR_CODES,
  MAX_IMAGE_BYTES,
  meSchema,
  PICTURE_MESSAGES,
  uploadedImageSchema,
} from '@notewise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, notFound, rateLimited } from '../../http/errors';
import { currentUser, type SessionCache } from '../../http/session';
import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter';
import type { StoredObject } from '../../storage';
import { toMe } from '../profile/profile.routes';
import type { Membership } from '../projects/membership.repo';
import { noteAccessOrThrow } from '../projects/policy';
import { ImageFetchError } from './image-fetcher';
import { ImageRejectedError } from './image-pipeline';
import type { Uploads } from './uploads.service';

const fileParamsSchema = z.object({ file: z.string().max(160) });
const NOTE_IMAGE_FILE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([0-9a-f]{32})\.webp$/;
const AVATAR_FILE = /^([A-Za-z0-9_-]{1,64})-([0-9a-f]{32})\.webp$/;
/** The hash is in the URL: the bytes at an address never change, so browsers may keep them a year. */
const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';
const IMAGE_NOT_FOUND = 'Image not found';

/** GET image routes answer bytes, not JSON: documented as image/webp. */
const IMAGE_RESPONSE = {
  response: { 200: z.unknown().describe('The WebP image (X-Content-Type-Options: nosniff)') },
  produces: ['image/webp'],
};

const tooLarge = () => new ApiError(413, ERROR_CODES.payloadTooLarge, PICTURE_MESSAGES.tooLarge);

/** The picture texts of docs/product.md §8 for whatever went wrong with an uploaded (or fetched) image. */
function pictureError(error: unknown, from: 'file' | 'url'): unknown {
  if (error instanceof ImageRejectedError) {
    if (error.reason === 'too-large') return tooLarge();
    // Every decode slot taken: nothing is wrong with the picture, a retry in a moment works.
    if (error.reason === 'busy') {
      return new ApiError(503, ERROR_CODES.unavailable, PICTURE_MESSAGES.uploadFailed);
    }
    return badRequest(from === 'url' ? PICTURE_MESSAGES.invalidUrl : PICTURE_MESSAGES.invalidFile);
  }
  if (error instanceof ImageFetchError) {
    return error.reason === 'too-large' ? tooLarge() : badRequest(PICTURE_MESSAGES.invalidUrl);
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest(PICTURE_MESSAGES.invalidFile);
  return error;
}

/** The multipart body: exactly one file in field `file`, plus the optional text field `noteId`. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; noteId: string | undefined }> {
  let bytes: Buffer | undefined;
  let noteId: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read even when refused: the stream must be drained for the request to finish.
        const data = await part.toBuffer();
        if (part.fieldname !== 'file' || bytes) throw badRequest(PICTURE_MESSAGES.invalidFile);
        bytes = data;
      } else if (part.fieldname === 'noteId' && typeof part.value === 'string') {
        noteId = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const mapped = pictureError(error, 'file');
    // Anything else here is the body itself (a malformed multipart stream, "Unexpected end of form"):
    // the client's fault, never a 500.
    throw mapped instanceof ApiError ? mapped : badRequest(PICTURE_MESSAGES.invalidFile);
  }
  if (!bytes || bytes.length === 0) throw badRequest(PICTURE_MESSAGES.invalidFile);
  return { bytes, noteId };
}

function sendImage(reply: FastifyReply, stored: StoredObject) {
  reply
    .header('content-type', 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', IMMUTABLE_PRIVATE)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin');
  if (stored.size !== undefined) reply.header('content-length', stored.size);
  return reply.send(stored.body);
}

/**
 * Each upload or fetch costs a decode and an encode (seconds for a large photo): 60 a minute per
 * account is far beyond pasting images into notes, and keeps one account from keeping the CPU busy.
 */
export const UPLOAD_RATE_LIMIT: RateLimitRule = { name: 'uploads', limit: 60, windowMs: 60_000 };

export interface UploadRoutesDeps {
  uploads: Uploads;
  membership: Membership;
  sessions: SessionCache;
  rateLimiter: RateLimiter;
}

/** Profile pictures and note images (decision 021; images-contract). */
export async function registerUploadRoutes(app: FastifyInstance, deps: UploadRoutesDeps) {
  const { uploads, membership, sessions, rateLimiter } = deps;
  // Counted before the body is read: a refused request costs no decoding.
  const limitUploads: preHandlerAsyncHookHandler = async (request, reply) => {
    const decision = await rateLimiter.consume(UPLOAD_RATE_LIMIT, currentUser(request).id);
    if (!decision.allowed) {
      throw rateLimited(reply, decision.retryAfterSeconds);
    }
  };
  // Only these routes take multipart bodies; everywhere else it stays an unsupported content type.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: 1,
        fields: 2,
        fieldSize: 200,
        parts: 3,
        headerPairs: 20,
      },
      throwFileSizeLimit: true,
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/me/avatar',
      { onRequest: scope.requireAuth, preHandler: limitUploads, schema: { response: { 200: meSchema } } },
      async (request) => {
        const user = currentUser(request);
        const { bytes } = await readUpload(request);
        const image = await uploads.setAvatarFromBytes(user.id, bytes).catch((error: unknown) => {
          throw pictureError(error, 'file');
        });
        sessions.forgetUser(user.id);
        return toMe({ ...user, image });
      },
    );

    r.post(
      '/api/images',
      {
        onRequest: scope.requireAccess,
        preHandler: limitUploads,
        schema: { response: { 201: uploadedImageSchema } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { bytes, noteId } = await readUpload(request);
        // Checked before the work: a note the uploader cannot see is 404, one they cannot edit 403.
        if (noteId !== undefined) await noteAccessOrThrow(membership, user.id, noteId, 'editText');
        const image = await uploads.uploadNoteImage(user.id, bytes).catch((error: unknown) => {
          throw pictureError(error, 'file');
        });
        if (noteId !== undefined) await uploads.linkToNote(noteId, image.id);
        return reply.status(201).send({ image });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/me/avatar',
    {
      onRequest: app.requireAuth,
      preHandler: limitUploads,
      schema: { body: avatarUrlBodySchema, response: { 200: meSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const image = await uploads.setAvatarFromUrl(user.id, request.body.url).catch((error: unknown) => {
        throw pictureError(error, 'url');
      });
      sessions.forgetUser(user.id);
      return toMe({ ...user, image });
    },
  );

  r.delete(
    '/api/me/avatar',
    { onRequest: app.requireAuth, schema: { response: { 200: meSchema } } },
    async (request) => {
      const user = currentUser(request);
      await uploads.removeAvatar(user.id);
      sessions.forgetUser(user.id);
      return toMe({ ...user, image: null });
    },
  );

  r.get(
    '/api/avatars/:file',
    { onRequest: app.requireAuth, schema: { params: fileParamsSchema, ...IMAGE_RESPONSE } },
    async (request, reply) => {
      const match = AVATAR_FILE.exec(request.params.file);
      const stored = match ? await uploads.readAvatar(match[1] as string, match[2] as string) : undefined;
      if (!stored) throw notFound(IMAGE_NOT_FOUND);
      return sendImage(reply, stored);
    },
  );

  r.get(
    '/api/images/:file',
    { onRequest: app.requireAuth, schema: { params: fileParamsSchema, ...IMAGE_RESPONSE } },
    async (request, reply) => {
      const match = NOTE_IMAGE_FILE.exec(request.params.file);
      const userId = currentUser(request).id;
      const stored = match
        ? await uploads.readNoteImage(userId, match[1] as string, match[2] as string)
        : undefined;
      if (!stored) throw notFound(IMAGE_NOT_FOUND);
      return sendImage(reply, stored);
    },
  );
}
