import { type ReactNode, useId } from 'react';
import { Tooltip } from './tooltip';

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
  return (
    <>
      <Tooltip content={reason}>
        <span className="inline-flex cursor-not-allowed">{children(id)}</span>
      </Tooltip>
      <span id={id} hidden>
        {reason}
      </span>
    </>
  );
}
