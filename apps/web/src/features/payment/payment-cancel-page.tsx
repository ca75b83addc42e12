import { CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/route-table';

export function PaymentCancelPage() {
  return (
    <Page width="narrow" className="flex min-h-[70dvh] items-center">
      <Card className="w-full p-8 text-center">
        <CircleX size={40} className="mx-auto text-muted" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Payment Canceled</h1>
        <p className="mt-2 text-muted">Your payment was canceled. No charges were made to your account.</p>
        <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
          <Button asChild>
            <Link to={`${paths.settings}?tab=plan`}>Try Again</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.capture}>Back to App</Link>
          </Button>
        </div>
      </Card>
    </Page>
  );
}
