import { Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useAuth } from '@/features/auth';
import { useHelpShortcut } from '@/features/help-center/use-help-shortcut';
import { TutorialHost } from '@/features/tutorial/tutorial-host';
import { getDocumentTitle, getMobileBarTitle } from '@/lib/route-table';
import { useLastPage } from '../last-page';
import { MobileTopBar } from './mobile-top-bar';
import { PageTransition } from './page-transition';
import { Sidebar } from './sidebar';

/** The shell around every page: sidebar or mobile bar, title, page transition, last-page memory. */
export function AppLayout() {
  const { initialized } = useAuth();
  const { pathname } = useLocation();
  useLastPage();
  useHelpShortcut();
  // Pages fade in when the visitor goes to them, not the page the load opened (PageTransition).
  const [firstPathname] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPathname) setNavigated(true);

  useEffect(() => {
    document.title = getDocumentTitle(pathname);
  }, [pathname]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar />
      <MobileTopBar title={getMobileBarTitle(pathname)} />
      <main
        id="main"
        tabIndex={-1}
        className="flex min-h-[calc(100dvh-3.5rem)] flex-col focus:outline-none md:min-h-dvh md:pl-14"
      >
        {/* docs/product.md §2: a loading indicator until authentication is initialised. */}
        {initialized ? (
          <Suspense fallback={<LoadingIndicator />}>
            <PageTransition key={pathname} animate={navigated}>
              <Outlet />
            </PageTransition>
          </Suspense>
        ) : (
          <LoadingIndicator label="Loading your session" />
        )}
      </main>
      <ScrollRestoration />
      <TutorialHost />
    </div>
  );
}
