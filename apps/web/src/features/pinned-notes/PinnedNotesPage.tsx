import { Pin } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import { Page } from '@/components/ui/Page';
import { PageHeader } from '@/components/ui/PageHeader';

export function PinnedNotesPage() {
  return (
    <Page>
      <PageHeader title="Pinned Notes" description="The notes you keep within reach." />
      <EmptyState icon={Pin} title="No pinned notes yet" description="Pin a note to keep it here." />
    </Page>
  );
}
