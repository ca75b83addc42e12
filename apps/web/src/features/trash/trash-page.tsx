import type { TrashItem } from '@notewise/shared';
import { Trash2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/route-table';
import { toast } from '@/lib/toast';
import { useDeleteForever } from './api/delete-forever';
import { useEmptyTrash } from './api/empty-trash';
import { useTrash } from './api/get-trash';
import { type RestoreResult, useRestoreItem } from './api/restore-item';
import { DeleteForeverDialog, EmptyTrashDialog } from './components/trash-confirm';
import { TrashList, TrashListSkeleton } from './components/trash-list';
import { trashTitle } from './components/trash-row';

/** Where a restored item went, and the page that shows it there. */
function restoredTo(result: RestoreResult, item: TrashItem): { text: string; to: string } {
  if (result.kind === 'project') {
    const { project } = result;
    return {
      text: `Restored "${project.name}"`,
      to: project.kind === 'shared' ? paths.sharedProject(project.id) : paths.project(project.id),
    };
  }
  const where = result.movedToInbox || item.kind !== 'note' ? 'Inbox' : (item.projectName ?? 'Inbox');
  return { text: `Restored to ${where}`, to: paths.project(result.projectId, result.noteId) };
}

/** /trash: deleted notes and projects for 30 days; restore them, or delete them for good. */
export function TrashPage() {
  const trash = useTrash();
  const restore = useRestoreItem();
  const remove = useDeleteForever();
  const empty = useEmptyTrash();
  const navigate = useNavigate();
  const [confirmItem, setConfirmItem] = useState<TrashItem | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = trash.data ?? [];
  const focusHeading = useCallback(() => heading.current?.focus(), []);

  const onRestore = (item: TrashItem) =>
    restore.mutate(item, {
      onSuccess: (result) => {
        const { text, to } = restoredTo(result, item);
        toast.success(text, { action: { label: 'Open', onClick: () => navigate(to) } });
      },
      onError: (error) =>
        toast.error(`Could not restore "${trashTitle(item)}"`, { description: errorMessage(error) }),
    });

  const onDeleteForever = (item: TrashItem) => {
    setConfirmItem(null);
    remove.mutate(item, {
      onError: (error) =>
        toast.error(`Could not delete "${trashTitle(item)}"`, { description: errorMessage(error) }),
    });
  };

  const onEmpty = () => {
    setConfirmEmpty(false);
    empty.mutate(undefined, {
      onSuccess: () => toast.success('Trash emptied'),
      onError: (error) => toast.error('Could not empty Trash', { description: errorMessage(error) }),
    });
  };

  let body: React.ReactNode;
  if (trash.isPending) body = <TrashListSkeleton />;
  else if (trash.isError)
    body = (
      <ErrorState
        title="Could not load Trash"
        message={errorMessage(trash.error)}
        onRetry={() => void trash.refetch()}
      />
    );
  else if (items.length === 0 && !trash.hasNextPage)
    body = (
      <EmptyState
        icon={Trash2}
        title="Trash is empty"
        description="Deleted notes and projects stay here for 30 days."
      />
    );
  else
    body = (
      <TrashList
        items={items}
        hasMore={trash.hasNextPage}
        loadingMore={trash.isFetchingNextPage}
        onLoadMore={() => void trash.fetchNextPage()}
        onRestore={onRestore}
        onDeleteForever={setConfirmItem}
        onEmptied={focusHeading}
      />
    );

  return (
    <Page>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight focus:outline-none"
          >
            Trash
          </h1>
          <p className="text-sm text-muted">
            Deleted notes and projects, kept for 30 days. Restore them, or delete them for good.
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={items.length === 0 || empty.isPending}
          onClick={() => setConfirmEmpty(true)}
        >
          <Trash2 size={16} aria-hidden="true" />
          Empty Trash
        </Button>
      </header>
      {body}
      <DeleteForeverDialog
        item={confirmItem}
        onCancel={() => setConfirmItem(null)}
        onConfirm={onDeleteForever}
      />
      <EmptyTrashDialog
        open={confirmEmpty}
        count={items.length}
        more={trash.hasNextPage}
        onOpenChange={setConfirmEmpty}
        onConfirm={onEmpty}
      />
    </Page>
  );
}
