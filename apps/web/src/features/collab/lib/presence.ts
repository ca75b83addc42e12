import { collabColorFor, isCollabColor } from './user-color';

/** One person with the note open (several tabs of one account are one person). */
export interface CollabPerson {
  /** The account id (as announced by their client). */
  id: string;
  name: string;
  color: string;
  /** The signed-in user of this tab. */
  self: boolean;
}

/** What a client announces about its user in the awareness state (CollaborationCaret's `user`). */
export interface AwarenessUser {
  id: string;
  name: string;
  color: string;
}

const MAX_NAME_LENGTH = 60;

/** Reads another client's announced user: untrusted input, so only well-formed fields are kept. */
export function readAwarenessUser(state: unknown): AwarenessUser | null {
  if (typeof state !== 'object' || state === null) return null;
  const user = (state as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return null;
  const { id, name, color } = user as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) return null;
  const shownName =
    typeof name === 'string' && name.trim() ? name.trim().slice(0, MAX_NAME_LENGTH) : 'Someone';
  return { id, name: shownName, color: isCollabColor(color) ? color : collabColorFor(id) };
}

/**
 * The people in a document's awareness states: one entry per account, the current user first, then
 * by name. `selfClientId` is this tab's Yjs client id; `selfId` the signed-in user's id.
 */
export function peopleFromStates(
  states: ReadonlyMap<number, unknown>,
  selfClientId: number,
  selfId: string,
): CollabPerson[] {
  const people = new Map<string, CollabPerson>();
  for (const [clientId, state] of states) {
    const user = readAwarenessUser(state);
    if (!user) continue;
    const self = clientId === selfClientId || user.id === selfId;
    if (!people.has(user.id) || clientId === selfClientId) people.set(user.id, { ...user, self });
  }
  return [...people.values()].sort((a, b) =>
    a.self !== b.self ? (a.self ? -1 : 1) : a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
}

/** A cheap identity of a people list, to tell whether anything a viewer sees changed. */
export function peopleKey(people: readonly CollabPerson[]): string {
  return people.map((person) => `${person.id}\u0000${person.name}\u0000${person.color}`).join('\u0001');
}
