import { Users } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function SharedProjectsPage() {
  return (
    <Page>
      <PageHeader title="Shared Projects" description="Projects you collaborate on through a 6-digit code." />
      <EmptyState
        icon={Users}
        title="No shared projects yet"
        description="Shared projects you create or join will appear here."
      />
    </Page>
  );
}
