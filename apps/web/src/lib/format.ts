// Relative times and previews: relativeTime and truncatePlainText in @notewise/shared.

/** Up to two initials from a display name, falling back to the email's first letter. */
export function getInitials(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  const initials = letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
  if (initials) return initials;
  const fromEmail = Array.from((email ?? '').trim())[0];
  return fromEmail ? fromEmail.toUpperCase() : '?';
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Formatted dates by local calendar day. A list formats one per card it mounts while scrolling, and
 * Intl's format was as costly as the rest of a card's render on a phone (decision 089); a user's notes
 * fall on far fewer days than there are notes.
 */
const formattedDays = new Map<number, string>();
const MAX_FORMATTED_DAYS = 1_000;

/** "March 4, 2025" in the user's locale; '' for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  // The same local day as the formatter's: both use the default time zone.
  const day = date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
  let text = formattedDays.get(day);
  if (text === undefined) {
    if (formattedDays.size >= MAX_FORMATTED_DAYS) formattedDays.clear();
    text = dateFormat.format(date);
    formattedDays.set(day, text);
  }
  return text;
}

/** "1 note", "3 notes". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
