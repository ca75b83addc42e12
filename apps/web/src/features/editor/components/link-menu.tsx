import { isSafeLinkHref } from '@notewise/editor';
import type { Editor } from '@tiptap/react';
import { Link as LinkIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { toolbarButtonClasses } from './toolbar-menu';

export const LINK_HINT = 'Use a web address (https://…), mailto:, or a path such as /notes or ./page.md';

interface LinkMenuProps {
  editor: Editor;
  /** The link under the selection, if any. */
  href: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds a scheme to a bare domain ("example.com/x" -> "https://example.com/x"); keeps the rest. */
export function normalizeHref(input: string): string {
  const value = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || /^[/#?.]/.test(value)) return value;
  if (/^[^\s/]+@[^\s/]+\.[a-z]{2,}$/i.test(value)) return `mailto:${value}`;
  if (/^[^\s/]+\.[a-z]{2,}(?:[/:?#]|$)/i.test(value)) return `https://${value}`;
  return value;
}

/**
 * The format toolbar's link control: a small form inside the floating toolbar (so focus stays in
 * it). Any target the schema calls safe is accepted: http(s), mailto:, relative paths and anchors.
 * An empty address removes the link.
 */
export function LinkMenu({ editor, href, open, onOpenChange }: LinkMenuProps) {
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setValue(href ?? '');
    setError(null);
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [open, href]);

  const close = (refocusText: boolean) => {
    onOpenChange(false);
    if (refocusText) editor.commands.focus();
    else triggerRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = normalizeHref(value);
    if (!target) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onOpenChange(false);
      return;
    }
    if (!isSafeLinkHref(target)) {
      setError(LINK_HINT);
      return;
    }
    const applied = editor.chain().focus().extendMarkRange('link').setLink({ href: target }).run();
    if (!applied) {
      setError(LINK_HINT);
      return;
    }
    onOpenChange(false);
  };

  return (
    <div className="relative max-md:static">
      <button
        ref={triggerRef}
        type="button"
        aria-label={href ? 'Edit link' : 'Link'}
        title={href ? `Edit link (${href})` : 'Link'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        aria-pressed={href !== null}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onOpenChange(!open)}
        className={toolbarButtonClasses}
      >
        <LinkIcon size={16} aria-hidden="true" />
      </button>
      {open && (
        <form
          id={formId}
          role="dialog"
          aria-label="Link"
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close(false);
            }
          }}
          className={cn(
            'absolute top-full left-0 z-10 mt-1.5 w-80 max-w-[calc(100vw-1rem)] rounded-card border border-border',
            'max-md:right-0 max-md:left-0 max-md:w-auto',
            'space-y-2 bg-panel p-2 text-fg shadow-lg animate-fade-in',
          )}
        >
          <label className="block text-[13px] font-medium" htmlFor={`${formId}-href`}>
            Link address
          </label>
          <input
            ref={inputRef}
            id={`${formId}-href`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={value}
            placeholder="https://example.com"
            aria-invalid={error !== null}
            aria-describedby={error ? `${formId}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            className="h-8 w-full rounded-control border border-border bg-bg px-2 text-sm outline-none focus-visible:border-ring max-md:h-11"
          />
          {error && (
            <p id={`${formId}-error`} role="alert" className="text-[13px] text-danger">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-1">
            {href && (
              <button
                type="button"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  onOpenChange(false);
                }}
                className="h-8 rounded-control px-2 text-[13px] text-muted hover:bg-hover hover:text-fg max-md:h-11"
              >
                Remove link
              </button>
            )}
            <button
              type="submit"
              className="h-8 rounded-control bg-accent px-3 text-[13px] font-medium text-accent-fg hover:opacity-90 max-md:h-11"
            >
              Apply
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
