import { lazy, type ReactNode, Suspense, useId } from 'react';

// Radix's tooltip and its positioning (about 20 KiB gzip) load only when a disabled control shows
// (decision 086): a page whose controls are enabled, such as All Notes for most people, never needs it.
const Tooltip = lazy(async () => ({ default: (await import('./tooltip')).Tooltip }));

interface DisabledHintProps {
  /** When false the children render as they are. */
  disabled: boolean;
  /** Why the control is disabled: a tooltip on hover and the control's accessible description. */
  reason: string;
  /** Renders the control; spread `aria-describedby` on it. */
  children: (describedBy: string | undefined) => ReactNode;
}

/**
 * Explains a disabled control. A disabled button gets no pointer events, so the tooltip sits on a
 * wrapper; screen readers get the reason as the button's description.
 */
export function DisabledHint({ disabled, reason, children }: DisabledHintProps) {
  const id = useId();
  if (!disabled) return <>{children(undefined)}</>;
  const control = <span className="inline-flex cursor-not-allowed">{children(id)}</span>;
  return (
    <>
      <Suspense fallback={control}>
        <Tooltip content={reason}>{control}</Tooltip>
      </Suspense>
      <span id={id} hidden>
        {reason}
      </span>
    </>
  );
}
