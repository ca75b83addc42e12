import { z } from 'zod';
import { MAX_CURSOR_LENGTH, MAX_PAGE_SIZE, SEARCH_RESULT_LIMIT } from './constants';
import { stripUnsafeLine } from './text';

const limitMessage = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;

/**
 * GET /api/search?q=&cursor=&limit=&projectId=&kind=: one page of the matches, best first. Without a
 * limit a page holds Capture's quick list (docs/product.md §9: 10); `nextCursor` reaches the rest.
 */
export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .overwrite(stripUnsafeLine)
    .max(200, { message: 'Search text must be at most 200 characters.' })
    .default(''),
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional(),
  limit: z.coerce
    .number({ message: limitMessage })
    .int({ message: limitMessage })
    .min(1, { message: limitMessage })
    .max(MAX_PAGE_SIZE, { message: limitMessage })
    .default(SEARCH_RESULT_LIMIT),
  projectId: z.string().min(1).max(64).optional(),
  kind: z.enum(['personal', 'shared']).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  /** The start of the text, or the passage around the first matched word ('…' before it). */
  preview: z.string(),
  tags: z.array(z.string()),
  score: z.number(),
  pinned: z.boolean(),
  updatedAt: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  /** The next page's position; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The words the notes were matched by (the query's, completions, corrections): what to highlight. */
  terms: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
