import { z } from 'zod';

/** POST /api/images -> 201 (images-contract): a note image, served from our origin. */
export const uploadedImageSchema = z.object({
  image: z.object({
    id: z.string(),
    /** `/api/images/<id>-<hash>.webp`: what the editor puts in the image node's src. */
    url: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** PUT /api/me/avatar: a picture fetched by the server from an https address, then stored like an upload. */
export const avatarUrlBodySchema = z.strictObject({
  url: z.string().trim().min(1).max(2048),
});
export type AvatarUrlBody = z.infer<typeof avatarUrlBodySchema>;

const NOTE_IMAGE_URL =
  /\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([0-9a-f]{32})\.webp/g;

/** Our images a Markdown note points at (`/api/images/<id>-<hash>.webp`), each once. */
export function noteImageRefs(markdown: string): { id: string; hash: string }[] {
  const seen = new Map<string, string>();
  for (const match of markdown.matchAll(NOTE_IMAGE_URL)) {
    const [, id, hash] = match;
    if (id && hash && !seen.has(id)) seen.set(id, hash);
  }
  return [...seen].map(([id, hash]) => ({ id, hash }));
}

export function noteImageUrl(id: string, hash: string): string {
  return `/api/images/${id}-${hash}.webp`;
}
