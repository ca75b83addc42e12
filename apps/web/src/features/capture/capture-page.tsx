import { PRODUCT_NAME } from '@notewise/shared';
import { useAuth } from '@/app/session';
import { Page } from '@/components/ui/page';
import { Composer, RecentNotes } from '@/features/composer';
import { NoteSearch } from './components/note-search';

/** Home (/): welcome line, note search and the composer. Not guarded. */
export function CapturePage() {
  const { user } = useAuth();

  return (
    <Page width="narrow" className="space-y-8 max-md:pb-24">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">
          {user ? `Welcome back, ${user.name}` : `Welcome to ${PRODUCT_NAME}`}
        </h1>
        <p className="text-muted">What note would you like to capture?</p>
      </header>

      <NoteSearch />

      <Composer />
      <RecentNotes />
    </Page>
  );
}
