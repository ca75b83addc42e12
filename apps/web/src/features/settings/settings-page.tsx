import { isExpiredPro } from '@notewise/shared';
import { CreditCard, GraduationCap, LifeBuoy, ShieldUser, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth';
import { requestTutorialStart } from '@/features/tutorial/tutorial-store';
import { api } from '@/lib/api';
import { paths } from '@/lib/route-table';
import { AccountTab } from './components/account-tab';
import { PlanTab } from './components/plan-tab';
import { ProfileTab } from './components/profile-tab';

type SettingsTab = 'profile' | 'plan' | 'account';

/** Set for the reload it causes: a server that still says "expired PRO" afterwards is not asked again. */
const EXPIRY_RELOAD_KEY = 'notewise:trial-expiry-reload';

/**
 * docs/product.md §2: opening settings with an expired PRO plan runs the server's expiry routine, then reloads.
 * The server runs check_and_update_expired_trials on any signed-in request (http/session.ts), so
 * reading the profile is the call; the reload shows the FREE plan everywhere at once.
 */
function useExpiredTrialReload(expiredPro: boolean) {
  useEffect(() => {
    if (!expiredPro) {
      sessionStorage.removeItem(EXPIRY_RELOAD_KEY);
      return;
    }
    if (sessionStorage.getItem(EXPIRY_RELOAD_KEY)) return;
    const controller = new AbortController();
    api.get('/api/me', { signal: controller.signal }).then(
      () => {
        sessionStorage.setItem(EXPIRY_RELOAD_KEY, '1');
        window.location.reload();
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [expiredPro]);
}

/** /settings: Profile, Plan and Account tabs. The open tab is in the URL (?tab=plan) so it can be linked to. */
export function SettingsPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = requested === 'plan' || requested === 'account' ? requested : 'profile';
  // Judged now, not when the profile was read: a trial can end while the app is open.
  useExpiredTrialReload(user ? isExpiredPro(user.plan, user.planExpiresAt) : false);

  // The guard only renders this page for a signed-in user.
  if (!user) return null;

  return (
    <Page width="narrow">
      <PageHeader title="Settings" />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'profile' ? {} : { tab: value }, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <TabsList aria-label="Settings sections" className="max-md:flex max-md:w-full">
          <TabsTrigger value="profile">
            <UserRound size={16} aria-hidden="true" />
            Profile
          </TabsTrigger>
          <TabsTrigger value="plan">
            <CreditCard size={16} aria-hidden="true" />
            Plan
          </TabsTrigger>
          <TabsTrigger value="account">
            <ShieldUser size={16} aria-hidden="true" />
            Account
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="plan">
          <PlanTab user={user} />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
      </Tabs>
      {/* Help and the tutorial's restart (decision 019). */}
      <div className="mt-8 flex flex-wrap gap-2 border-t border-border pt-6">
        <Button variant="secondary" onClick={requestTutorialStart}>
          <GraduationCap size={16} aria-hidden="true" />
          Restart tutorial
        </Button>
        <Link to={paths.helpCenter} className={buttonClasses('secondary', 'md')}>
          <LifeBuoy size={16} aria-hidden="true" />
          Help Center
        </Link>
      </div>
    </Page>
  );
}
