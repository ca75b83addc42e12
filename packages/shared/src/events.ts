/**
 * The change events pushed over /api/events (their schema is changeEventSchema in
 * shared-projects.schema.ts). Zod-free, so the web's live-events client, which is on the first route,
 * can check an event's type without loading the schemas.
 */
export const CHANGE_EVENT_TYPES = [
  'note.created',
  'note.updated',
  'note.deleted',
  'project.created',
  'project.updated',
  'project.deleted',
  'pin.changed',
  'member.joined',
  'member.left',
  'resync',
] as const;
export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[number];
