import { type NoteSummary, PREVIEW_LENGTHS, relativeTime, truncatePlainText } from '@notewise/shared';
import { Pin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import type { ViewMode } from '@/components/ui/view-toggle';
import { NoteActionsMenu } from '@/features/notes';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

// TODO(notes): the notes feature's NoteCard / NoteRow / NoteCollection link to
// /quick-view?project=...; shared notes must open /quick-view?sharedProject=...&note=... (SPEC 2).
// Once those accept an href (or a `linkTo(note)`), this file can go and the page can use NotesView.

const stretchedLink = 'after:absolute after:inset-0 after:rounded-[inherit] focus-visible:outline-none';
const itemFocus =
  'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-offset-2';

interface SharedNoteCollectionProps {
  sharedProjectId: string;
  notes: NoteSummary[];
  view: ViewMode;
  label: string;
}

/** A shared project's notes as cards or rows; each opens Quick View on the Shared tab. */
export function SharedNoteCollection({ sharedProjectId, notes, view, label }: SharedNoteCollectionProps) {
  const href = (note: NoteSummary) => paths.quickView({ sharedProject: sharedProjectId, note: note.id });
  if (view === 'list') {
    return (
      <ul aria-label={label} className="-mx-3 divide-y divide-border">
        {notes.map((note) => (
          <li key={note.id} className="py-0.5">
            <SharedNoteRow note={note} href={href(note)} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {notes.map((note) => (
        <li key={note.id}>
          <SharedNoteCard note={note} href={href(note)} />
        </li>
      ))}
    </ul>
  );
}

function PinnedMarker() {
  return <Pin size={14} role="img" aria-label="Pinned" className="shrink-0 fill-current text-accent-text" />;
}

function UpdatedTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDate(iso)} className="shrink-0 whitespace-nowrap">
      {relativeTime(iso)}
    </time>
  );
}

function SharedNoteCard({ note, href }: { note: NoteSummary; href: string }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-52 flex-col rounded-card border border-border bg-panel p-4 transition-colors duration-150',
        'hover:border-border-strong',
        itemFocus,
      )}
    >
      <div className="flex items-start gap-2">
        <h3 id={titleId} className="line-clamp-2 min-w-0 flex-1 pt-1 text-[15px] leading-snug font-medium">
          <Link to={href} className={stretchedLink}>
            {note.title}
          </Link>
        </h3>
        {note.pinned && (
          <span className="pt-1.5">
            <PinnedMarker />
          </span>
        )}
        <NoteActionsMenu note={note} className="relative z-10 -mt-0.5 -mr-2" />
      </div>
      <p className="mt-2 line-clamp-4 min-h-0 text-sm leading-relaxed whitespace-pre-line text-muted">
        {note.excerpt.slice(0, PREVIEW_LENGTHS.card) || (
          <span className="text-subtle italic">Empty note</span>
        )}
      </p>
      <footer className="mt-auto pt-3 text-xs text-subtle">
        <UpdatedTime iso={note.updatedAt} />
      </footer>
    </article>
  );
}

function SharedNoteRow({ note, href }: { note: NoteSummary; href: string }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex items-center gap-3 rounded-control px-3 py-2.5 transition-colors duration-150',
        'hover:bg-hover max-md:py-3',
        itemFocus,
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h3 id={titleId} className="min-w-0 truncate font-medium">
            <Link to={href} className={stretchedLink}>
              {note.title}
            </Link>
          </h3>
          {note.pinned && <PinnedMarker />}
        </div>
        <p className="truncate text-sm text-muted">
          {truncatePlainText(note.preview, PREVIEW_LENGTHS.list) || (
            <span className="text-subtle italic">Empty note</span>
          )}
        </p>
      </div>
      <span className="w-24 text-right text-xs text-subtle max-sm:hidden">
        <UpdatedTime iso={note.updatedAt} />
      </span>
      <NoteActionsMenu note={note} className="relative z-10 -mr-1" />
    </article>
  );
}
