import { Search, X } from 'lucide-react';
import { type ComponentProps, useRef } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './input';

interface SearchFieldProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> {
  value: string;
  onValueChange: (value: string) => void;
  /** The accessible name (also the placeholder unless one is given). */
  label: string;
}

/** A search box with a magnifier and a clear button; Escape clears it. */
export function SearchField({
  value,
  onValueChange,
  label,
  placeholder,
  className,
  onKeyDown,
  ...props
}: SearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={cn('relative', className)}>
      <Search
        size={16}
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-subtle"
      />
      <input
        ref={inputRef}
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            event.stopPropagation();
            onValueChange('');
          }
          onKeyDown?.(event);
        }}
        className={cn(inputClasses, 'pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden')}
        {...props}
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          title="Clear search"
          onClick={() => {
            onValueChange('');
            inputRef.current?.focus();
          }}
          className={cn(
            'absolute top-1/2 right-1 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-control',
            'text-subtle hover:bg-hover hover:text-fg max-md:size-10',
          )}
        >
          <X size={14} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
