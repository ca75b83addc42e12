import { useQueryClient } from '@tanstack/react-query';
import { Maximize2, PenLine, Plus, Redo2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { AiToolbarSlot } from '@/features/ai';
import { useAuth, useAuthDialog } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { invalidateNoteData } from '@/lib/query-keys';
import { paths } from '@/lib/route-table';
import { toast } from '@/lib/toast';
import { useIsMobile } from '@/lib/use-media-query';
import { useAutoGrow } from '../hooks/use-auto-grow';
import { useComposerDraft } from '../hooks/use-composer-draft';
import { useTextHistory } from '../hooks/use-text-history';
import { recallComposerText, rememberComposerText } from '../lib/composer-memory';
import type { EditorNavigationState } from '../lib/editor-navigation';
import { EarlierDraftNotice } from './earlier-draft-notice';
import type { CaptureProposal } from './project-picker';

// What only runs after a click loads then, not with the home page: the success dialog (Radix Dialog),
// the busy overlay and the Add Note request.
const loadSuccessDialog = () => import('./success-dialog');
const SuccessDialog = lazy(async () => ({ default: (await loadSuccessDialog()).SuccessDialog }));
const loadBusyOverlay = () => import('@/components/busy-overlay');
const BusyOverlay = lazy(async () => ({ default: (await loadBusyOverlay()).BusyOverlay }));
const loadAddNote = async () => {
  const [{ captureNote }, { plainTextToMarkdown }] = await Promise.all([
    import('../api/capture-note'),
    import('../lib/plain-text-to-markdown'),
  ]);
  return (text: string, projectId?: string) => captureNote(plainTextToMarkdown(text), projectId);
};
/** The /editor page's module (the router's chunk), preloaded before navigating there. */
const loadEditorPage = () => import('../editor-page');
// The project picker (and its projects query) loads after the composer itself.
const ProjectPicker = lazy(async () => ({ default: (await import('./project-picker')).ProjectPicker }));
/** Starts loading what Add Note and the Editor button need (on hover or focus of the buttons). */
const preloadActions = () => {
  void loadBusyOverlay().catch(() => undefined);
  void loadAddNote().catch(() => undefined);
};

/** docs/product.md §9: the textarea grows to 360 px, 240 px under 768 px, then scrolls. */
const MAX_HEIGHT_PX = 360;
const MAX_HEIGHT_MOBILE_PX = 240;

type Busy = false | 'adding' | 'opening' | 'enhancing';
const BUSY_LABELS: Record<Exclude<Busy, false>, string> = {
  adding: 'Adding your note...',
  opening: 'Opening editor...',
  enhancing: 'AI magic at work...',
};

const ACCESS_REASON = 'Adding notes and the editor need an active PRO trial or the UNLIMITED plan.';

/**
 * The Capture composer (docs/product.md §2 and §4): a growing textarea with its own undo/redo, a character count,
 * the Editor button, the AI buttons' slot and Add Note, which creates the note through
 * POST /api/ai/capture and shows 'Success!'. The text is kept as a draft (server and this browser).
 */
export function Composer() {
  const { user, hasAccess } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const userId = user?.id ?? null;

  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const history = useTextHistory(textareaRef, recallComposerText(userId));
  const { text } = history;
  // Whether the user has changed the text since this composer mounted: a restored draft must not
  // replace it, even when it was typed and then deleted.
  const touched = useRef(text !== '');
  useEffect(() => rememberComposerText(userId, text), [userId, text]);

  // Where Add Note files the note: '' lets the AI propose; ?project= (New Note on a project page) preselects.
  const [searchParams] = useSearchParams();
  const projectParam = searchParams.get('project') ?? '';
  const [projectId, setProjectId] = useState(projectParam);
  useEffect(() => setProjectId(projectParam), [projectParam]);

  const proposalRef = useRef<CaptureProposal | null>(null);
  const onProposalChange = useCallback((proposal: CaptureProposal | null) => {
    proposalRef.current = proposal;
  }, []);

  const [busy, setBusy] = useState<Busy>(false);
  const [added, setAdded] = useState<{ projectId: string; noteId: string; shared: boolean } | null>(null);
  const [successOpen, setSuccessOpen] = useState(false);

  const { clearDraft, earlierDraft, forgetEarlierDraft } = useComposerDraft({
    userId,
    text,
    onRestore: useCallback(
      (content: string) => {
        // A draft only fills an empty, untouched box; never overwrite what the user already typed.
        if (touched.current || textareaRef.current?.value !== '') return false;
        // In the box before the next key is handled: a key between this and a later render would
        // otherwise be applied on top of an empty box and the draft dropped (decision 094).
        flushSync(() => history.reset(content));
        return true;
      },
      [history.reset],
    ),
  });
  useAutoGrow(textareaRef, text, isMobile ? MAX_HEIGHT_MOBILE_PX : MAX_HEIGHT_PX);

  const titleId = useId();
  const reasonId = useId();
  const trimmed = text.trim();
  const signedIn = user !== null;
  const noAccess = signedIn && !hasAccess;
  const addDisabled = trimmed === '' || busy !== false || noAccess;

  const addNote = async () => {
    if (!signedIn) return openAuthDialog('signup');
    if (addDisabled) return;
    setBusy('adding');
    void loadSuccessDialog();
    try {
      const addNoteRequest = await loadAddNote();
      // 'Suggested by AI' files the note where the picker showed it would, when that was for this text.
      const proposal = proposalRef.current;
      const proposed = proposal && proposal.text === text.trim() ? proposal.projectId : null;
      const { note, project } = await addNoteRequest(text, projectId || proposed || undefined);
      history.reset('');
      clearDraft();
      setAdded({ projectId: note.projectId, noteId: note.id, shared: project.kind === 'shared' });
      setSuccessOpen(true);
      void invalidateNoteData(queryClient);
      // Project note counts (projectKeys.all of the projects feature).
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    } catch (error) {
      console.error('Add note failed', error);
      toast.error(errorMessage(error, 'Failed to add the note. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const openEditor = async () => {
    if (!signedIn) return openAuthDialog('signup');
    if (busy !== false || noAccess) return;
    setBusy('opening');
    try {
      await loadEditorPage();
    } catch (error) {
      // The route loads it again and shows its own error if this really failed.
      console.error('Loading the editor failed', error);
    }
    const state: EditorNavigationState = { noteText: text, projectId: projectId || undefined };
    navigate(paths.editor, { state });
  };

  // After an accepted AI result: /editor opens with it, and Undo Enhancement there restores the original.
  const openEnhancedInEditor = async (noteText: string, original: string) => {
    await loadEditorPage().catch(() => undefined);
    // The composer went away meanwhile (its textarea's ref is cleared on unmount): stay where the user is.
    if (!textareaRef.current) return;
    const state: EditorNavigationState = {
      noteText,
      isEnhanced: true,
      originalText: original,
      projectId: projectId || undefined,
    };
    navigate(paths.editor, { state });
  };

  return (
    <Card aria-labelledby={titleId} className="relative space-y-3" aria-busy={busy !== false}>
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <PenLine size={16} aria-hidden="true" className="text-muted" />
          <h2 id={titleId} className="text-[15px] font-semibold">
            Compose Note
          </h2>
        </div>
        <p className="text-[13px] text-muted" aria-live="off">
          {text.length > 0
            ? `${text.length.toLocaleString()} ${text.length === 1 ? 'character' : 'characters'}`
            : 'What note would you like to capture?'}
        </p>
      </div>

      <textarea
        ref={textareaRef}
        value={text}
        onChange={(event) => {
          touched.current = true;
          history.onChange(event);
        }}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter adds the note, as in most composers; plain Enter stays a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void addNote();
            return;
          }
          history.onKeyDown(event);
        }}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        disabled={busy !== false}
        aria-label="Note text"
        placeholder={signedIn ? 'Start writing your note...' : 'Start writing, then sign up to save it...'}
        rows={4}
        className={cn(
          'block w-full resize-none rounded-control border border-border-strong bg-panel px-3 py-2.5',
          'text-[15px] leading-relaxed text-fg transition-colors duration-150 hover:border-subtle',
          'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0',
          'disabled:cursor-not-allowed disabled:opacity-60 max-md:text-base',
        )}
      />

      {earlierDraft !== null && (
        <EarlierDraftNotice
          draft={earlierDraft}
          onAdd={() => {
            // The earlier words first, then what was typed since; one undo step.
            const current = textareaRef.current?.value ?? text;
            history.replace(current.trim() === '' ? earlierDraft : `${earlierDraft}\n\n${current}`);
            touched.current = true;
            forgetEarlierDraft();
          }}
          onDiscard={forgetEarlierDraft}
        />
      )}

      <div className="flex flex-wrap items-center gap-1.5">
        <IconButton
          label="Undo"
          title="Undo (Ctrl+Z)"
          icon={<Undo2 size={16} aria-hidden="true" />}
          onClick={history.undo}
          disabled={!history.canUndo || busy !== false}
        />
        <IconButton
          label="Redo"
          title="Redo (Ctrl+Shift+Z)"
          icon={<Redo2 size={16} aria-hidden="true" />}
          onClick={history.redo}
          disabled={!history.canRedo || busy !== false}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={openEditor}
          onPointerEnter={() => {
            preloadActions();
            void loadEditorPage().catch(() => undefined);
          }}
          disabled={busy !== false || noAccess}
          aria-describedby={noAccess ? reasonId : undefined}
        >
          <Maximize2 size={14} aria-hidden="true" />
          Editor
        </Button>
        <AiToolbarSlot
          context="composer"
          getText={() => textareaRef.current?.value ?? text}
          setTextStreaming={(next, options) => {
            // One undo step: after an enhancement, undo restores the original (docs/product.md §4).
            if (options?.done) history.replace(next);
          }}
          // Signed out, the AI buttons stay clickable and ask to sign up (docs/product.md §5).
          disabled={trimmed === '' || busy !== false || noAccess}
          onBusyChange={(enhancing) => {
            // An accepted result opens /editor: its code loads while the AI works.
            if (enhancing) void loadEditorPage().catch(() => undefined);
            setBusy(enhancing ? 'enhancing' : false);
          }}
          onApplied={({ text: noteText, original }) => void openEnhancedInEditor(noteText, original)}
        />
        <div className="ml-auto">
          <Button
            onClick={addNote}
            onPointerEnter={preloadActions}
            onFocus={preloadActions}
            disabled={signedIn ? addDisabled : trimmed === ''}
            aria-describedby={noAccess ? reasonId : undefined}
          >
            <Plus size={16} aria-hidden="true" />
            Add Note
          </Button>
        </div>
      </div>
      {signedIn && !noAccess && (
        <Suspense fallback={<div className="h-8 max-md:h-11" aria-hidden="true" />}>
          <ProjectPicker
            value={projectId}
            onChange={setProjectId}
            text={text}
            onProposalChange={onProposalChange}
            disabled={busy !== false}
          />
        </Suspense>
      )}
      {noAccess && (
        <p id={reasonId} className="text-[13px] text-muted">
          {ACCESS_REASON}
        </p>
      )}

      {busy && (
        <Suspense fallback={null}>
          <BusyOverlay label={BUSY_LABELS[busy]} className="z-40 rounded-card" />
        </Suspense>
      )}

      {added && (
        <Suspense fallback={null}>
          <SuccessDialog
            open={successOpen}
            onOpenChange={setSuccessOpen}
            onViewNote={() => {
              setSuccessOpen(false);
              navigate(
                paths.quickView(
                  added.shared
                    ? { sharedProject: added.projectId, note: added.noteId }
                    : { project: added.projectId, note: added.noteId },
                ),
              );
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
