import type { ChangeEvent, RealtimeEvent } from '@notewise/shared';
import type { EventBus } from './event-bus';

/** Everyone who may see these projects: the membership rule, given by the modules (membership.repo.ts). */
export type MembersOf = (...projectIds: string[]) => Promise<string[]>;

/**
 * Turns a change into an event for everyone allowed to see it. Call it after the change is stored;
 * for deletions and removals call `membersOf` before, and pass the audience explicitly.
 */
export function createChangeNotifier(membersOf: MembersOf, bus: EventBus) {
  return {
    membersOf,

    async project(event: ChangeEvent & { projectId: string }, extraAudience: string[] = []) {
      const audience = await membersOf(event.projectId);
      bus.publish({ event, audience: [...new Set([...audience, ...extraAudience])] });
    },

    /** For a move, both projects' members hear it. */
    async note(event: ChangeEvent & { projectId: string }) {
      const projects = event.fromProjectId ? [event.projectId, event.fromProjectId] : [event.projectId];
      bus.publish({ event, audience: await membersOf(...projects) });
    },

    to(audience: string[], event: RealtimeEvent) {
      if (audience.length > 0) bus.publish({ event, audience });
    },
  };
}

export type ChangeNotifier = ReturnType<typeof createChangeNotifier>;
