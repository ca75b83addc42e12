import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface TooltipProps {
  /** The text shown. */
  content: ReactNode;
  /** One element that accepts a ref and pointer/focus handlers (a button, or a span around a disabled one). */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

/** A small label shown on hover and keyboard focus. Never the only place important text lives. */
export function Tooltip({ content, children, side = 'bottom', className }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={300} skipDelayDuration={200}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={cn(
              'z-50 max-w-64 rounded-control border border-border bg-panel px-2.5 py-1.5 text-xs text-fg shadow-lg',
              'data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in',
              className,
            )}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
