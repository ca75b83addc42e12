import { ArrowLeft, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function SharedProjectPage() {
  return (
    <Page>
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3 text-muted">
        <Link to={paths.sharedProjects}>
          <ArrowLeft size={16} aria-hidden="true" />
          Back to Shared Projects
        </Link>
      </Button>
      <PageHeader title="Shared Project" />
      <EmptyState
        icon={FileText}
        title="No notes in this shared project yet"
        description="Notes that members add to this project will appear here."
      />
    </Page>
  );
}
