import { LayoutGrid, List } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useCallback, useState } from 'react';
import { cn } from '@/lib/cn';
import { storage } from '@/lib/storage';

export type ViewMode = 'grid' | 'list';

/** A grid/list choice remembered in local storage under `storageKey`. */
export function useViewMode(storageKey: string, fallback: ViewMode = 'grid') {
  const [mode, setModeState] = useState<ViewMode>(() => {
    const stored = storage.get(storageKey);
    return stored === 'grid' || stored === 'list' ? stored : fallback;
  });
  const setMode = useCallback(
    (next: ViewMode) => {
      storage.set(storageKey, next);
      setModeState(next);
    },
    [storageKey],
  );
  return [mode, setMode] as const;
}

interface ViewToggleProps {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
  className?: string;
}

const OPTIONS = [
  { value: 'grid', label: 'Grid view', icon: LayoutGrid },
  { value: 'list', label: 'List view', icon: List },
] as const;

/** Two icon toggles, 'Grid view' and 'List view' (pressed = current). */
export function ViewToggle({ value, onChange, className }: ViewToggleProps) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next === 'grid' || next === 'list') onChange(next);
      }}
      aria-label="View"
      className={cn(
        'inline-flex items-center gap-0.5 rounded-control border border-border bg-surface p-0.5',
        className,
      )}
    >
      {OPTIONS.map(({ value: option, label, icon: Icon }) => (
        <ToggleGroup.Item
          key={option}
          value={option}
          aria-label={label}
          title={label}
          className={cn(
            'inline-flex size-7 items-center justify-center rounded-[4px] text-muted transition-colors',
            'hover:text-fg data-[state=on]:bg-panel data-[state=on]:text-fg data-[state=on]:shadow-sm max-md:size-10',
          )}
        >
          <Icon size={16} aria-hidden="true" />
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
