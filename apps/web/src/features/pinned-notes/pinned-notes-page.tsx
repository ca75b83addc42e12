import { Pin } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function PinnedNotesPage() {
  return (
    <Page>
      <PageHeader title="Pinned Notes" description="The notes you keep within reach." />
      <EmptyState icon={Pin} title="No pinned notes yet" description="Pin a note to keep it here." />
    </Page>
  );
}
