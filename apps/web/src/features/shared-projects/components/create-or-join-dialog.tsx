import {
  JOIN_CODE_LENGTH,
  JOIN_MESSAGES,
  MAX_PROJECT_DESCRIPTION_LENGTH,
  MAX_PROJECT_NAME_LENGTH,
  type ProjectColor,
  SHARED_PROJECT_STAGES,
  type SharedProject,
} from '@notewise/shared';
import { ArrowLeft, ChevronRight, KeyRound, type LucideIcon, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ColorPicker } from '@/components/ui/color-picker';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DisabledHint } from '@/components/ui/disabled-hint';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { OFFLINE_REASON, useOfflineStatus } from '@/features/offline';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/route-table';
import { toast } from '@/lib/toast';
import { useCreateSharedProject } from '../api/create-shared-project';
import { useJoinSharedProject } from '../api/join-shared-project';
import { JOIN_STAGES, ProgressModal } from './progress-modal';

type Screen = 'choice' | 'create' | 'join';

/** The progress modal shows at least this long before a failure closes it. */
const MIN_FAILURE_DISPLAY_MS = 600;
/**
 * A join's answer usually comes at once: the dialog waits this long before giving way to the progress
 * modal, so a refused code shows its error right in the form, without any progress first (issue 18.7).
 */
const JOIN_MODAL_DELAY_MS = 400;

interface Draft {
  name: string;
  description: string;
  color: ProjectColor;
  code: string;
}

const EMPTY_DRAFT: Draft = { name: '', description: '', color: 'blue', code: '' };

interface Run {
  id: number;
  kind: 'create' | 'join';
  /** Set when the request succeeded. */
  project: SharedProject | null;
}

const SCREENS: Record<Screen, { title: string; description: string }> = {
  choice: {
    title: 'New Shared Project',
    description: 'Start a project others can join, or join one with its code.',
  },
  create: {
    title: 'Create a shared project',
    description: 'You get a 6-digit code to share. Everyone who joins sees and edits every note.',
  },
  join: {
    title: 'Join with a code',
    description: "Enter the 6-digit code from the project's owner.",
  },
};

/** Keeps digits only, at most six (SPEC 5): letters, spaces and dashes vanish as they are typed or pasted. */
export function normalizeJoinCode(value: string): string {
  return value.replace(/\D+/g, '').slice(0, JOIN_CODE_LENGTH);
}

interface CreateOrJoinDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC 4: a choice screen leads to the create or the join form. Submitting closes the dialog and shows
 * the progress modal; on success the modal ends in 'Project Ready!', then closes and the dialog starts
 * over; on failure the modal closes and the dialog reopens on the same form, input kept, with the error.
 */
export function CreateOrJoinDialog({ open, onOpenChange }: CreateOrJoinDialogProps) {
  const navigate = useNavigate();
  const create = useCreateSharedProject();
  const join = useJoinSharedProject();
  const [screen, setScreen] = useState<Screen>('choice');
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const runCounter = useRef(0);
  const submitting = useRef(false);

  // Opening afresh starts from the choice screen; reopening after a failure keeps the form.
  const [wasOpen, setWasOpen] = useState(open);
  const [keepOnReopen, setKeepOnReopen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && keepOnReopen) setKeepOnReopen(false);
    else if (open) {
      setScreen('choice');
      setDraft(EMPTY_DRAFT);
      setError(null);
    }
  }

  const update = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setError(null);
  };

  const submit = (kind: Run['kind']) => {
    if (run || submitting.current) return;
    const id = ++runCounter.current;
    let startedAt = performance.now();
    setError(null);
    let shown = false;
    const showProgress = () => {
      if (shown) return;
      shown = true;
      startedAt = performance.now();
      setRun({ id, kind, project: null });
      onOpenChange(false);
    };
    submitting.current = true;
    const delay = kind === 'join' ? window.setTimeout(showProgress, JOIN_MODAL_DELAY_MS) : undefined;
    if (kind === 'create') showProgress();
    const request =
      kind === 'create'
        ? create.mutateAsync({
            name: draft.name.trim(),
            color: draft.color,
            ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
          })
        : join.mutateAsync(draft.code);
    request.then(
      (project) => {
        submitting.current = false;
        window.clearTimeout(delay);
        showProgress();
        setRun((current) => (current?.id === id ? { ...current, project } : current));
      },
      (failure: unknown) => {
        submitting.current = false;
        window.clearTimeout(delay);
        if (!shown) {
          // Refused before the progress showed: the error goes straight into the open form.
          setError(errorMessage(failure, JOIN_MESSAGES.unexpected));
          return;
        }
        // A refusal right after the modal appeared would only flash it: it stays a moment first.
        const wait = Math.max(0, startedAt + MIN_FAILURE_DISPLAY_MS - performance.now());
        window.setTimeout(() => {
          setRun((current) => (current?.id === id ? null : current));
          setError(errorMessage(failure, JOIN_MESSAGES.unexpected));
          setKeepOnReopen(true);
          onOpenChange(true);
        }, wait);
      },
    );
  };

  const finish = () => {
    const project = run?.project;
    setRun(null);
    setScreen('choice');
    setDraft(EMPTY_DRAFT);
    setError(null);
    if (project) {
      toast.success(run?.kind === 'join' ? `Joined "${project.name}"` : `Created "${project.name}"`, {
        action: { label: 'Open', onClick: () => navigate(paths.sharedProject(project.id)) },
      });
    }
  };

  const { title, description } = SCREENS[screen];
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent title={title} description={description} className="max-w-md">
          {screen === 'choice' && <ChoiceScreen onChoose={setScreen} />}
          {screen === 'create' && (
            <CreateForm
              draft={draft}
              error={error}
              onChange={update}
              onBack={() => setScreen('choice')}
              onSubmit={() => submit('create')}
            />
          )}
          {screen === 'join' && (
            <JoinForm
              code={draft.code}
              error={error}
              onChange={(code) => update({ code })}
              onBack={() => setScreen('choice')}
              onSubmit={() => submit('join')}
            />
          )}
        </DialogContent>
      </Dialog>
      <ProgressModal
        runId={run?.id ?? null}
        title={run?.kind === 'join' ? 'Joining shared project' : 'Creating shared project'}
        stages={run?.kind === 'join' ? JOIN_STAGES : SHARED_PROJECT_STAGES}
        done={Boolean(run?.project)}
        onFinished={finish}
      />
    </>
  );
}

function ChoiceOption({
  icon: Icon,
  title,
  description,
  onClick,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'group flex w-full items-center gap-3.5 rounded-card border border-border p-4 text-left transition-colors',
        'duration-150 hover:border-border-strong hover:bg-hover',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        <Icon size={20} aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="mt-0.5 block text-sm text-muted">{description}</span>
      </span>
      <ChevronRight size={16} aria-hidden="true" className="shrink-0 text-subtle" />
    </button>
  );
}

function ChoiceScreen({ onChoose }: { onChoose: (screen: Screen) => void }) {
  return (
    <div className="space-y-2.5">
      <ChoiceOption
        icon={Plus}
        title="Create a shared project"
        description="Start a project and invite others with a 6-digit code."
        onClick={() => onChoose('create')}
      />
      <ChoiceOption
        icon={KeyRound}
        title="Join with a code"
        description="Enter the code someone shared with you."
        onClick={() => onChoose('join')}
      />
    </div>
  );
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
      {error}
    </p>
  ) : null;
}

function FormActions({
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

interface CreateFormProps {
  draft: Draft;
  error: string | null;
  onChange: (changes: Partial<Draft>) => void;
  onBack: () => void;
  onSubmit: () => void;
}

function CreateForm({ draft, error, onChange, onBack, onSubmit }: CreateFormProps) {
  const colorLabelId = useId();
  const canSubmit = draft.name.trim().length > 0;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) onSubmit();
      }}
    >
      <Field label="Name">
        {(control) => (
          <Input
            {...control}
            value={draft.name}
            onChange={(event) => onChange({ name: event.target.value })}
            maxLength={MAX_PROJECT_NAME_LENGTH}
            placeholder="e.g. Study group"
            autoComplete="off"
            autoFocus
          />
        )}
      </Field>
      <Field label="Description (optional)">
        {(control) => (
          <Textarea
            {...control}
            value={draft.description}
            onChange={(event) => onChange({ description: event.target.value })}
            maxLength={MAX_PROJECT_DESCRIPTION_LENGTH}
            rows={2}
            placeholder="What is this project for?"
          />
        )}
      </Field>
      <div className="space-y-1.5">
        <p id={colorLabelId} className="text-[13px] font-medium">
          Color
        </p>
        <ColorPicker
          value={draft.color}
          onChange={(color) => onChange({ color })}
          labelledBy={colorLabelId}
          className="-ml-1.5"
        />
      </div>
      <FormError error={error} />
      <FormActions submitLabel="Create Project" disabled={!canSubmit} onBack={onBack} />
    </form>
  );
}

interface JoinFormProps {
  code: string;
  error: string | null;
  onChange: (code: string) => void;
  onBack: () => void;
  onSubmit: () => void;
}

function JoinForm({ code, error, onChange, onBack, onSubmit }: JoinFormProps) {
  const complete = code.length === JOIN_CODE_LENGTH;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onSubmit();
      }}
    >
      <Field label="Project code" hint="6 digits, e.g. 482913">
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => onChange(normalizeJoinCode(event.target.value))}
            // No maxLength: a pasted '123-456' must reach normalizeJoinCode whole.
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="000000"
            aria-invalid={error ? true : undefined}
            className="h-12 text-center font-mono text-xl tracking-[0.4em] tabular-nums max-md:h-12 max-md:text-xl"
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <FormError error={error} />
      <FormActions submitLabel="Join" disabled={!complete} onBack={onBack} />
    </form>
  );
}
