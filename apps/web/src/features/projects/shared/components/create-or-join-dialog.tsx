import {
  JOIN_MESSAGES,
  type ProjectColor,
  SHARED_PROJECT_STAGES,
  type SharedProject,
} from '@notewise/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newProjectBody } from '@/components/project-fields';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/route-table';
import { toast } from '@/lib/toast';
import { useCreateSharedProject } from '../api/create-shared-project';
import { useJoinSharedProject } from '../api/join-shared-project';
import { ChoiceScreen, type Screen } from './choice-screen';
import { CreateForm } from './create-form';
import { JoinForm } from './join-form';
import { JOIN_STAGES, ProgressModal } from './progress-modal';

/** The progress modal shows at least this long before a failure closes it. */
const MIN_FAILURE_DISPLAY_MS = 600;
/**
 * A join's answer usually comes at once: the dialog waits this long before giving way to the progress
 * modal, so a refused code shows its error right in the form, without any progress first.
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

interface CreateOrJoinDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * docs/product.md §4: a choice screen leads to the create or the join form. Submitting closes the dialog and shows
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
      kind === 'create' ? create.mutateAsync(newProjectBody(draft)) : join.mutateAsync(draft.code);
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
              fields={draft}
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
