import { LifeBuoy, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function HelpCenterPage() {
  return (
    <Page width="narrow">
      <PageHeader title="Help Center" description="Answers about notes, projects, sharing and your plan." />
      <EmptyState
        icon={LifeBuoy}
        title="No help articles yet"
        description="The quickest way to learn is to capture your first note."
        action={
          <Button asChild>
            <Link to={paths.capture}>
              <PenLine size={16} aria-hidden="true" />
              Create First Note
            </Link>
          </Button>
        }
      />
    </Page>
  );
}
