/**
 * An import keeps the dates its files carry (front matter `created`/`updated`, decision 053); the
 * REST schemas have no such fields, so only the import path sets them. It may set its own id too, so
 * notes of one upload can link to each other in the text they are created with.
 */
export interface ImportedNoteFields {
  id?: string | undefined;
  createdAt?: string | undefined;
  updatedAt?: string | undefined;
}

/** An ISO date in the past, or `fallback` (a date in the future or not a date is never stored). */
function pastDate(value: string | undefined, fallback: string): string {
  const ms = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isFinite(ms) && ms <= Date.now() ? new Date(ms).toISOString() : fallback;
}

/** The dates a created note gets: now, or the import's (never in the future, updated never before created). */
export function importedDates(
  input: ImportedNoteFields,
  now: string,
): { createdAt: string; updatedAt: string } {
  const createdAt = pastDate(input.createdAt, now);
  const edited = pastDate(input.updatedAt, createdAt);
  return { createdAt, updatedAt: Date.parse(edited) < Date.parse(createdAt) ? createdAt : edited };
}
