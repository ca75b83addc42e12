import { CreditCard, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/app/session';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
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
    </Page>
  );
}
