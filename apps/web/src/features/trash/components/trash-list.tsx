import type { TrashItem } from '@notewise/shared';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TrashRow } from './trash-row';

interface TrashListProps {
  items: TrashItem[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRestore: (item: TrashItem) => void;
  onDeleteForever: (item: TrashItem) => void;
  /** Where focus goes when the last row is gone (the page heading). */
  onEmptied: () => void;
}

/**
 * Trash, newest deleted first, with "Load more" for the next page. When a row goes (restored or
 * deleted for good) the focus moves to the row that took its place, so a keyboard user keeps going.
 */
export function TrashList({
  items,
  hasMore,
  loadingMore,
  onLoadMore,
  onRestore,
  onDeleteForever,
  onEmptied,
}: TrashListProps) {
  const list = useRef<HTMLUListElement>(null);
  // The index of a row whose action was used; focus follows once it has left the list.
  const actedOn = useRef<{ index: number; key: string } | null>(null);
  const now = Date.now();

  useEffect(() => {
    const acted = actedOn.current;
    if (!acted || items.some((item) => `${item.kind}:${item.id}` === acted.key)) return;
    actedOn.current = null;
    const rows = list.current?.querySelectorAll('li') ?? [];
    const next = rows[Math.min(acted.index, rows.length - 1)];
    if (next) next.querySelector('button')?.focus();
    else onEmptied();
  }, [items, onEmptied]);

  const remember = (item: TrashItem) => {
    actedOn.current = {
      index: items.findIndex((other) => other.kind === item.kind && other.id === item.id),
      key: `${item.kind}:${item.id}`,
    };
  };

  return (
    <>
      <ul ref={list} aria-label="Items in Trash" className="space-y-2">
        {items.map((item) => (
          <TrashRow
            key={`${item.kind}:${item.id}`}
            item={item}
            now={now}
            onRestore={(target) => {
              remember(target);
              onRestore(target);
            }}
            onDeleteForever={(target) => {
              remember(target);
              onDeleteForever(target);
            }}
          />
        ))}
      </ul>
      {hasMore && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" pending={loadingMore} onClick={onLoadMore}>
            {loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}

/** Rows shaped like the list while the first page loads. */
export function TrashListSkeleton() {
  return (
    <div role="status">
      <p className="mb-3 text-sm text-subtle">Loading Trash...</p>
      <div className="space-y-2" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3 rounded-card border border-border p-4">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48 max-w-full" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
