import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/route-table';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';

export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  return (
    <Page width="narrow" className="flex min-h-[70dvh] items-center">
      <Card className="w-full p-8 text-center">
        <CircleCheck size={40} className="mx-auto text-success" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Payment Successful!</h1>
        <p className="mt-2 text-muted">Thank you for your purchase. Your account has been upgraded.</p>
        {sessionId && (
          <p className="mt-4 text-xs break-all text-muted">
            Transaction ID: <span className="font-mono text-fg">{sessionId}</span>
          </p>
        )}
        <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
          <Button asChild>
            <Link to={paths.capture}>Back to App</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.settings}>View Plan in Settings</Link>
          </Button>
        </div>
      </Card>
    </Page>
  );
}
