import type { TrashItem } from '@notewise/shared';
import { FileText, FolderOpen, RotateCcw, Trash2, Users } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ColorDot, isProjectColor } from '@/components/ui/color-dot';
import { pluralize } from '@/lib/format';
import { deletedAgo, deletedForGoodIn } from '../lib/trash-times';

interface TrashRowProps {
  item: TrashItem;
  /** "now" for the relative times, so every row of one render agrees. */
  now: number;
  onRestore: (item: TrashItem) => void;
  onDeleteForever: (item: TrashItem) => void;
}

/** The title a row and its buttons are named by; a note may have none. */
export function trashTitle(item: TrashItem): string {
  return item.title.trim() || (item.kind === 'note' ? 'Untitled note' : 'Untitled project');
}

/** Where the item came from: a note's project (or that it is gone), a project's notes and sharing. */
function Origin({ item }: { item: TrashItem }) {
  if (item.kind === 'note') {
    return item.projectName === null ? (
      <span>Project deleted</span>
    ) : (
      <span className="truncate">
        From <span className="font-medium text-fg">{item.projectName}</span>
      </span>
    );
  }
  return (
    <>
      <span>{pluralize(item.noteCount, 'note')}</span>
      {item.shared && (
        <span className="inline-flex items-center gap-1 rounded-full border border-border px-2 text-xs">
          <Users size={12} aria-hidden="true" />
          Shared
        </span>
      )}
    </>
  );
}

/** One deleted note or project: what it is, where it came from, when it goes for good, and its actions. */
export function TrashRow({ item, now, onRestore, onDeleteForever }: TrashRowProps) {
  const titleId = useId();
  const title = trashTitle(item);
  const KindIcon = item.kind === 'note' ? FileText : FolderOpen;
  const kindLabel = item.kind === 'note' ? 'Note' : 'Project';

  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-card border border-border bg-panel p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-surface text-muted">
          <KindIcon size={16} aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={titleId} className="flex min-w-0 items-center gap-2 text-[15px] font-semibold">
            {item.kind === 'project' && isProjectColor(item.color) && <ColorDot color={item.color} />}
            <span className="truncate">{title}</span>
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted">
            <span className="font-medium">{kindLabel}</span>
            <span aria-hidden="true">·</span>
            <Origin item={item} />
          </p>
          {item.kind === 'note' && item.excerpt && (
            <p className="line-clamp-1 text-[13px] text-muted">{item.excerpt}</p>
          )}
          <p className="text-[13px] text-subtle">
            {deletedAgo(item.deletedAt, now)} · {deletedForGoodIn(item.expiresAt, now)}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 max-sm:pl-11">
        <Button variant="secondary" size="sm" aria-label={`Restore ${title}`} onClick={() => onRestore(item)}>
          <RotateCcw size={14} aria-hidden="true" />
          Restore
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete forever ${title}`}
          onClick={() => onDeleteForever(item)}
        >
          <Trash2 size={14} aria-hidden="true" />
          Delete forever
        </Button>
      </div>
    </li>
  );
}
