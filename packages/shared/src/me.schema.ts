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

/** GET /api/health, liveness: the process answers (no database round trip; `database` is the kind in use). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

const readinessCheck = z.enum(['ok', 'failed', 'not-configured']);
/**
 * GET /api/health/ready (decision 046): 'not-ready' (503) when the database or a migration fails;
 * 'degraded' (200) when only Redis, file storage or disk space fails, which every instance shares.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'degraded', 'not-ready']),
  checks: z.object({
    database: readinessCheck,
    migrations: readinessCheck,
    redis: readinessCheck,
    storage: readinessCheck,
    disk: readinessCheck,
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** PUT /api/me/tutorial: finished or skipped (true), or restarted from Help or Settings (false). */
export const tutorialStateBodySchema = z.strictObject({ completed: z.boolean() });
export type TutorialStateBody = z.infer<typeof tutorialStateBodySchema>;

/** GET/PUT /api/me/tutorial: whether the account has finished or skipped the guided tutorial. */
export const tutorialStateSchema = z.object({ completed: z.boolean(), completedAt: z.string().nullable() });
export type TutorialState = z.infer<typeof tutorialStateSchema>;
