import type { Note } from '@notewise/shared';
import { History, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type RefObject, useRef, useState } from 'react';
import { overlayClasses } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useIsMobile } from '@/lib/use-media-query';
import { useRestoreVersion, useVersionList } from '../hooks/use-history';
import { VersionList } from './version-list';
import { VersionPreview } from './version-preview';

export interface HistoryPanelProps {
  noteId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The note's text now (Markdown): what "Show changes" compares a version with. */
  getCurrentMarkdown: () => string;
  /** A version was restored: the note as it now is (the session shows it). */
  onRestored: (note: Note) => void;
  /** Gets focus back when the panel closes (the dialog has no Radix trigger to return it to). */
  opener?: RefObject<HTMLElement | null>;
}

/**
 * A note's History (decision 052): a modal side panel on the right (full screen under 768 px) with
 * the versions by day and the selected one read-only beside them (on a phone, one after the other).
 * A modal dialog: focus stays inside, Escape closes.
 */
export function HistoryPanel({
  noteId,
  open,
  onOpenChange,
  getCurrentMarkdown,
  onRestored,
  opener,
}: HistoryPanelProps) {
  const mobile = useIsMobile();
  const list = useVersionList(noteId);
  const restore = useRestoreVersion(noteId);
  // Handed to the session only once the panel has closed: a plain session then reopens its editor,
  // which would otherwise unmount this dialog (and the confirmation) in the middle of closing.
  const restored = useRef<Note | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The row to focus when a phone goes back from a version to the list.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  // Read when the panel opens and after a selection: the note does not change while the panel is open.
  const [currentMarkdown] = useState(getCurrentMarkdown);
  const versions = list.data ?? [];
  const selected = versions.find((version) => version.id === selectedId) ?? null;

  const onRestore = (versionId: string) => {
    restore.mutate(versionId, {
      onSuccess: (note) => {
        restored.current = note;
        onOpenChange(false);
        toast.success('Version restored');
      },
      onError: (error) =>
        toast.error(errorMessage(error, 'Failed to restore this version. Please try again.')),
    });
  };

  const listPane = list.isError ? (
    <ErrorState
      title="Could not load the history"
      message={errorMessage(list.error)}
      onRetry={() => void list.refetch()}
    />
  ) : list.isPending ? (
    <div className="space-y-2 px-2" aria-hidden="true">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  ) : versions.length === 0 ? (
    <EmptyState
      icon={History}
      title="No earlier versions yet"
      description="Versions appear here as the note is saved."
      help={false}
    />
  ) : (
    <VersionList
      versions={versions}
      selectedId={selectedId}
      onSelect={setSelectedId}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      focusId={returnTo}
    />
  );

  const preview = selected ? (
    <VersionPreview
      key={selected.id}
      noteId={noteId}
      summary={selected}
      isCurrent={versions[0]?.id === selected.id}
      currentMarkdown={currentMarkdown}
      restoring={restore.isPending}
      onRestore={() => onRestore(selected.id)}
      onBack={
        mobile
          ? () => {
              setReturnTo(selected.id);
              setSelectedId(null);
            }
          : undefined
      }
    />
  ) : (
    <p className="m-auto px-6 text-center text-sm text-muted">Select a version to see it.</p>
  );

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const note = restored.current;
            if (!note) {
              event.preventDefault();
              opener?.current?.focus();
              return;
            }
            restored.current = null;
            // The editor reopens on the restored text; focus goes to it, not to a button being replaced.
            event.preventDefault();
            onRestored(note);
          }}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l border-border bg-panel text-fg shadow-xl',
            'md:w-[min(60rem,calc(100vw-3rem))] focus:outline-none',
            'pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]',
            'data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          )}
        >
          <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border px-4">
            <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">
              History
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close"
              title="Close"
              className="inline-flex size-11 items-center justify-center rounded-control text-muted hover:bg-hover hover:text-fg"
            >
              <X size={18} aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex min-h-0 flex-1">
            {(!mobile || !selected) && (
              <nav
                aria-label="Versions"
                className="min-h-0 w-full shrink-0 overflow-y-auto p-2 md:w-72 md:border-r md:border-border"
              >
                {listPane}
              </nav>
            )}
            {(!mobile || selected) && <div className="flex min-h-0 min-w-0 flex-1 flex-col">{preview}</div>}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
