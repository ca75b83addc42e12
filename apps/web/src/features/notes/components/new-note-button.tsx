import { MESSAGES } from '@notewise/shared';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/disabled-hint';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/route-table';

interface NewNoteButtonProps {
  /** Defaults to 'New Note'. */
  label?: string;
  variant?: ButtonVariant;
  /** The project the page shows: the new note starts there (Capture's project preselected). */
  projectId?: string;
}

/** Goes to Capture (/) to write a note, in `projectId` when given; disabled and dimmed without access (docs/product.md §5). */
export function NewNoteButton({ label = 'New Note', variant = 'primary', projectId }: NewNoteButtonProps) {
  const { hasAccess } = useAuth();
  return (
    <DisabledHint disabled={!hasAccess} reason={MESSAGES.accessRequired}>
      {(describedBy) =>
        hasAccess ? (
          <Button asChild variant={variant}>
            <Link to={projectId ? paths.captureIn(projectId) : paths.capture}>
              <Plus size={16} aria-hidden="true" />
              {label}
            </Link>
          </Button>
        ) : (
          <Button variant={variant} disabled aria-describedby={describedBy}>
            <Plus size={16} aria-hidden="true" />
            {label}
          </Button>
        )
      }
    </DisabledHint>
  );
}
