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
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "March 4, 2025" in the user's locale; '' for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** "Mar 4, 2025, 3:12 PM" in the user's locale; '' for an invalid date. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

const HOUR_MS = 3_600_000;

/** SPEC 9: under 1 hour 'Just now', under 24 hours 'N hours ago', otherwise 'N days ago'. */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < HOUR_MS) return 'Just now';
  const hours = Math.floor(elapsed / HOUR_MS);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Cuts text to `max` characters, adding an ellipsis when it was longer (SPEC previews). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : text;
}

/** "1 note", "3 notes". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
