import {
  BILLING_MESSAGES,
  DAY_MS,
  formatAmount,
  type Me,
  PLAN_FEATURES,
  type Plan,
  SUBSCRIPTION_STATUS_DISPLAY,
  type SubscriptionStatus,
  TRIAL_DURATION_MS,
  UNLIMITED_PRODUCT,
} from '@notewise/shared';
import { Check, CircleCheck, CircleMinus, Copy, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDate, pluralize } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBillingOptions } from '../api/get-billing-options';
import { useStartCheckout } from '../api/start-checkout';

const PLAN_NAMES: Record<Plan, string> = {
  FREE: 'FREE Plan',
  PRO: 'PRO Plan',
  UNLIMITED: UNLIMITED_PRODUCT.name,
};

const PLAN_DESCRIPTIONS: Record<Plan, string> = {
  FREE: 'View and edit your projects and search your notes.',
  // Only what exists today (no voice assistant yet).
  PRO: 'Every feature: AI enhancement, shared projects and live co-editing.',
  UNLIMITED: `${UNLIMITED_PRODUCT.description}: every feature, bought once.`,
};

const TRIAL_DAYS = Math.round(TRIAL_DURATION_MS / DAY_MS);

/** docs/product.md §4 colours: green for active and trialing, yellow for past_due, red for canceled. */
const TONE_CLASSES = {
  success: 'border-success/40 text-success',
  warning: 'border-warning/40 text-warning',
  danger: 'border-danger/40 text-danger',
  neutral: 'border-border-strong text-muted',
} as const;

/**
 * The account's plan as docs/product.md §4's subscription statuses: the UNLIMITED plan is bought once (active,
 * never renews), the PRO trial is `trialing`, a PRO past its expiry `incomplete_expired` (Expired);
 * FREE has no subscription.
 */
export function planStatus(user: Me): SubscriptionStatus | null {
  if (user.plan === 'UNLIMITED') return 'active';
  if (user.plan === 'PRO') return user.trialActive ? 'trialing' : 'incomplete_expired';
  return null;
}

export function StatusBadge({ status }: { status: SubscriptionStatus | null }) {
  const display = status ? SUBSCRIPTION_STATUS_DISPLAY[status] : { label: 'Free', tone: 'neutral' as const };
  return (
    <span
      data-tone={display.tone}
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        TONE_CLASSES[display.tone],
      )}
    >
      <span className="sr-only">Status: </span>
      {display.label}
    </span>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function FeatureList({ included, label }: { included: boolean; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-2 text-sm sm:grid-cols-2">
      {PLAN_FEATURES.map((feature) => (
        <li key={feature} className={cn('flex items-center gap-2', !included && 'text-muted')}>
          {included ? (
            <Check size={16} aria-hidden="true" className="shrink-0 text-success" />
          ) : (
            <CircleMinus size={16} aria-hidden="true" className="shrink-0" />
          )}
          {feature}
          {!included && <span className="sr-only"> (not included)</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Without payments on this server, the one real way to access: whoever runs the server
 * grants a plan with the admin CLI. The request is ready to copy and send to them.
 */
function AccessRequest({ email }: { email: string }) {
  const command = `npm run admin -- plan ${email} UNLIMITED`;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-muted">Send this command to the person who runs the server to get the plan:</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-control bg-hover px-2 py-1.5 text-[13px]">
          {command}
        </code>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            navigator.clipboard.writeText(command).then(
              () => toast.success('Copied'),
              () => toast.error('Could not copy. Select the command and copy it instead.'),
            )
          }
        >
          <Copy size={14} aria-hidden="true" />
          Copy request
        </Button>
      </div>
    </div>
  );
}

/** docs/product.md §2 Pricing card: Most Popular, the price, the six features and the purchase button. */
function PricingCard({ user }: { user: Me }) {
  const options = useBillingOptions();
  const checkout = useStartCheckout();
  const enabled = options.data?.paymentsEnabled ?? false;
  const price = options.data?.price;
  const notConfiguredId = 'payments-not-configured';

  return (
    <Card id="upgrade" aria-labelledby="upgrade-heading" className="relative space-y-4 border-accent/60">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="upgrade-heading" className="text-[15px] font-semibold">
            Upgrade to {UNLIMITED_PRODUCT.name}
          </h2>
          <p className="mt-1 text-sm text-muted">{UNLIMITED_PRODUCT.description}</p>
        </div>
        <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-text">
          <Sparkles size={12} aria-hidden="true" />
          Most Popular
        </span>
      </div>
      {price && (
        <p>
          <span className="text-2xl font-semibold tracking-tight">
            {formatAmount(price.amountCents, price.currency)}
          </span>
          <span className="ml-2 text-sm text-muted">one-time payment</span>
        </p>
      )}
      <FeatureList included label={`${UNLIMITED_PRODUCT.name} features`} />
      <div className="space-y-2">
        <Button
          className="w-full sm:w-auto"
          size="lg"
          pending={checkout.isPending || checkout.isSuccess}
          disabled={!enabled}
          aria-describedby={options.isSuccess && !enabled ? notConfiguredId : undefined}
          onClick={() => checkout.mutate()}
        >
          {checkout.isPending || checkout.isSuccess
            ? 'Opening checkout...'
            : `Purchase ${UNLIMITED_PRODUCT.name}`}
        </Button>
        {checkout.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(checkout.error, BILLING_MESSAGES.startFailed)}
          </p>
        )}
        {options.isSuccess && !enabled && (
          <div className="space-y-3">
            <p id={notConfiguredId} className="text-sm text-muted">
              {BILLING_MESSAGES.notConfigured}
            </p>
            {!user.access && <AccessRequest email={user.email} />}
          </div>
        )}
      </div>
    </Card>
  );
}

export function PlanTab({ user }: { user: Me }) {
  const trialEnded = user.plan === 'PRO' && !user.trialActive;
  const trialProgress = Math.min(100, Math.max(0, (user.daysRemaining / TRIAL_DAYS) * 100));
  // docs/product.md §2: the upgrade section is for FREE users and PRO users in trial (an ended trial is FREE).
  const showUpgrade = user.plan !== 'UNLIMITED';

  return (
    <div className="space-y-4">
      <Card aria-labelledby="status-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="status-heading" className="text-[15px] font-semibold">
            Subscription status
          </h2>
          <StatusBadge status={planStatus(user)} />
        </div>

        <dl className="divide-y divide-border border-y border-border">
          <Row term="Plan">
            {user.plan}
            {user.trialActive && <span className="font-normal text-muted"> (trial)</span>}
          </Row>
          <Row term="Access">
            <span
              className={cn('inline-flex items-center gap-1.5', user.access ? 'text-success' : 'text-muted')}
            >
              {user.access ? (
                <CircleCheck size={16} aria-hidden="true" />
              ) : (
                <CircleMinus size={16} aria-hidden="true" />
              )}
              {user.access ? 'Full access' : 'Limited access'}
            </span>
          </Row>
          {user.plan === 'UNLIMITED' && <Row term="Billing">One-time purchase, never renews</Row>}
          {user.trialActive && <Row term="Trial">{`${pluralize(user.daysRemaining, 'day')} remaining`}</Row>}
          {user.planExpiresAt && user.plan === 'PRO' && (
            <Row term={trialEnded ? 'Trial ended' : 'Trial ends'}>
              <time dateTime={user.planExpiresAt}>{formatDate(user.planExpiresAt)}</time>
            </Row>
          )}
        </dl>

        {user.trialActive && (
          <div
            role="progressbar"
            aria-label="Trial days remaining"
            aria-valuemin={0}
            aria-valuemax={TRIAL_DAYS}
            aria-valuenow={user.daysRemaining}
            aria-valuetext={`${pluralize(user.daysRemaining, 'day')} remaining of ${TRIAL_DAYS}`}
            className="h-1.5 overflow-hidden rounded-full bg-hover"
          >
            <div className="h-full rounded-full bg-accent" style={{ width: `${trialProgress}%` }} />
          </div>
        )}
      </Card>

      {showUpgrade && <PricingCard user={user} />}

      <Card aria-labelledby="plan-card-heading" className="space-y-3">
        <div>
          <h2 id="plan-card-heading" className="text-[15px] font-semibold">
            {PLAN_NAMES[user.plan]}
          </h2>
          <p className="mt-1 text-sm text-muted">{PLAN_DESCRIPTIONS[user.plan]}</p>
        </div>
        <FeatureList included={user.access} label="Your plan's features" />
      </Card>
    </div>
  );
}
