import { JOIN_CODE_LENGTH } from '@notewise/shared';

/** Keeps digits only, at most six (docs/product.md §5): letters, spaces and dashes vanish as they are typed or pasted. */
export function normalizeJoinCode(value: string): string {
  return value.replace(/\D+/g, '').slice(0, JOIN_CODE_LENGTH);
}
