import type { TrashItem } from '@notewise/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { pluralize } from '@/lib/format';
import { trashTitle } from './trash-row';

/** Delete forever, asked first; focus starts on Cancel (ConfirmDialog does that for destructive ones). */
export function DeleteForeverDialog({
  item,
  onCancel,
  onConfirm,
}: {
  item: TrashItem | null;
  onCancel: () => void;
  onConfirm: (item: TrashItem) => void;
}) {
  const title = item ? trashTitle(item) : '';
  const what =
    item?.kind === 'project'
      ? `The project${item.noteCount > 0 ? ` and its ${pluralize(item.noteCount, 'note')}` : ''} will be deleted for good, for every member.`
      : 'The note will be deleted for good, with its history.';
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={`Delete "${title}" forever?`}
      description={`${what} This cannot be undone.`}
      confirmLabel="Delete forever"
      destructive
      onConfirm={() => item && onConfirm(item)}
    />
  );
}

/** Empty Trash, asked first with how many items go; "all items" while more pages are not loaded. */
export function EmptyTrashDialog({
  open,
  count,
  more,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  count: number;
  /** More items than `count` are in Trash (pages not loaded yet). */
  more: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const items = more ? 'all items in Trash' : pluralize(count, 'item');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Empty Trash?"
      description={`Delete ${items} forever? This cannot be undone.`}
      confirmLabel="Empty Trash"
      destructive
      onConfirm={onConfirm}
    />
  );
}
