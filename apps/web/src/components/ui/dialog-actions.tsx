import { Button } from './button';

interface DialogAction {
  label: string;
  onClick?: () => void;
  pending?: boolean;
  disabled?: boolean;
}

interface DialogActionsProps {
  /** The way out or the alternative (Cancel, Discard, Import more), on the left. */
  secondary: DialogAction;
  /** The dialog's main action, on the right; `submit` makes it the form's submit button. */
  primary: DialogAction & { submit?: boolean };
}

/** A dialog's footer: a secondary and a primary button, right-aligned, wrapping on narrow screens. */
export function DialogActions({ secondary, primary }: DialogActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        type="button"
        variant="secondary"
        onClick={secondary.onClick}
        pending={secondary.pending}
        disabled={secondary.disabled}
      >
        {secondary.label}
      </Button>
      <Button
        type={primary.submit ? 'submit' : 'button'}
        onClick={primary.onClick}
        pending={primary.pending}
        disabled={primary.disabled}
      >
        {primary.label}
      </Button>
    </div>
  );
}
