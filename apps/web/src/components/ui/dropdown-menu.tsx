import { Check, ChevronRight } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Radix DropdownMenu root: `open` / `onOpenChange` (controlled) or uncontrolled. */
export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuSub = MenuPrimitive.Sub;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

const surface =
  'z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-48 overflow-y-auto rounded-card border border-border bg-panel p-1 text-fg shadow-lg ' +
  'data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in focus:outline-none';

// Under 768 px every item is a 44 px touch target.
const item =
  'relative flex h-8 cursor-default select-none items-center gap-2 rounded-control px-2 text-sm outline-none ' +
  'data-[highlighted]:bg-hover data-[disabled]:pointer-events-none data-[disabled]:opacity-50 max-md:h-11 ' +
  '[&_svg]:shrink-0';

/** The menu's floating panel, in a portal. Align defaults to the trigger's end edge. */
export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 4,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(surface, className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

interface ItemProps extends ComponentProps<typeof MenuPrimitive.Item> {
  /** A destructive action: red text. */
  destructive?: boolean;
}

/** One action. Put a 16 px lucide icon (aria-hidden) before the label. */
export function DropdownMenuItem({ className, destructive = false, ...props }: ItemProps) {
  return (
    <MenuPrimitive.Item
      className={cn(
        item,
        destructive ? 'text-danger data-[highlighted]:bg-danger-soft' : '[&_svg]:text-muted',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label className={cn('px-2 py-1.5 text-xs font-medium text-muted', className)} {...props} />
  );
}

/** Opens a submenu (Radix opens it on hover, click, tap and the right arrow key). */
export function DropdownMenuSubTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.SubTrigger>) {
  return (
    <MenuPrimitive.SubTrigger
      className={cn(item, '[&_svg]:text-muted data-[state=open]:bg-hover', className)}
      {...props}
    >
      {children}
      <ChevronRight size={14} aria-hidden="true" className="ml-auto" />
    </MenuPrimitive.SubTrigger>
  );
}

export function DropdownMenuSubContent({
  className,
  sideOffset = 4,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof MenuPrimitive.SubContent>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.SubContent
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(surface, 'min-w-40', className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

/** A choice in a DropdownMenuRadioGroup; the chosen one shows a check mark. */
export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.RadioItem>) {
  return (
    <MenuPrimitive.RadioItem className={cn(item, 'pr-8', className)} {...props}>
      {children}
      <MenuPrimitive.ItemIndicator className="absolute right-2 inline-flex items-center">
        <Check size={14} aria-hidden="true" className="text-accent-text" />
      </MenuPrimitive.ItemIndicator>
    </MenuPrimitive.RadioItem>
  );
}
