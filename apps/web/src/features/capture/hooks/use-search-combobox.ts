import { PREVIEW_LENGTHS, SEARCH_RESULT_LIMIT, truncatePlainText } from '@notewise/shared';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNoteSearch, useNotes } from '@/features/notes/queries';
import { paths } from '@/lib/route-table';
import { useDebounced } from '@/lib/use-debounced';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 200;
/** docs/product.md §2: the dropdown lists the first 10 notes when the query is empty. */
const RECENT_LIMIT = 10;

export interface SearchItem {
  id: string;
  projectId: string;
  title: string;
  preview: string;
  updatedAt: string;
}

export type SearchState =
  | { kind: 'recent' | 'results'; status: 'loading' }
  | { kind: 'recent' | 'results'; status: 'error'; error: unknown }
  | { kind: 'recent' | 'results'; status: 'ready'; items: SearchItem[] };

interface Options {
  /** The list is wanted (dropdown open or full-screen search shown): loads recent notes on demand. */
  active: boolean;
  /** Called after an item was opened (closes the dropdown or dialog). */
  onChosen?: () => void;
}

/**
 * Capture's note search as a combobox (WAI-ARIA 1.2 list autocomplete): recent notes for an empty
 * query, ranked results (GET /api/search) after a 200 ms pause in typing; arrow keys move the
 * highlighted option, Enter opens it in Quick View.
 */
export function useSearchCombobox({ active, onChosen }: Options) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const debounced = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.trim().length > 0;

  const recent = useNotes({}, { enabled: active && !searching });
  const search = useNoteSearch(debounced, active && debounced.length > 0);

  const state = useMemo<SearchState>(() => {
    if (!searching) {
      if (recent.isPending) return { kind: 'recent', status: 'loading' };
      if (recent.isError) return { kind: 'recent', status: 'error', error: recent.error };
      const items = recent.data.slice(0, RECENT_LIMIT).map((note) => ({
        id: note.id,
        projectId: note.projectId,
        title: note.title,
        preview: truncatePlainText(note.preview, PREVIEW_LENGTHS.captureSearch),
        updatedAt: note.updatedAt,
      }));
      return { kind: 'recent', status: 'ready', items };
    }
    // Still typing, or the first answer for this query has not arrived.
    if (debounced !== query.trim() && !search.data) return { kind: 'results', status: 'loading' };
    if (search.isError) return { kind: 'results', status: 'error', error: search.error };
    if (!search.data) return { kind: 'results', status: 'loading' };
    const items = search.data.results.slice(0, SEARCH_RESULT_LIMIT).map((result) => ({
      id: result.id,
      projectId: result.projectId,
      title: result.title,
      preview: truncatePlainText(result.preview, PREVIEW_LENGTHS.captureSearch),
      updatedAt: result.updatedAt,
    }));
    return { kind: 'results', status: 'ready', items };
  }, [
    searching,
    recent.isPending,
    recent.isError,
    recent.error,
    recent.data,
    debounced,
    query,
    search.data,
    search.isError,
    search.error,
  ]);

  const items = state.status === 'ready' ? state.items : [];
  const count = items.length;

  // A new list starts with its best match highlighted when searching, with nothing for recent notes.
  const listKey = `${state.kind}:${debounced}:${count}`;
  useEffect(() => {
    setActiveIndex(listKey.startsWith('results') && count > 0 ? 0 : -1);
  }, [listKey, count]);

  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (item: SearchItem) => {
    onChosen?.();
    // Quick View puts the caret in the note: the user came to read or write it.
    navigate(paths.quickView({ project: item.projectId, note: item.id }), { state: { focusEditor: true } });
  };

  /** Arrow keys, Enter. Returns true when the key was handled. */
  const handleKey = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (event.nativeEvent.isComposing) return false;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return false;
        event.preventDefault();
        setActiveIndex((index) => (index + 1) % count);
        return true;
      case 'ArrowUp':
        if (count === 0) return false;
        event.preventDefault();
        setActiveIndex((index) => (index <= 0 ? count - 1 : index - 1));
        return true;
      case 'Enter': {
        const item = items[activeIndex];
        if (!item) return false;
        event.preventDefault();
        choose(item);
        return true;
      }
      default:
        return false;
    }
  };

  // Keep the highlighted option visible while moving through a long list.
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  return {
    query,
    setQuery,
    state,
    items,
    listId,
    optionId,
    activeIndex,
    setActiveIndex,
    choose,
    handleKey,
    /** The server has more matches than the quick list shows (the search page shows them all). */
    more: searching && Boolean(search.data?.nextCursor),
    onChosen,
    /** The searching is in flight for the text shown (results are being refreshed). */
    refreshing: searching && (debounced !== query.trim() || search.isFetching),
  };
}

export type SearchCombobox = ReturnType<typeof useSearchCombobox>;
