import { CreditCard, GraduationCap, LifeBuoy, UserRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/route-table';
import { useAuth } from '@/app/session';
import { Button, buttonClasses } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { requestTutorialStart } from '@/features/tutorial/tutorial-store';
import { PlanTab } from './components/plan-tab';
import { ProfileTab } from './components/profile-tab';

type SettingsTab = 'profile' | 'plan';

/** /settings: Profile and Plan tabs. The open tab is in the URL (?tab=plan) so it can be linked to. */
export function SettingsPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: SettingsTab = searchParams.get('tab') === 'plan' ? 'plan' : 'profile';

  // The guard only renders this page for a signed-in user.
  if (!user) return null;

  return (
    <Page width="narrow">
      <PageHeader title="Settings" />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'plan' ? { tab: 'plan' } : {}, {
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
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="plan">
          <PlanTab user={user} />
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
