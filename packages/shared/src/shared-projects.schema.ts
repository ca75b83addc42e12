import { z } from 'zod';
import { CHANGE_EVENT_TYPES } from './events';
import { pageSchema } from './pagination.schema';
import { projectColorSchema, projectDescriptionSchema, projectNameSchema } from './projects.schema';

export const JOIN_CODE_LENGTH = 6;

/** docs/product.md §8 join errors, word for word. */
export const JOIN_MESSAGES = {
  notFound: (code: string) => `Project with code "${code}" not found. Please check the code and try again.`,
  ownProject: 'You cannot join your own project.',
  alreadyMemberOf: (name: string) => `You are already a member of "${name}".`,
  alreadyMember: 'You are already a member of this project.',
  searchFailed: 'An error occurred while searching for the project. Please try again.',
  joinFailed: 'Failed to join project. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  tooManyAttempts: 'Too many join attempts. Please wait a few minutes and try again.',
  tooManyFromNetwork: 'Too many wrong codes were tried from your network today. Please try again later.',
  invalidCode: 'Enter the 6-digit project code.',
} as const;

/** docs/product.md §4: the progress modal's six stages, shown in order, ending in 'Project Ready!'. */
export const SHARED_PROJECT_STAGES = [
  'Initializing shared project...',
  'Generating secure project code...',
  'Setting up collaboration space...',
  'Configuring member access...',
  'Syncing project data...',
  'Finalizing project setup...',
] as const;
export const SHARED_PROJECT_READY = 'Project Ready!';
/** docs/product.md §9: progress modal timing. */
export const SHARED_PROJECT_PROGRESS_MS = 30_000;

/**
 * The share dialog's one sentence on what a code protects (decision 041): each network gets
 * JOIN_LIMITS.perAddressPerDay (50) wrong codes a day, so one project's code is found about once in
 * 20,000 network-days of guessing.
 */
export const SHARE_CODE_STRENGTH =
  'A 6-digit code is not a password: each network may try 50 wrong codes a day, so a stranger finds yours only by rare luck. Check the members from time to time.';

export const joinCodeSchema = z.string().regex(/^\d{6}$/, { message: JOIN_MESSAGES.invalidCode });

export const sharedProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: projectColorSchema,
  /** The 6-digit code; null while the owner has it disabled or after it expired. */
  code: z.string().nullable(),
  /** When the code stops (or stopped) working; null without a code or when codes never expire. */
  codeExpiresAt: z.string().nullable(),
  role: z.enum(['owner', 'member']),
  ownerName: z.string(),
  itemCount: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;

/** GET /api/shared-projects: one page, newest updated first. */
export const sharedProjectListSchema = pageSchema('sharedProjects', sharedProjectSchema);
export type SharedProjectListPage = z.infer<typeof sharedProjectListSchema>;

/** POST /api/shared-projects */
export const createSharedProjectBodySchema = z.strictObject({
  name: projectNameSchema,
  description: projectDescriptionSchema.optional(),
  color: projectColorSchema.default('blue'),
});
export type CreateSharedProjectBody = z.input<typeof createSharedProjectBodySchema>;

/** PATCH /api/shared-projects/:id */
export const updateSharedProjectBodySchema = z
  .strictObject({
    name: projectNameSchema.optional(),
    description: projectDescriptionSchema.optional(),
    color: projectColorSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update.' });

/** POST /api/shared-projects/join */
export const joinSharedProjectBodySchema = z.strictObject({ code: joinCodeSchema });

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** The member's profile picture on our origin (`/api/avatars/...`), or null for the initials. */
  image: z.string().nullable(),
  role: z.enum(['owner', 'member']),
  joinedAt: z.string(),
  /** Live notes they wrote in the project: what a removal copies for them (decision 055). */
  notes: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;
/** GET /api/shared-projects/:id/members: one page, in the order they joined. */
export const memberListSchema = pageSchema('members', memberSchema);
export type MemberListPage = z.infer<typeof memberListSchema>;

/** A change pushed over /api/events; the web patches or invalidates its cache. */
export const changeEventSchema = z.object({
  type: z.enum(CHANGE_EVENT_TYPES),
  projectId: z.string().optional(),
  noteId: z.string().optional(),
  /** For note.updated after a move: where the note was before. */
  fromProjectId: z.string().optional(),
  actorId: z.string().optional(),
  /** 'rest' when the change came through the API rather than live co-editing. */
  source: z.enum(['rest', 'collab']).optional(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;
