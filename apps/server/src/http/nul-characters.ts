import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';

/**
 * Removes U+0000 from every string of a request's path parameters, query and JSON body (keys kept
 * as sent), in place. Iterative, so a body nested 100,000 levels deep cannot overflow the stack.
 */
export function withoutNul<T>(value: T): T {
  const strip = (text: string) => (text.includes(NUL) ? text.replaceAll(NUL, '') : text);
  if (typeof value === 'string') return strip(value) as T;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const container = pending.pop();
    // A raw body (audio) is bytes, not text: nothing to strip, and walking it would be slow.
    if (container === null || typeof container !== 'object' || ArrayBuffer.isView(container)) continue;
    const record = container as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item === 'string') {
        if (item.includes(NUL)) record[key] = strip(item);
      } else if (item !== null && typeof item === 'object') {
        pending.push(item);
      }
    }
  }
  return value;
}

/**
 * PostgreSQL text cannot hold U+0000 (the write fails with a 500) while SQLite keeps it, and no typed
 * text contains it: it is removed at the edge, before validation, so every route and both databases
 * behave alike. Names and titles lose their other control characters in the shared schemas.
 */
export function registerNulStripping(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    withoutNul(request.params);
    withoutNul(request.query);
    request.body = withoutNul(request.body);
  });
}
