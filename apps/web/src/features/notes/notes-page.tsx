import { FileText, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function NotesPage() {
  return (
    <Page>
      <PageHeader title="All Notes" description="Every note from all of your projects." />
      <EmptyState
        icon={FileText}
        title="No notes yet"
        description="Notes you capture will appear here."
        action={
          <Button asChild>
            <Link to={paths.capture}>
              <Plus size={16} aria-hidden="true" />
              New Note
            </Link>
          </Button>
        }
      />
    </Page>
  );
}
