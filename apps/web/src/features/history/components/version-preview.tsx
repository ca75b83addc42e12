import { markdownToPlainText } from '@notewise/editor';
import { NOTE_VERSION_REASON_LABELS, type NoteVersionSummary } from '@notewise/shared';
import { ArrowLeft, Copy, RotateCcw } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { loadRichTextEditor } from '@/features/editor';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useVersion } from '../hooks/use-history';
import { authorLine } from '../lib/group-by-day';
import { WordDiffView } from './word-diff-view';

// Already loaded by the note's own editor: the version is shown the way the note itself is.
const RichTextEditor = lazy(async () => ({ default: (await loadRichTextEditor()).RichTextEditor }));

interface VersionPreviewProps {
  noteId: string;
  summary: NoteVersionSummary;
  /** The newest version: its text is the note's current text, so there is nothing to restore. */
  isCurrent: boolean;
  /** The note's text now (Markdown), to compare with. */
  currentMarkdown: string;
  restoring: boolean;
  onRestore: () => void;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
}

function PreviewSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
    </div>
  );
}

/** One version, read-only: its text (or the changes since it), Copy text and Restore this version. */
export function VersionPreview({
  noteId,
  summary,
  isCurrent,
  currentMarkdown,
  restoring,
  onRestore,
  onBack,
}: VersionPreviewProps) {
  const version = useVersion(noteId, summary.id);
  const [showChanges, setShowChanges] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // On a phone the list made way for this view: focus goes to its first control, not to the page.
  const backRef = useRef<HTMLButtonElement>(null);
  const hasBack = onBack !== undefined;
  useEffect(() => {
    if (hasBack) backRef.current?.focus();
  }, [hasBack]);
  const when = new Date(summary.updatedAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const author = authorLine(summary);

  const copy = async () => {
    if (!version.data) return;
    try {
      await navigator.clipboard.writeText(version.data.content);
      toast.success('Copied');
    } catch {
      toast.error('Failed to copy');
    }
  };

  return (
    <section aria-label="Selected version" className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2">
        {onBack && (
          <Button ref={backRef} variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeft size={16} aria-hidden="true" />
            Versions
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold">{when}</h3>
          <p className="text-[13px] text-muted">
            {NOTE_VERSION_REASON_LABELS[summary.reason]} · {author.label}
            {author.names && ` (${author.names})`}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={showChanges}
          className="aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent-text"
          onClick={() => setShowChanges((shown) => !shown)}
        >
          Show changes
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void copy()} disabled={!version.data}>
          <Copy size={14} aria-hidden="true" />
          Copy text
        </Button>
        <Button
          size="sm"
          onClick={() => setConfirming(true)}
          disabled={!version.data || isCurrent || restoring}
          pending={restoring}
          title={isCurrent ? 'This is the current text' : undefined}
        >
          <RotateCcw size={14} aria-hidden="true" />
          Restore this version
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {version.isError ? (
          <ErrorState
            title="Could not load this version"
            message={errorMessage(version.error)}
            onRetry={() => void version.refetch()}
          />
        ) : !version.data ? (
          <PreviewSkeleton />
        ) : showChanges ? (
          <div className="space-y-3">
            <p className="text-[13px] text-muted">
              Changes since this version: added words are in the current text, removed words only in this
              version.
            </p>
            <WordDiffView
              before={markdownToPlainText(version.data.content)}
              after={markdownToPlainText(currentMarkdown)}
            />
          </div>
        ) : (
          // Read-only: the editor's Insert bar (shown disabled while a note is busy) has no place here.
          <div className="[&_[role=toolbar]]:hidden">
            <p className="mb-3 text-xl font-semibold">{version.data.title}</p>
            <Suspense fallback={<PreviewSkeleton />}>
              <RichTextEditor
                key={version.data.id}
                initialMarkdown={version.data.content}
                label="Version text"
                editable={false}
              />
            </Suspense>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Restore this version?"
        description="The current text is kept in History."
        confirmLabel="Restore"
        onConfirm={() => {
          setConfirming(false);
          onRestore();
        }}
      />
    </section>
  );
}
