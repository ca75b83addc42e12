import { FolderOpen } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function ProjectsPage() {
  return (
    <Page>
      <PageHeader title="Projects" description="Group your notes by subject, course or goal." />
      <EmptyState
        icon={FolderOpen}
        title="No projects yet"
        description="Projects you create will appear here."
      />
    </Page>
  );
}
