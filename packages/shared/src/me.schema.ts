import { z } from 'zod';
import { displayNameSchema } from './auth.schema';
import { PLANS } from './constants';
import { stripUnsafeLine } from './text';

/** GET /api/me */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  plan: z.enum(PLANS),
  planExpiresAt: z.string().nullable(),
  access: z.boolean(),
  trialActive: z.boolean(),
  daysRemaining: z.number().int().min(0),
});
export type Me = z.infer<typeof meSchema>;

/** PATCH /api/me */
export const updateMeBodySchema = z.strictObject({
  name: displayNameSchema,
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

/** GET/PUT /api/me/last-page: the path restored after a reload. */
export const lastPageSchema = z.strictObject({
  path: z
    .string()
    .max(2048)
    .regex(/^\/(?!\/)/, { message: 'Path must start with a single /' }),
  title: z.string().overwrite(stripUnsafeLine).max(200).default(''),
});
export type LastPage = z.infer<typeof lastPageSchema>;

export const lastPageResponseSchema = z.object({
  path: z.string().nullable(),
  title: z.string().nullable(),
});
export type LastPageResponse = z.infer<typeof lastPageResponseSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

const readinessCheck = z.enum(['ok', 'failed', 'not-configured']);
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({ database: readinessCheck, migrations: readinessCheck, redis: readinessCheck }),
});
export type Readiness = z.infer<typeof readinessSchema>;
