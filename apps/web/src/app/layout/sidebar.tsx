import { cn } from '@/lib/cn';
import { Brand } from './brand';
import { NavItems } from './nav-items';

/** Rail width when collapsed; the main column is padded by the same amount. */
export const RAIL_WIDTH_CLASS = 'w-14';

/**
 * Desktop sidebar (>= 768 px): a narrow icon rail over the page's left edge that widens to show labels
 * on hover or while keyboard focus is inside it.
 */
export function Sidebar() {
  return (
    <aside
      className={cn(
        'group/rail fixed inset-y-0 left-0 z-40 hidden flex-col overflow-hidden border-r border-border bg-surface',
        'transition-[width,box-shadow] duration-200 ease-out hover:w-56 hover:shadow-xl',
        'has-focus-visible:w-56 has-focus-visible:shadow-xl md:flex',
        RAIL_WIDTH_CLASS,
      )}
    >
      <div className="flex h-14 w-56 shrink-0 items-center px-4">
        <Brand labelClassName="opacity-0 transition-opacity duration-150 group-hover/rail:opacity-100 group-has-focus-visible/rail:opacity-100" />
      </div>
      <nav aria-label="Main" className="flex w-56 min-h-0 flex-1 flex-col overflow-x-hidden overflow-y-auto">
        <NavItems variant="rail" />
      </nav>
    </aside>
  );
}
