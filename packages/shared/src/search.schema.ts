import { z } from 'zod';
import { stripUnsafeLine } from './text';

/** GET /api/search?q= */
export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .overwrite(stripUnsafeLine)
    .max(200, { message: 'Search text must be at most 200 characters.' })
    .default(''),
});

export const searchResultSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  preview: z.string(),
  tags: z.array(z.string()),
  score: z.number(),
  pinned: z.boolean(),
  updatedAt: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
