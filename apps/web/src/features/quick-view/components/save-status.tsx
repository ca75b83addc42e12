import type { AiEnhancing } from '@/features/editor';
import { cn } from '@/lib/cn';
import { type SaveLabelStore, useSaveLabel } from '../lib/save-label-store';

interface SaveStatusProps {
  /** 'Unsaved changes' and 'Saved', read here so that their changes re-render this label alone. */
  label: SaveLabelStore;
  enhancing: AiEnhancing;
  saving: boolean;
  /** Offline edits wait for another tab or the connection. */
  waiting: boolean;
  online: boolean;
  failed: boolean;
}

/** A plain note's save state, beside its Save button. */
export function SaveStatus({ label, enhancing, saving, waiting, online, failed }: SaveStatusProps) {
  const { dirty, justSaved } = useSaveLabel(label);
  const status = enhancing
    ? 'Enhancing...'
    : saving
      ? 'Saving...'
      : dirty && waiting
        ? 'Waiting to sync'
        : dirty && !online
          ? 'Offline: changes kept here'
          : dirty && failed
            ? 'Save failed'
            : dirty
              ? 'Unsaved changes'
              : justSaved
                ? 'Saved'
                : '';
  return (
    <span role="status" className="ml-auto flex items-center gap-1.5 text-[13px] text-muted">
      {dirty && !saving && !enhancing && (
        <span
          aria-hidden="true"
          className={cn('size-1.5 rounded-full', failed ? 'bg-danger' : 'bg-warning')}
        />
      )}
      {status}
    </span>
  );
}
