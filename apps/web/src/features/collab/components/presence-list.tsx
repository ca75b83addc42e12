import { cn } from '@/lib/cn';
import { getInitials } from '@/lib/format';
import type { CollabPerson } from '../lib/presence';

/** Avatars shown before the rest collapse into '+N'. */
const MAX_SHOWN = 4;

function personLabel(person: CollabPerson): string {
  return person.self ? `${person.name} (you)` : person.name;
}

/**
 * Who has the note open: initials in each person's caret colour, the current user first. The names
 * are in the list's text for assistive technology and on hover.
 */
export function PresenceList({ people, className }: { people: readonly CollabPerson[]; className?: string }) {
  if (people.length === 0) return null;
  const shown = people.length > MAX_SHOWN ? people.slice(0, MAX_SHOWN - 1) : people;
  const rest = people.slice(shown.length);
  return (
    <ul aria-label="People editing this note" className={cn('flex shrink-0 items-center', className)}>
      {shown.map((person, index) => (
        <li key={person.id} title={personLabel(person)} className={cn('flex', index > 0 && '-ml-1')}>
          <span
            aria-hidden="true"
            className="flex size-7 select-none items-center justify-center rounded-full text-[11px] font-semibold text-white ring-2 ring-bg"
            style={{ backgroundColor: person.color }}
          >
            {getInitials(person.name)}
          </span>
          <span className="sr-only">{personLabel(person)}</span>
        </li>
      ))}
      {rest.length > 0 && (
        <li title={rest.map(personLabel).join(', ')} className="-ml-1 flex">
          <span
            aria-hidden="true"
            className="flex size-7 select-none items-center justify-center rounded-full bg-hover text-[11px] font-semibold text-fg ring-2 ring-bg"
          >
            +{rest.length}
          </span>
          <span className="sr-only">{`and ${rest.length} more: ${rest.map(personLabel).join(', ')}`}</span>
        </li>
      )}
    </ul>
  );
}
