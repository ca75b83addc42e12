import { SHARED_PROJECT_READY } from '@notewise/shared';
import { Check, CircleCheck } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { overlayClasses } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useStageProgress } from '../hooks/use-stage-progress';

/** What a join does, in words (the create stages talk about generating a code: not a join's work). */
export const JOIN_STAGES = [
  'Checking the project code...',
  'Finding the shared project...',
  'Adding you as a member...',
  'Syncing project data...',
] as const;

interface ProgressModalProps {
  /** The stage messages in order (SHARED_PROJECT_STAGES for a new project, JOIN_STAGES for a join). */
  stages: readonly string[];
  /** Identifies one run; the modal starts over for each. Null when no run is under way. */
  runId: number | null;
  title: string;
  /** The request succeeded: race through the remaining stages to 'Project Ready!'. */
  done: boolean;
  /** The animation and the ready pause are over. */
  onFinished: () => void;
}

/**
 * docs/product.md §4: the modal shown while a shared project is created or joined: the six stages in order, then
 * 'Project Ready!'. It cannot be dismissed; it closes when both the request and the animation are done
 * (or at once on failure, when the parent drops the run).
 */
export function ProgressModal({ runId, title, stages, done, onFinished }: ProgressModalProps) {
  return (
    <DialogPrimitive.Root open={runId !== null}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          // Focus stays on the panel itself: there is nothing to press.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={(event) => event.preventDefault()}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2',
            'rounded-card border border-border bg-panel p-6 text-fg shadow-xl focus:outline-none',
            'data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
          )}
        >
          {runId !== null && (
            <ProgressBody key={runId} title={title} stages={stages} done={done} onFinished={onFinished} />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ProgressBody({ title, stages, done, onFinished }: Omit<ProgressModalProps, 'runId'>) {
  const { progress, stage, ready } = useStageProgress(done, onFinished, stages.length);
  const current = ready ? SHARED_PROJECT_READY : stages[stage];
  const percent = Math.round(progress * 100);

  return (
    <>
      <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">{title}</DialogPrimitive.Title>
      <DialogPrimitive.Description className="sr-only">
        This takes a moment. The window closes by itself when the project is ready.
      </DialogPrimitive.Description>

      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={current}
        className="mt-5 h-1.5 overflow-hidden rounded-full bg-hover"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-100 ease-linear',
            ready ? 'bg-success' : 'bg-accent',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>

      <ol className="mt-5 space-y-2.5 text-sm" aria-hidden="true">
        {stages.map((label, index) => {
          const state = index < stage ? 'done' : index === stage ? 'current' : 'waiting';
          return (
            <li
              key={label}
              className={cn(
                'flex items-center gap-2.5',
                state === 'waiting' && 'text-subtle',
                state === 'done' && 'text-muted',
                state === 'current' && 'font-medium text-fg',
              )}
            >
              <span className="flex size-4 shrink-0 items-center justify-center">
                {state === 'done' ? (
                  <Check size={16} className="text-success" />
                ) : state === 'current' ? (
                  <Spinner size={14} />
                ) : (
                  <span className="size-1.5 rounded-full bg-border-strong" />
                )}
              </span>
              {label}
            </li>
          );
        })}
      </ol>

      {/* One live region with the current stage, so screen readers hear each step once. */}
      <p
        role="status"
        className={cn(
          'mt-5 flex min-h-6 items-center gap-2 text-[15px] font-semibold',
          ready ? 'text-success' : 'sr-only',
        )}
      >
        {ready && <CircleCheck size={20} aria-hidden="true" />}
        {current}
      </p>
    </>
  );
}
