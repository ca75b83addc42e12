import { GraduationCap } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function TutorialPage() {
  return (
    <Page width="narrow">
      <PageHeader
        title="Tutorial"
        description="A six-step tour of capturing, organising and sharing notes."
      />
      <EmptyState
        icon={GraduationCap}
        title="The guided tour is not available yet"
        description="Until it is, the Help Center explains each part of the app."
      />
    </Page>
  );
}
