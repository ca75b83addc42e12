// The create and join forms' shared pieces: the error line and the Back / submit row.
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/disabled-hint';
import { OFFLINE_REASON, useOfflineStatus } from '@/features/offline';

export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
      {error}
    </p>
  ) : null;
}

export function FormActions({
  submitLabel,
  disabled,
  onBack,
}: {
  submitLabel: string;
  disabled: boolean;
  onBack: () => void;
}) {
  // Creating and joining need the server (decision 024): offline the button says why it waits.
  const { offline } = useOfflineStatus();
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:items-center">
      <Button variant="ghost" onClick={onBack} className="sm:-ml-2">
        <ArrowLeft size={16} aria-hidden="true" />
        Back
      </Button>
      <span className="sm:ml-auto">
        <DisabledHint disabled={offline} reason={OFFLINE_REASON}>
          {(describedBy) => (
            <Button type="submit" disabled={disabled || offline} aria-describedby={describedBy}>
              {submitLabel}
            </Button>
          )}
        </DisabledHint>
      </span>
    </div>
  );
}
