/**
 * Appends every item of `items` to `target`. `target.push(...items)` passes each item as an argument,
 * and past about 100,000 of them (a long note's lines or list items) the call overflows the stack.
 */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
