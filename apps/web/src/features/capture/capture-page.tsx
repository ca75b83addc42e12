import { PRODUCT_NAME } from '@notewise/shared';
import { PenLine, UserPlus } from 'lucide-react';
import { useAuth, useAuthDialog } from '@/app/session';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { NoteSearch } from './components/note-search';

/** Home (/): welcome line, note search and the composer. Not guarded. */
export function CapturePage() {
  const { user } = useAuth();
  const { openAuthDialog } = useAuthDialog();

  return (
    <Page width="narrow" className="space-y-8 max-md:pb-24">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">
          {user ? `Welcome back, ${user.name}` : `Welcome to ${PRODUCT_NAME}`}
        </h1>
        <p className="text-muted">What note would you like to capture?</p>
      </header>

      <NoteSearch />

      <Card aria-labelledby="compose-note-title" className="space-y-3">
        <div className="flex items-center gap-2">
          <PenLine size={16} aria-hidden="true" className="text-muted" />
          <h2 id="compose-note-title" className="text-[15px] font-semibold">
            Compose Note
          </h2>
        </div>
        {user ? (
          <p className="text-sm text-muted">
            The composer is not available yet. Soon you will write notes here, enhance them with AI and add
            them to your projects.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted">
              Create a free account to capture notes, enhance them with AI and organise them in projects.
            </p>
            <Button onClick={() => openAuthDialog('signup')}>
              <UserPlus size={16} aria-hidden="true" />
              Create Account
            </Button>
          </>
        )}
      </Card>
    </Page>
  );
}
