import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/route-table';

/** Shown when a page fails to render or its code fails to load (e.g. after an update). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Page width="narrow" className="flex min-h-dvh flex-col items-center justify-center text-center">
      <TriangleAlert size={40} className="text-warning" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-2 max-w-sm text-muted">
        This page could not be shown. Refreshing usually helps; your saved notes are not affected.
      </p>
      <div className="mt-8 flex gap-2">
        <Button onClick={() => window.location.reload()}>Refresh</Button>
        <Button asChild variant="secondary">
          <a href={paths.capture}>Back to Capture</a>
        </Button>
      </div>
    </Page>
  );
}
