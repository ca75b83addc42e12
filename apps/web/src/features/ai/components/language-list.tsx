import { Check, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** The languages whose name contains the query (case-insensitive); names starting with it first. */
export function filterLanguages(languages: readonly string[], query: string): string[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [...languages];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const language of languages) {
    const name = language.toLowerCase();
    if (name.startsWith(wanted)) starts.push(language);
    else if (name.includes(wanted)) contains.push(language);
  }
  return [...starts, ...contains];
}

interface LanguageListProps {
  languages: readonly string[];
  /** The language picked last time: marked, and where the highlight starts. */
  current: string | null;
  onPick: (language: string) => void;
  /**
   * No language can be picked (the server has no model): the options stay visible and reachable with
   * the arrow keys, marked aria-disabled, and the search box is described by `describedBy`.
   */
  disabled?: boolean;
  describedBy?: string;
}

/**
 * A searchable list of languages (a combobox over a listbox): type to filter, Up/Down move the
 * highlight, Enter picks it, a click picks too. Escape is left to the surrounding popover. Disabled,
 * nothing is picked, but nothing traps the keyboard either: Tab leaves, Escape closes.
 */
export function LanguageList({
  languages,
  current,
  onPick,
  disabled = false,
  describedBy,
}: LanguageListProps) {
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => filterLanguages(languages, query), [languages, query]);
  const [active, setActive] = useState(() => Math.max(0, current ? languages.indexOf(current) : 0));
  const listRef = useRef<HTMLDivElement>(null);
  const activeIndex = filtered.length === 0 ? -1 : Math.min(active, filtered.length - 1);

  useEffect(() => {
    if (activeIndex < 0) return;
    const list = listRef.current;
    const option = list?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (!list || !option) return;
    // Keep the highlighted option visible (scrollIntoView would also scroll the page).
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop - 4;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight + 4;
    }
  }, [activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = filtered.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + count) % count);
    } else if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      if (count === 0) return;
      setActive(
        event.key === 'PageDown' ? Math.min(count - 1, activeIndex + 8) : Math.max(0, activeIndex - 8),
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const language = filtered[activeIndex];
      if (language && !disabled) onPick(language);
    }
  };

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-border px-3">
        <Search size={16} aria-hidden="true" className="shrink-0 text-muted" />
        <input
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-label="Search languages"
          aria-describedby={describedBy}
          placeholder="Search languages..."
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-10 min-w-0 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-subtle max-md:h-11 max-md:text-base"
        />
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Languages"
        className="relative max-h-64 min-h-0 overflow-y-auto overscroll-contain p-1"
      >
        {filtered.map((language, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter).
          <div
            key={language}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            aria-disabled={disabled || undefined}
            data-index={index}
            onPointerMove={() => {
              if (index !== activeIndex) setActive(index);
            }}
            // Keep focus in the search box, so typing and the arrow keys keep working.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (!disabled) onPick(language);
            }}
            className={cn(
              'flex h-8 cursor-default select-none items-center gap-2 rounded-control px-2 text-sm max-md:h-11',
              index === activeIndex && 'bg-hover',
              disabled && 'cursor-not-allowed text-subtle',
            )}
          >
            <span className="min-w-0 flex-1 truncate">{language}</span>
            {language === current && (
              <Check size={14} aria-label="Last used" className="shrink-0 text-accent-text" />
            )}
          </div>
        ))}
      </div>
      {filtered.length === 0 && (
        <p className="px-3 pt-1 pb-3 text-[13px] text-muted" role="status">
          No languages match "{query.trim()}"
        </p>
      )}
    </div>
  );
}
