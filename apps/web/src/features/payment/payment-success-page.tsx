import { BILLING_MESSAGES, formatAmount, MESSAGES, type Order, PLAN_FEATURES } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CircleCheck, SearchX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ME_QUERY_KEY, useAuth, useAuthDialog } from '@/features/auth';
import { isApiError } from '@/lib/api';
import { paths } from '@/lib/route-table';
import { useOrder } from './api/get-order';

/** How often, and how long, the page re-reads the profile while Stripe's webhook is on its way. */
const PLAN_POLL_MS = 2_000;
const PLAN_POLL_TRIES = 15;

function Actions() {
  return (
    <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
      <Button asChild>
        <Link to={paths.capture}>Back to App</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={`${paths.settings}?tab=plan`}>View Plan in Settings</Link>
      </Button>
    </div>
  );
}

/** Paid at Stripe: the plan arrives with the webhook, usually within a second; show it when it does. */
function useAwaitPlan(paid: boolean) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const upgraded = user?.plan === 'UNLIMITED';
  useEffect(() => {
    if (!paid || upgraded) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (tries >= PLAN_POLL_TRIES) window.clearInterval(timer);
    }, PLAN_POLL_MS);
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    return () => window.clearInterval(timer);
  }, [paid, upgraded, queryClient]);
  return upgraded;
}

function OrderDetails({ order, upgraded }: { order: Order; upgraded: boolean }) {
  return (
    <>
      <CircleCheck size={40} className="mx-auto text-success" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Payment Successful!</h1>
      <p className="mt-2 text-muted">Thank you for your purchase. Your account has been upgraded.</p>
      {!upgraded && (
        <p role="status" className="mt-2 text-sm text-muted">
          Activating your plan...
        </p>
      )}
      <section
        aria-labelledby="order-heading"
        className="mt-6 rounded-card border border-border p-4 text-left"
      >
        <h2 id="order-heading" className="text-[15px] font-semibold">
          {order.planName}
        </h2>
        <p className="text-sm text-muted">{order.description}</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Status</dt>
          <dd className="font-medium capitalize">{order.status}</dd>
          <dt className="text-muted">Amount</dt>
          <dd className="font-medium">{formatAmount(order.amountTotal, order.currency)}</dd>
        </dl>
      </section>
      <section aria-labelledby="features-heading" className="mt-4 text-left">
        <h2 id="features-heading" className="text-sm font-semibold">
          Now available to you
        </h2>
        <ul className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2">
          {PLAN_FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <Check size={16} aria-hidden="true" className="shrink-0 text-success" />
              {feature}
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-4 text-xs break-all text-muted">
        Transaction ID: <span className="font-mono text-fg">{order.sessionId}</span>
      </p>
    </>
  );
}

function NoPaymentFound() {
  return (
    <>
      <SearchX size={40} className="mx-auto text-muted" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">No payment found</h1>
      <p className="mt-2 text-muted">{BILLING_MESSAGES.noPaymentFound}</p>
      <p className="mt-1 text-sm text-muted">Nothing was changed on your account.</p>
    </>
  );
}

/**
 * /success?session_id=...: The payment success page of docs/product.md §2, but only for a payment that happened. Our
 * server asks Stripe about the session (only the session's own user may), and the plan itself comes
 * from Stripe's signed webhook, never from this page (decision 022).
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { user, initialized } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const order = useOrder(sessionId, user !== null);
  const upgraded = useAwaitPlan(order.isSuccess);

  let body: ReactNode;
  if (!sessionId) {
    body = <NoPaymentFound />;
  } else if (!initialized || (user && order.isPending)) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-muted">
        <Spinner size={24} />
        Checking your payment...
      </div>
    );
  } else if (!user) {
    body = (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Sign in to see your order</h1>
        <p className="mt-2 text-muted">{MESSAGES.notSignedIn}</p>
        <Button className="mt-6" onClick={() => openAuthDialog('signin')}>
          Sign In
        </Button>
      </>
    );
  } else if (order.isSuccess) {
    body = <OrderDetails order={order.data} upgraded={upgraded} />;
  } else if (isApiError(order.error, 404) || isApiError(order.error, 400)) {
    body = <NoPaymentFound />;
  } else {
    body = (
      <ErrorState
        title={BILLING_MESSAGES.subscriptionLoadTitle}
        message={BILLING_MESSAGES.subscriptionLoadFailed}
        onRetry={() => void order.refetch()}
      />
    );
  }

  return (
    <Page width="narrow" className="flex min-h-[70dvh] items-center">
      <Card className="w-full p-8 text-center">
        {body}
        <Actions />
      </Card>
    </Page>
  );
}
