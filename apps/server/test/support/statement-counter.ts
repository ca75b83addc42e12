import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Calls `seen` with the text of every statement the process sends to its database, at the drivers
 * (node-postgres's Client.query, better-sqlite3's Statement run/all/get/iterate), synchronously in
 * the caller's stack, until the returned function is called.
 */
export function watchStatements(seen: (text: string) => void): () => void {
  const restore: Array<() => void> = [];
  const wrap = <T extends object>(
    target: T,
    method: keyof T,
    textOf: (self: unknown, args: unknown[]) => string,
  ) => {
    const original = target[method] as (...args: unknown[]) => unknown;
    target[method] = function (this: unknown, ...args: unknown[]) {
      seen(textOf(this, args));
      return original.apply(this, args);
    } as T[keyof T];
    restore.push(() => {
      target[method] = original as T[keyof T];
    });
  };
  wrap(pg.Client.prototype, 'query', (_self, args) => {
    const first = args[0] as string | { text: string };
    return typeof first === 'string' ? first : first.text;
  });
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    wrap(statement, method, (self) => (self as { source: string }).source);
  }
  return () => {
    for (const undo of restore.splice(0)) undo();
  };
}

/**
 * Records every statement the process sends to its database while `during` runs, so BEGIN and
 * COMMIT count like any query: each is a round trip on PostgreSQL. SQLite's `pragma data_version` (a
 * change counter read per request, decision 084, no query of any table) is left out.
 */
export async function statementsOf(during: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = watchStatements((text) => {
    if (!/^\s*pragma data_version/i.test(text)) seen.push(text.replace(/\s+/g, ' ').trim());
  });
  try {
    await during();
  } finally {
    stop();
  }
  return seen;
}
