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

/** "March 4, 2025" in the user's locale; '' for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** "1 note", "3 notes". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
