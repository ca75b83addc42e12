import { MESSAGES } from '@notewise/shared';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/disabled-hint';
import { useAuth } from '@/features/auth';

/** Opens the create-or-join dialog; disabled and dimmed without access, saying why (docs/product.md §5). */
export function NewSharedProjectButton({
  onClick,
  label = 'New Shared Project',
}: {
  onClick: () => void;
  label?: string;
}) {
  const { hasAccess } = useAuth();
  return (
    <DisabledHint disabled={!hasAccess} reason={MESSAGES.accessRequired}>
      {(describedBy) => (
        <Button onClick={onClick} disabled={!hasAccess} aria-describedby={describedBy} aria-haspopup="dialog">
          <Plus size={16} aria-hidden="true" />
          {label}
        </Button>
      )}
    </DisabledHint>
  );
}
