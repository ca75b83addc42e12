import { ArrowLeft, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';

export function EditorPage() {
  return (
    <Page width="narrow">
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3 text-muted">
        <Link to={paths.capture}>
          <ArrowLeft size={16} aria-hidden="true" />
          Back to Capture
        </Link>
      </Button>
      <PageHeader title="Editor" />
      <EmptyState
        icon={PenLine}
        title="No note open"
        description="Write a note on Capture to open it here in the full-screen editor."
      />
    </Page>
  );
}
