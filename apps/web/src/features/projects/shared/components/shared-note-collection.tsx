import type { NoteSummary } from '@notewise/shared';
import type { ViewMode } from '@/components/ui/view-toggle';
import { type ListPager, NoteCollection } from '@/features/notes';
import { paths } from '@/lib/route-table';

interface SharedNoteCollectionProps {
  sharedProjectId: string;
  notes: NoteSummary[];
  view: ViewMode;
  label: string;
  pager?: ListPager;
}

/** A shared project's notes as cards or rows; each opens Quick View on the Shared tab (docs/product.md §2). */
export function SharedNoteCollection({
  sharedProjectId,
  notes,
  view,
  label,
  pager,
}: SharedNoteCollectionProps) {
  return (
    <NoteCollection
      notes={notes}
      view={view}
      label={label}
      {...(pager ? { pager } : {})}
      linkTo={(note) => paths.quickView({ sharedProject: sharedProjectId, note: note.id })}
    />
  );
}
