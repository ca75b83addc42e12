import { ArrowLeft, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

/** /project/:id and its alias /projects/:projectId (read the id with useParams: `id ?? projectId`). */
export function ProjectNotesPage() {
  return (
    <Page>
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3 text-muted">
        <Link to={paths.projects}>
          <ArrowLeft size={16} aria-hidden="true" />
          Back to Projects
        </Link>
      </Button>
      <PageHeader title="Project Notes" />
      <EmptyState
        icon={FileText}
        title="No notes in this project yet"
        description="Notes you add to this project will appear here, pinned notes first."
      />
    </Page>
  );
}
