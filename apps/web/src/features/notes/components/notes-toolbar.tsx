import { SearchField } from '@/components/ui/search-field';
import { type ViewMode, ViewToggle } from '@/components/ui/view-toggle';

interface NotesToolbarProps {
  search?: { value: string; onChange: (value: string) => void; label: string };
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
}

/** The row above a notes list: a search box that filters the loaded notes, and the grid/list toggle. */
export function NotesToolbar({ search, view, onViewChange }: NotesToolbarProps) {
  return (
    <div className="mb-5 flex items-center gap-3">
      {search && (
        <SearchField
          value={search.value}
          onValueChange={search.onChange}
          label={search.label}
          className="min-w-0 flex-1 sm:max-w-xs"
        />
      )}
      <ViewToggle value={view} onChange={onViewChange} className="ml-auto" />
    </div>
  );
}
