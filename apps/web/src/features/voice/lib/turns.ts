import type { VoiceTurn } from '@notewise/shared';

/**
 * Adds turns to the transcript: each turn once (by id, the later copy wins: an event and the response
 * of the same POST carry the same turn), in the order they were said.
 */
export function mergeTurns(current: readonly VoiceTurn[], incoming: readonly VoiceTurn[]): VoiceTurn[] {
  if (incoming.length === 0) return current as VoiceTurn[];
  const byId = new Map(current.map((turn) => [turn.id, turn]));
  for (const turn of incoming) byId.set(turn.id, turn);
  return [...byId.values()].sort(
    (a, b) => a.offsetMs - b.offsetMs || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/** The default title of a saved call: 'Call notes, 24 Nov 2026, 14:05'. */
export function defaultCallTitle(startedAt: string, locale?: string): string {
  const date = new Date(startedAt);
  if (Number.isNaN(date.getTime())) return 'Call notes';
  const when = date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `Call notes, ${when}`;
}
