import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';

export const toolbarButtonClasses =
  'inline-flex h-8 min-w-8 shrink-0 items-center justify-center gap-1 rounded-control px-1.5 text-muted ' +
  'transition-colors duration-100 hover:bg-hover hover:text-fg aria-pressed:bg-accent-soft ' +
  'aria-pressed:text-accent-text aria-expanded:bg-hover aria-expanded:text-fg max-md:h-11 max-md:min-w-11';

interface ToolbarMenuProps {
  /** The accessible name of the menu button (and of the menu). */
  label: string;
  icon: ReactNode;
  /** Visible text beside the icon (e.g. the current text style); hidden on small screens. */
  text?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lay the items out in a grid of this many columns (colour swatches); arrows move in 2D. */
  columns?: number;
  className?: string;
  children: ReactNode;
}

/**
 * A menu button of the format toolbar and its menu, rendered inside the toolbar (not in a portal),
 * so focus stays within the floating toolbar and it does not hide. Opening focuses the checked item;
 * arrows, Home and End move; Escape closes and returns focus to the button; Tab leaves.
 */
export function ToolbarMenu({
  label,
  icon,
  text,
  open,
  onOpenChange,
  columns = 1,
  className,
  children,
}: ToolbarMenuProps) {
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const menu = menuRef.current;
    const items = menu ? menuItems(menu) : [];
    const checked = items.find((item) => item.getAttribute('aria-checked') === 'true');
    (checked ?? items[0])?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const menu = menuRef.current;
    if (!menu) return;
    const items = menuItems(menu);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onOpenChange(false);
        triggerRef.current?.focus();
        break;
      case 'ArrowDown':
        move(index + columns);
        break;
      case 'ArrowUp':
        move(index - columns);
        break;
      case 'ArrowRight':
        if (columns > 1) move(index + 1);
        break;
      case 'ArrowLeft':
        if (columns > 1) move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(items.length - 1);
        break;
      case 'Tab':
        onOpenChange(false);
        break;
    }
  };

  return (
    // Under 768 px the menu opens under the whole toolbar (full width), not under its button.
    <div className={cn('relative max-md:static', className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={text ? `${label}: ${text}` : label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            onOpenChange(true);
          }
        }}
        className={toolbarButtonClasses}
      >
        {icon}
        {text && <span className="text-[13px] max-md:hidden">{text}</span>}
        <ChevronDown size={12} aria-hidden="true" className="opacity-70" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute top-full left-0 z-10 mt-1.5 max-h-72 overflow-y-auto rounded-card border border-border',
            'max-md:right-0 max-md:left-0',
            'bg-panel p-1 text-fg shadow-lg animate-fade-in',
            columns > 1 ? 'grid w-max gap-1 max-md:w-auto' : 'min-w-44',
          )}
          style={columns > 1 ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}
        >
          {children}
        </div>
      )}
    </div>
  );
}

function menuItems(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]'));
}

interface ToolbarMenuItemProps {
  label: string;
  checked?: boolean;
  onSelect: () => void;
  /** Content instead of the label (the label stays the accessible name). */
  children?: ReactNode;
  className?: string;
}

/** One choice of a ToolbarMenu (role menuitemradio; `checked` marks the current one). */
export function ToolbarMenuItem({
  label,
  checked = false,
  onSelect,
  children,
  className,
}: ToolbarMenuItemProps) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      aria-label={children ? label : undefined}
      title={children ? label : undefined}
      tabIndex={-1}
      onClick={onSelect}
      className={cn(
        'flex h-8 w-full items-center gap-2 rounded-control px-2 text-left text-sm outline-none',
        'hover:bg-hover focus-visible:bg-hover focus-visible:outline-2 focus-visible:outline-ring',
        'aria-checked:font-medium max-md:h-11',
        className,
      )}
    >
      {children ?? label}
    </button>
  );
}
