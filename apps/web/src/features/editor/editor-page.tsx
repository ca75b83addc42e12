import { MAX_NOTE_TITLE_LENGTH, type Note } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth, useAuthDialog } from '@/features/auth';
import {
  BusyOverlay,
  captureNote,
  clearComposerDraft,
  plainTextToMarkdown,
} from '@/features/composer/editor-support';
import { renameNote } from '@/features/notes/api/update-note';
import { invalidateNoteData } from '@/features/notes/queries';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/route-table';
import { toast } from '@/lib/toast';
import type { AiEnhancing, EditorAiToolbarComponent } from './ai-slot';
import { RichTextEditor, type RichTextEditorHandle } from './components/rich-text-editor';
import { SaveYourNoteDialog } from './components/save-your-note-dialog';
import { clearEditorDraft, readEditorDraft, writeEditorDraft } from './lib/editor-draft';
import { readEditorNavigationState } from './navigation';

const DRAFT_SAVE_DELAY_MS = 1_000;
const ACCESS_REASON = 'Adding notes needs an active PRO trial or the UNLIMITED plan.';

/**
 * /editor (docs/product.md §2): a full-width writing page for a note started on Capture. Top bar: Back to
 * Capture, Undo Enhancement (after an AI enhancement), the AI buttons and Add Note. Leaving with
 * content asks 'Save Your Note?'. What is typed here survives a reload of the page. The AI toolbar
 * comes from the AI feature as `aiToolbar` (app/editor-route.tsx): this feature does not import it.
 */
export function EditorPage({ aiToolbar: AiToolbar }: { aiToolbar: EditorAiToolbarComponent }) {
  const { user, hasAccess } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const reasonId = useId();

  const userId = user?.id ?? null;
  const [initial] = useState(() => {
    const saved = readEditorDraft(userId);
    const navigation = readEditorNavigationState(location.state);
    // Opened with text (Capture's Editor button, an AI result) starts from that text; a reload of that
    // same entry, or opening /editor without text (a reopened tab, the home page's 'Continue'), keeps
    // the saved draft.
    const fromNavigation = navigation.noteText !== undefined && saved?.entry !== location.key;
    if (saved && !fromNavigation) return { ...saved, fresh: false };
    return {
      projectId: navigation.projectId ?? null,
      title: '',
      markdown: plainTextToMarkdown(navigation.noteText ?? ''),
      original:
        navigation.isEnhanced && navigation.originalText !== undefined
          ? plainTextToMarkdown(navigation.originalText)
          : null,
      fresh: navigation.noteText !== undefined,
    };
  });

  const editorRef = useRef<RichTextEditorHandle>(null);
  const [title, setTitle] = useState(initial.title);
  const [blank, setBlank] = useState(initial.markdown.trim() === '');
  const [adding, setAdding] = useState(false);
  const [enhancing, setEnhancing] = useState<AiEnhancing>(false);
  // The text before the last AI enhancement, for Undo Enhancement.
  const [original, setOriginal] = useState<string | null>(initial.original);
  const [enhanced, setEnhanced] = useState(initial.original !== null);
  // While AI output streams in: the Undo Enhancement state from before it, to restore on failure.
  const streaming = useRef<{ original: string | null; enhanced: boolean } | null>(null);
  const leaving = useRef(false);

  // Keep the text in this browser (debounced; Markdown is built only then), and at once when the page
  // goes away, so closing the tab right after an AI enhancement loses nothing.
  const saveTimer = useRef<number | undefined>(undefined);
  const originalRef = useRef(original);
  originalRef.current = original;
  const titleRef = useRef(title);
  titleRef.current = title;
  const saveDraftNow = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    const handle = editorRef.current;
    if (!handle || leaving.current || streaming.current) return;
    writeEditorDraft(userId, {
      entry: location.key,
      title: titleRef.current,
      markdown: handle.getMarkdown(),
      original: originalRef.current,
      projectId: initial.projectId,
    });
  }, [location.key, userId, initial.projectId]);
  const scheduleDraftSave = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(saveDraftNow, DRAFT_SAVE_DELAY_MS);
  }, [saveDraftNow]);
  useEffect(() => {
    window.addEventListener('pagehide', saveDraftNow);
    return () => {
      window.removeEventListener('pagehide', saveDraftNow);
      window.clearTimeout(saveTimer.current);
    };
  }, [saveDraftNow]);
  // Text handed over by Capture (or an AI result) is stored before the user does anything.
  useEffect(() => {
    if (!initial.fresh) return;
    writeEditorDraft(userId, {
      entry: location.key,
      title: initial.title,
      markdown: initial.markdown,
      original: initial.original,
      projectId: initial.projectId,
    });
  }, [initial, location.key, userId]);
  // Undo Enhancement's memory changes without an editor change: store it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `original` is read through its ref.
  useEffect(() => {
    scheduleDraftSave();
  }, [original, scheduleDraftSave]);

  const clearDrafts = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    clearEditorDraft(userId);
    clearComposerDraft(userId);
  }, [userId]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      editorRef.current !== null &&
      !editorRef.current.isBlank(),
  );

  const addNote = async (): Promise<boolean> => {
    const handle = editorRef.current;
    if (!user) {
      openAuthDialog('signup');
      return false;
    }
    if (!handle || !hasAccess || handle.isBlank() || adding) return false;
    setAdding(true);
    try {
      const wanted = title.trim();
      // The user's own title goes with the text, so the server keeps the text exactly as written.
      const { note } = await captureNote(
        handle.getMarkdown(),
        initial.projectId ?? undefined,
        wanted || undefined,
      );
      let saved: Note = note;
      if (wanted && wanted !== note.title) {
        try {
          saved = await renameNote(note.id, wanted);
        } catch (error) {
          // The note exists with the proposed title; say so rather than fail the whole add.
          console.error('Renaming the new note failed', error);
          toast.error(`The note was added as "${note.title}": ${errorMessage(error)}`);
        }
      }
      leaving.current = true;
      clearDrafts();
      void invalidateNoteData(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      const link = paths.quickView({ project: saved.projectId, note: saved.id });
      toast.success('Note added', {
        description: saved.title,
        action: { label: 'View note', onClick: () => navigate(link) },
      });
      return true;
    } catch (error) {
      console.error('Add note failed', error);
      toast.error(errorMessage(error, 'Failed to add the note. Please try again.'));
      return false;
    } finally {
      setAdding(false);
    }
  };

  const onAddNote = async () => {
    if (await addNote()) navigate(paths.capture);
  };

  const backToCapture = () => {
    if (editorRef.current?.isBlank() ?? true) {
      // docs/product.md §4: nothing to keep, so the draft goes too.
      leaving.current = true;
      clearDrafts();
    }
    navigate(paths.capture);
  };

  const undoEnhancement = () => {
    if (original === null) return;
    editorRef.current?.setMarkdown(original);
    setOriginal(null);
    setEnhanced(false);
  };

  const controlsBusy = adding || enhancing !== false;
  const noAccess = user !== null && !hasAccess;
  const addDisabled = blank || controlsBusy || noAccess;

  return (
    <div className="flex flex-1 flex-col" aria-busy={controlsBusy}>
      <h1 className="sr-only">Editor</h1>
      {/* Every control keeps its label (issue 18.6); on a narrow screen the bar wraps to a second row. */}
      <header className="sticky top-14 z-20 flex min-h-14 flex-wrap items-center gap-x-2 gap-y-1 border-b border-border bg-bg/95 px-2 py-1.5 backdrop-blur md:top-0 md:px-6">
        <Button
          variant="ghost"
          size="sm"
          onClick={backToCapture}
          disabled={adding}
          aria-label="Back to Capture"
        >
          <ArrowLeft size={16} aria-hidden="true" />
          <span className="sm:hidden">Back</span>
          <span className="max-sm:hidden">Back to Capture</span>
        </Button>
        {/* Under 640 px: Back, Undo Enhancement and Add Note on the first row, the AI buttons below. */}
        <div className="ml-auto flex min-w-0 items-center gap-1.5 max-sm:contents">
          {enhancing === 'streaming' && (
            <span role="status" className="flex items-center gap-1.5 text-[13px] text-muted">
              <Spinner size={14} />
              <span>Enhancing...</span>
            </span>
          )}
          {enhanced && original !== null && enhancing === false && (
            <Button
              variant="ghost"
              size="sm"
              onClick={undoEnhancement}
              disabled={controlsBusy}
              aria-label="Undo Enhancement"
              title="Undo Enhancement"
            >
              <RotateCcw size={14} aria-hidden="true" />
              <span className="sm:hidden">Undo</span>
              <span className="max-sm:hidden">Undo Enhancement</span>
            </Button>
          )}
          <div className="max-sm:order-last max-sm:w-full">
            <AiToolbar
              context="editor"
              editorRef={editorRef}
              // Signed out, the AI buttons stay clickable and ask to sign up (docs/product.md §5).
              disabled={blank || controlsBusy || noAccess}
              onEnhancingChange={setEnhancing}
              onStreamStart={(before) => {
                streaming.current = { original, enhanced };
                setOriginal(before);
              }}
              onStreamEnd={({ changed }) => {
                const before = streaming.current;
                streaming.current = null;
                if (changed) setEnhanced(true);
                else if (before) {
                  // Unchanged (a failure restores the text): nothing to undo.
                  setOriginal(before.original);
                  setEnhanced(before.enhanced);
                }
              }}
            />
          </div>
          <Button
            onClick={onAddNote}
            disabled={user ? addDisabled : blank}
            pending={adding}
            aria-describedby={noAccess ? reasonId : undefined}
            title="Add Note"
            className="max-sm:ml-auto"
          >
            {adding ? (
              'Adding note...'
            ) : (
              <>
                <Plus size={16} aria-hidden="true" />
                <span>Add Note</span>
              </>
            )}
          </Button>
          {noAccess && (
            <span id={reasonId} className="sr-only">
              {ACCESS_REASON}
            </span>
          )}
        </div>
      </header>

      <div className="flex-1 px-5 pt-8 pb-24 md:px-10 md:pt-12">
        <div className="mx-auto w-full max-w-[72ch]">
          <label htmlFor={titleId} className="sr-only">
            Note title
          </label>
          <input
            id={titleId}
            value={title}
            maxLength={MAX_NOTE_TITLE_LENGTH}
            onChange={(event) => {
              setTitle(event.target.value);
              scheduleDraftSave();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || (event.key === 'ArrowDown' && !event.shiftKey)) {
                event.preventDefault();
                editorRef.current?.focus('start');
              }
            }}
            placeholder="Note title..."
            disabled={controlsBusy}
            className="mb-4 block w-full bg-transparent text-2xl font-semibold tracking-tight text-fg outline-none placeholder:text-subtle md:text-3xl"
          />
          <RichTextEditor
            ref={editorRef}
            initialMarkdown={initial.markdown}
            label="Note content"
            placeholder="Start writing your note..."
            autoFocus={initial.markdown ? 'end' : false}
            editable={!adding && enhancing === false}
            onChange={scheduleDraftSave}
            onBlankChange={setBlank}
          />
        </div>
      </div>

      {adding && <BusyOverlay fullScreen label="Adding your note..." />}
      {enhancing === 'waiting' && <BusyOverlay fullScreen label="AI magic at work..." />}

      <SaveYourNoteDialog
        open={blocker.state === 'blocked'}
        adding={adding}
        onCancel={() => blocker.reset?.()}
        onDiscard={() => {
          leaving.current = true;
          clearDrafts();
          blocker.proceed?.();
        }}
        onAddNote={async () => {
          if (!user) {
            blocker.reset?.();
            openAuthDialog('signup');
            return;
          }
          if (await addNote()) blocker.proceed?.();
        }}
      />
    </div>
  );
}
