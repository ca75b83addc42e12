import { MAX_PROJECT_NAME_LENGTH } from '@notewise/shared';
import { useRef, useState } from 'react';
import { cn } from '@/lib/cn';

interface ProjectNameInputProps {
  current: string;
  /** Called with the trimmed name when it is non-empty and differs from `current`. */
  onSave: (name: string) => void;
  /** Called when editing ends without a change (Escape, or an empty or unchanged name). */
  onCancel: () => void;
  className?: string;
}

/** Rename in place (docs/product.md §2): Enter or leaving the field saves; Escape cancels. */
export function ProjectNameInput({ current, onSave, onCancel, className }: ProjectNameInputProps) {
  const [value, setValue] = useState(current);
  const done = useRef(false);

  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    const name = value.trim();
    if (save && name && name !== current) onSave(name);
    else onCancel();
  };

  return (
    <input
      aria-label="Project name"
      value={value}
      maxLength={MAX_PROJECT_NAME_LENGTH}
      autoComplete="off"
      // Focus arrives from the menu that started the edit; select the name so typing replaces it.
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      onClick={(event) => event.stopPropagation()}
      className={cn(
        'relative z-10 -my-1 -ml-1.5 block h-8 min-w-0 flex-1 rounded-control border border-accent bg-panel px-1.5',
        'font-medium text-fg outline-2 outline-ring/30 max-md:h-10',
        className,
      )}
    />
  );
}
