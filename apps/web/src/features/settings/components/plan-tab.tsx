import { DAY_MS, type Me, type Plan, TRIAL_DURATION_MS } from '@notewise/shared';
import { CircleCheck, CircleMinus, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDate, pluralize } from '@/lib/format';
import { toast } from '@/lib/toast';

const PLAN_DESCRIPTIONS: Record<Plan, string> = {
  FREE: 'View and edit your projects and search your notes.',
  // Only what exists today (issue 18.10: no voice assistant yet).
  PRO: 'Every feature: AI enhancement, shared projects and live co-editing.',
  UNLIMITED: 'Permanent access to every feature, bought once.',
};

const TRIAL_DAYS = Math.round(TRIAL_DURATION_MS / DAY_MS);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * Without access, the one real way to get it on a self-hosted server (issue 18.10): whoever runs the
 * server grants a plan with the admin CLI. The request is ready to copy and send to them.
 */
function AccessRequest({ email }: { email: string }) {
  const command = `npm run admin -- set-plan --email ${email} --plan UNLIMITED`;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-muted">
        Plans on this server are granted by the person who runs it. Send them this command to give you access:
      </p>
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

export function PlanTab({ user }: { user: Me }) {
  const trialEnded = user.plan === 'PRO' && !user.trialActive;
  const trialProgress = Math.min(100, Math.max(0, (user.daysRemaining / TRIAL_DAYS) * 100));

  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-[15px] font-semibold">
          {user.plan} plan{user.trialActive && <span className="font-normal text-muted"> (trial)</span>}
        </h2>
        <p className="mt-1 text-sm text-muted">{PLAN_DESCRIPTIONS[user.plan]}</p>
      </div>

      <dl className="divide-y divide-border border-y border-border">
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
          aria-valuetext={`${pluralize(user.daysRemaining, 'day')} remaining`}
          className="h-1.5 overflow-hidden rounded-full bg-hover"
        >
          <div className="h-full rounded-full bg-accent" style={{ width: `${trialProgress}%` }} />
        </div>
      )}

      {!user.access && <AccessRequest email={user.email} />}
    </Card>
  );
}
