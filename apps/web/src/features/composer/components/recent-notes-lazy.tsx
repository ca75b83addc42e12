import { lazy, Suspense } from 'react';

// Below the composer and waiting for its data anyway: its code loads after the first route's.
const RecentNotesList = lazy(async () => ({ default: (await import('./recent-notes')).RecentNotes }));

/** Home's recent-notes area (see recent-notes.tsx), loaded on demand. */
export function RecentNotes() {
  return (
    <Suspense fallback={null}>
      <RecentNotesList />
    </Suspense>
  );
}
