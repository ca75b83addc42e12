import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/route-table';

export function NotFoundPage() {
  return (
    <Page width="narrow" className="flex min-h-[70dvh] flex-col items-center justify-center text-center">
      <Compass size={40} className="text-muted" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 max-w-sm text-muted">This page doesn't exist or has moved. Your notes are safe.</p>
      <Button asChild className="mt-8">
        <Link to={paths.capture}>Back to Capture</Link>
      </Button>
    </Page>
  );
}
