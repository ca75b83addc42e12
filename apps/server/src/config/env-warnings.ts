import { envSchema } from './env-schema';

/** Variables the server or its tests read outside the schema; never reported as unknown. */
const READ_ELSEWHERE = new Set([
  'TEST_DATABASE_URL',
  'TEST_REDIS_URL',
  'REQUIRE_POSTGRES',
  'CHROMIUM_PATH',
  'E2E_PORT',
  'E2E_DATA_DIR',
  'FUZZ_SEED',
  'FUZZ_RUNS',
  'AUDIT_REQUIRED',
]);

/** Edit distance, stopping once it passes `max` (names are short; only near-misses matter). */
function withinDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return false;
    previous = current;
  }
  return (previous[b.length] ?? Number.POSITIVE_INFINITY) <= max;
}

/**
 * Variables that look meant for this server but that it does not read: `NOTEWISE_*`, and near-misses
 * of a known name (`DATABSE_URL`), which would otherwise start silently on the defaults (SQLite).
 * Short names are compared strictly (HOME is not HOST), long ones allow two slips.
 */
export function unknownEnvWarnings(env: Record<string, string | undefined>): string[] {
  const known = Object.keys(envSchema.shape);
  const knownSet = new Set(known);
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (knownSet.has(name) || READ_ELSEWHERE.has(name) || env[name] === undefined) continue;
    const allowed = name.length >= 9 ? 2 : name.length >= 6 ? 1 : 0;
    const near =
      allowed > 0 ? known.find((candidate) => withinDistance(name, candidate, allowed)) : undefined;
    if (near) warnings.push(`${name} is not a setting; did you mean ${near}? It is ignored.`);
    else if (name.startsWith('NOTEWISE_')) warnings.push(`${name} is not a setting; it is ignored.`);
  }
  return warnings;
}
