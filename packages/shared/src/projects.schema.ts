import { z } from 'zod';
import { MAX_PROJECT_DESCRIPTION_LENGTH, MAX_PROJECT_NAME_LENGTH, PROJECT_COLORS } from './constants';
import { pageQuerySchema, pageSchema } from './pagination.schema';
import { PROJECT_TEMPLATE_IDS, type ProjectTemplateId } from './project-templates';
import { stripUnsafeLine, stripUnsafeMultiline } from './text';

export const projectNameSchema = z
  .string({ message: 'Project name is required.' })
  .overwrite(stripUnsafeLine)
  .trim()
  .min(1, { message: 'Project name is required.' })
  .max(MAX_PROJECT_NAME_LENGTH, {
    message: `Project name must be at most ${MAX_PROJECT_NAME_LENGTH} characters.`,
  });

export const projectColorSchema = z.enum(PROJECT_COLORS, {
  message: `Color must be one of ${PROJECT_COLORS.join(', ')}.`,
});

/** A project's description (personal and shared): may span lines, never holds control characters. */
export const projectDescriptionSchema = z
  .string()
  .overwrite(stripUnsafeMultiline)
  .trim()
  .max(MAX_PROJECT_DESCRIPTION_LENGTH, {
    message: `Description must be at most ${MAX_PROJECT_DESCRIPTION_LENGTH} characters.`,
  });

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: projectColorSchema,
  kind: z.enum(['personal', 'shared']),
  role: z.enum(['owner', 'member']),
  noteCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** GET /api/projects: one page, newest updated first. */
export const projectListSchema = pageSchema('projects', projectSchema);
export type ProjectListPage = z.infer<typeof projectListSchema>;

/** GET /api/projects */
export const listProjectsQuerySchema = z
  .strictObject({ kind: z.enum(['personal', 'shared', 'all']).default('personal') })
  .extend(pageQuerySchema.shape);

/** POST /api/projects/from-template: the projects it made (a handful, not a page). */
export const createdProjectsSchema = z.object({ projects: z.array(projectSchema) });

/** POST /api/projects */
export const createProjectBodySchema = z.strictObject({
  name: projectNameSchema,
  description: projectDescriptionSchema.optional(),
  color: projectColorSchema.default('blue'),
});
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

/** PATCH /api/projects/:id */
export const updateProjectBodySchema = z
  .strictObject({
    name: projectNameSchema.optional(),
    description: projectDescriptionSchema.optional(),
    color: projectColorSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update.' });
export type UpdateProjectBody = z.input<typeof updateProjectBodySchema>;

/** POST /api/projects/from-template */
export const createFromTemplateBodySchema = z.strictObject({
  template: z.enum(PROJECT_TEMPLATE_IDS as [ProjectTemplateId, ...ProjectTemplateId[]], {
    message: `Template must be one of ${PROJECT_TEMPLATE_IDS.join(', ')}.`,
  }),
});
export type CreateFromTemplateBody = z.infer<typeof createFromTemplateBodySchema>;

export const idParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * DELETE /api/projects/:id and /api/shared-projects/:id. `moveNotesTo=inbox`: the owner's delete first
 * moves the project's live notes to their own Inbox (one transaction), so only the empty project goes
 * to Trash. Without it the notes go to Trash with the project (decision 065).
 */
export const deleteProjectQuerySchema = z.strictObject({
  moveNotesTo: z.enum(['inbox'], { message: "moveNotesTo must be 'inbox'." }).optional(),
});
export type DeleteProjectQuery = z.infer<typeof deleteProjectQuerySchema>;

/** 400 when Inbox itself is deleted with `moveNotesTo=inbox` (the web does not offer it there). */
export const NOTES_ALREADY_IN_INBOX = 'These notes are already in Inbox.';
