import { PRODUCT_NAME } from '@notewise/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/features/auth';
import { Composer, RecentNotes } from '@/features/composer';
import { VoiceAssistant } from '@/features/voice';
import { useLastPageOffer } from '@/lib/last-page-offer';
import { NoteSearch } from './components/note-search';

/** An account this young is greeted 'Welcome', not 'Welcome back' (it has never been here). */
const NEW_ACCOUNT_MS = 30 * 60 * 1000;

/** The welcome line: 'Welcome back' only for someone who has been here before. */
function greeting(user: { name: string; createdAt: string } | null): string {
  if (!user) return `Welcome to ${PRODUCT_NAME}`;
  const age = Date.now() - Date.parse(user.createdAt);
  return age < NEW_ACCOUNT_MS ? `Welcome, ${user.name}` : `Welcome back, ${user.name}`;
}

/** Home (/): welcome line, note search and the composer. Not guarded. */
export function CapturePage() {
  const { user } = useAuth();
  const { offer } = useLastPageOffer();

  return (
    <Page width="narrow" className="space-y-8 max-md:pb-24">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{greeting(user)}</h1>
        <p className="text-muted">What note would you like to capture?</p>
        {offer && (
          <p className="pt-1 text-[14px]">
            <Link
              to={offer.path}
              // 44 px tall on phones: a touch target, not a 21 px line of text (docs/design.md).
              className="inline-flex items-center gap-1 rounded-control font-medium text-accent-text underline-offset-4 hover:underline max-md:min-h-11"
            >
              Continue where you left off: {offer.title}
              <ArrowRight size={14} aria-hidden="true" />
            </Link>
          </p>
        )}
      </header>

      <NoteSearch />

      <Composer />
      <VoiceAssistant />
      <RecentNotes />
    </Page>
  );
}
