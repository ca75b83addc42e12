import { PREVIEW_LENGTHS, relativeTime, truncatePlainText } from '@notewise/shared';
import { Clock, FileText } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { useNotes } from '@/features/notes/queries';
import { paths } from '@/lib/route-table';

/** How many notes the home screen lists. */
export const RECENT_NOTES_COUNT = 5;

/**
 * Home's recent-notes area: the five most recently updated notes (title, 120-character preview,
 * relative time), each opening Quick View on it. Shown to signed-in users.
 */
export function RecentNotes() {
  const { user } = useAuth();
  const titleId = useId();
  const notes = useNotes({}, { enabled: user !== null });
  const recent = useMemo(
    () =>
      [...(notes.data ?? [])]
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, RECENT_NOTES_COUNT),
    [notes.data],
  );
  if (!user) return null;

  return (
    <Card aria-labelledby={titleId} className="space-y-2">
      <div className="flex items-center gap-2">
        <Clock size={16} aria-hidden="true" className="text-muted" />
        <h2 id={titleId} className="text-[15px] font-semibold">
          Recent Notes
        </h2>
      </div>
      {notes.isPending ? (
        <div className="space-y-4 pt-2" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <div key={index} className="space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-5/6" />
            </div>
          ))}
        </div>
      ) : notes.isError ? (
        <p className="text-sm text-muted">Recent notes could not be loaded.</p>
      ) : recent.length === 0 ? (
        <div className="flex flex-col items-center pt-3 pb-4 text-center">
          <FileText size={20} aria-hidden="true" className="mb-2 text-subtle" />
          <p className="font-medium">No notes available</p>
          <p className="mt-1 text-sm text-muted">Notes you add with the composer will show up here.</p>
        </div>
      ) : (
        <ul className="-mx-3 -mb-2">
          {recent.map((note) => (
            <li key={note.id}>
              <Link
                to={paths.quickView({ project: note.projectId, note: note.id })}
                className="block rounded-control px-3 py-2.5 transition-colors duration-100 hover:bg-hover"
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="truncate font-medium">{note.title}</span>
                  <span className="shrink-0 text-xs text-subtle">{relativeTime(note.updatedAt)}</span>
                </span>
                {note.preview && (
                  <span className="mt-0.5 line-clamp-2 block text-sm text-muted">
                    {truncatePlainText(note.preview, PREVIEW_LENGTHS.captureSearch)}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
