/** A write refused by a unique index, in either database's words (SQLite's and PostgreSQL's). */
export function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /UNIQUE constraint failed|duplicate key value/i.test(message);
}
