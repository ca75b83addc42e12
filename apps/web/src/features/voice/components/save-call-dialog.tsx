import { VOICE_CARD_MESSAGES, VOICE_ERROR_CODES, type VoiceCallDetail } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ProjectSelect } from '@/components/project-select';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api';
import { useProjects } from '@/lib/project-queries';
import { invalidateNoteData } from '@/lib/query-keys';
import { paths } from '@/lib/route-table';
import { discardVoiceCall } from '../api/discard-voice-call';
import { endVoiceCall } from '../api/end-voice-call';
import { voiceKeys } from '../api/query-keys';
import { saveVoiceCall } from '../api/save-voice-call';
import { toast } from '../lib/notify';
import { defaultCallTitle } from '../lib/turns';
import { LiveNotes } from './live-notes';
import { Transcript } from './transcript';

interface SaveCallDialogProps {
  /** The ended (or interrupted) call with its turns and notes; null closes the dialog. */
  detail: VoiceCallDetail | null;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** A call still live on the server (interrupted by a reload) is ended before it is saved or discarded. */
async function ensureEnded(detail: VoiceCallDetail): Promise<void> {
  if (detail.call.status !== 'live') return;
  try {
    await endVoiceCall(detail.call.id);
  } catch (error) {
    if (!isApiError(error, 409) || error.code !== VOICE_ERROR_CODES.callNotLive) throw error;
  }
}

/**
 * 'Save Call Notes' (docs/product.md §2 and §4): an editable title, the project, the notes and the whole transcript.
 * Save makes a normal note (notes first, then the transcript) and offers to open it; Discard asks
 * first (focus on Cancel) and moves the call to Recently discarded for 30 days. Closing with the X
 * keeps the call under Recent calls.
 */
export function SaveCallDialog({ detail, onClose, onBusyChange }: SaveCallDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const projects = useProjects('all', { enabled: detail !== null });
  const [title, setTitle] = useState('');
  const [projectId, setProjectId] = useState('');
  const [busy, setBusy] = useState<false | 'saving' | 'discarding'>(false);
  const [confirming, setConfirming] = useState(false);
  const projectFieldId = useId();
  const callId = detail?.call.id;
  const startedAt = detail?.call.startedAt;

  useEffect(() => {
    if (callId && startedAt) {
      setTitle(defaultCallTitle(startedAt));
      setProjectId('');
    }
  }, [callId, startedAt]);
  useEffect(() => onBusyChange(busy !== false), [busy, onBusyChange]);

  const list = projects.data ?? [];
  const trimmed = title.trim();

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: voiceKeys.calls() });
    onClose();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!detail || busy || trimmed === '') return;
    setBusy('saving');
    try {
      await ensureEnded(detail);
      const { note } = await saveVoiceCall(detail.call.id, { title: trimmed, projectId: projectId || null });
      const isShared = list.some((project) => project.id === note.projectId && project.kind === 'shared');
      void invalidateNoteData(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      toast.success(VOICE_CARD_MESSAGES.saved, {
        description: note.title,
        action: {
          label: 'Open note',
          onClick: () =>
            navigate(
              paths.quickView(
                isShared
                  ? { sharedProject: note.projectId, note: note.id }
                  : { project: note.projectId, note: note.id },
              ),
            ),
        },
      });
      finish();
    } catch (error) {
      console.error('Saving the call failed', error);
      toast.error(errorMessage(error, VOICE_CARD_MESSAGES.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    if (!detail || busy) return;
    setConfirming(false);
    setBusy('discarding');
    try {
      await ensureEnded(detail);
      await discardVoiceCall(detail.call.id);
      toast.success(VOICE_CARD_MESSAGES.discarded);
      finish();
    } catch (error) {
      console.error('Discarding the call failed', error);
      toast.error(errorMessage(error, VOICE_CARD_MESSAGES.discardFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={detail !== null}
      onOpenChange={(open) => {
        if (!open && !busy) finish();
      }}
    >
      <DialogContent
        title="Save Call Notes"
        description="Save the notes and the full transcript as a note, or discard the call."
        className="max-w-2xl"
      >
        {detail && (
          <form onSubmit={save} className="space-y-4">
            <Field label="Title">
              {(control) => (
                <Input
                  {...control}
                  value={title}
                  maxLength={200}
                  onChange={(event) => setTitle(event.target.value)}
                  disabled={busy !== false}
                  required
                />
              )}
            </Field>
            <div className="space-y-1.5">
              <label htmlFor={projectFieldId} className="text-sm font-medium">
                Project
              </label>
              <ProjectSelect
                id={projectFieldId}
                value={projectId}
                disabled={busy !== false}
                onChange={(event) => setProjectId(event.target.value)}
                projects={list}
                leading={<option value="">Inbox</option>}
                className="block h-9 w-full text-sm max-md:h-11"
              />
            </div>

            <section
              aria-label="Call notes"
              className="space-y-2 rounded-card border border-border bg-surface p-3"
            >
              <h3 className="text-sm font-semibold">Notes</h3>
              <LiveNotes notes={detail.notes} headingLevel="h4" />
            </section>
            <section className="space-y-2 rounded-card border border-border bg-surface p-3">
              <h3 className="text-sm font-semibold">
                Transcript{' '}
                <span className="font-normal text-muted">
                  ({detail.turns.length} {detail.turns.length === 1 ? 'turn' : 'turns'})
                </span>
              </h3>
              <Transcript
                turns={detail.turns}
                label="Full transcript"
                className="max-h-64"
                emptyText="Nothing was said during this call."
              />
            </section>

            <DialogActions
              secondary={{
                label: busy === 'discarding' ? 'Discarding...' : 'Discard',
                onClick: () => setConfirming(true),
                pending: busy === 'discarding',
                disabled: busy !== false,
              }}
              primary={{
                label: busy === 'saving' ? 'Saving...' : 'Save',
                submit: true,
                pending: busy === 'saving',
                disabled: busy !== false || trimmed === '',
              }}
            />
          </form>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={VOICE_CARD_MESSAGES.discardQuestion}
          description={VOICE_CARD_MESSAGES.discardExplained}
          confirmLabel="Discard"
          destructive
          onConfirm={() => void discard()}
        />
      </DialogContent>
    </Dialog>
  );
}
