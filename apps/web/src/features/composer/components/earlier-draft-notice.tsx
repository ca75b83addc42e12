import { Button } from '@/components/ui/button';

interface EarlierDraftNoticeProps {
  draft: string;
  onAdd: () => void;
  onDiscard: () => void;
}

/**
 * The saved draft that arrived after the user had started typing (decision 094): shown beside the
 * box, never put into it unasked, and kept as the draft until added or discarded.
 */
export function EarlierDraftNotice({ draft, onAdd, onDiscard }: EarlierDraftNoticeProps) {
  return (
    <section
      aria-label="Earlier draft"
      className="flex flex-wrap items-center gap-2 rounded-control border border-border bg-surface px-3 py-2 text-[13px]"
    >
      <p className="min-w-0 flex-1 text-muted">
        Your earlier draft was kept: <q className="line-clamp-2 break-words text-fg">{draft}</q>
      </p>
      <Button variant="secondary" size="sm" onClick={onAdd}>
        Add to note
      </Button>
      <Button variant="ghost" size="sm" onClick={onDiscard}>
        Discard
      </Button>
    </section>
  );
}
