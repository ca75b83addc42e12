import { MESSAGES } from '@notewise/shared';
import { toast } from '@/lib/toast';

/** Where the plan gate's 'Upgrade to PRO' leads: the Plan tab's upgrade section. */
export const UPGRADE_PATH = '/settings?tab=plan';

/**
 * The plan gate (403 ACCESS_REQUIRED) anywhere: the trial ended while the app was open. One toast
 * (same id however many calls fail) offering the way to access; the router follows history changes,
 * so a pushState plus popstate navigates without a reload.
 */
export function offerUpgrade() {
  toast.error(MESSAGES.accessRequired, {
    id: 'access-required',
    // Long enough to act on; clickable over an open dialog (Radix turns pointer events off around it),
    // where the refused action usually is.
    duration: 10_000,
    style: { pointerEvents: 'auto' },
    action: {
      label: 'Upgrade to PRO',
      onClick: () => {
        window.history.pushState(null, '', UPGRADE_PATH);
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
    },
  });
}
