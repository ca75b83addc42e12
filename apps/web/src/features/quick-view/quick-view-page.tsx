import { LayoutPanelLeft } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function QuickViewPage() {
  return (
    <Page width="wide">
      <PageHeader
        title="Quick View"
        description="Browse projects and notes side by side, and edit in place."
      />
      <EmptyState
        icon={LayoutPanelLeft}
        title="No projects yet"
        description="Your projects, their notes and the selected note will show here side by side."
      />
    </Page>
  );
}
