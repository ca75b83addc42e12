import { MAX_NOTE_TITLE_LENGTH } from '@notewise/shared';
import { useId, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { BusyOverlay } from '@/components/busy-overlay';
import { useAuth, useAuthDialog } from '@/features/auth';
import type { AiEnhancing, RichTextEditorHandle } from '@/features/editor';
import { RichTextEditor } from '@/features/editor/rich-text-editor';
import { paths } from '@/lib/route-table';
import { EditorTopBar } from './components/editor-top-bar';
import { SaveYourNoteDialog } from './components/save-your-note-dialog';
import { useAddEditorNote } from './hooks/use-add-editor-note';
import { useEditorDraft, useEditorStart } from './hooks/use-editor-draft';
import { useEnhancementUndo } from './hooks/use-enhancement-undo';

/**
 * /editor (docs/product.md §2): a full-width writing page for a note started on Capture, part of the
 * capture flow (Add Note creates the note as the composer does). Leaving with content asks 'Save Your
 * Note?'. What is typed here survives a reload of the page (useEditorDraft).
 */
export function EditorPage() {
  const { user, hasAccess } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const titleId = useId();
  const userId = user?.id ?? null;
  const start = useEditorStart(userId);

  const editorRef = useRef<RichTextEditorHandle>(null);
  const [title, setTitle] = useState(start.title);
  const [blank, setBlank] = useState(start.markdown.trim() === '');
  const [enhancing, setEnhancing] = useState<AiEnhancing>(false);
  const undo = useEnhancementUndo(editorRef, start.original);
  const draft = useEditorDraft({
    userId,
    editorRef,
    start,
    title,
    original: undo.original,
    paused: undo.isStreaming,
  });
  const { adding, addNote } = useAddEditorNote({
    editorRef,
    title,
    projectId: start.projectId,
    onAdded: draft.discard,
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !draft.isLeaving() &&
      currentLocation.pathname !== nextLocation.pathname &&
      editorRef.current !== null &&
      !editorRef.current.isBlank(),
  );

  const backToCapture = () => {
    // docs/product.md §4: nothing to keep, so the draft goes too.
    if (editorRef.current?.isBlank() ?? true) draft.discard();
    navigate(paths.capture);
  };

  const controlsBusy = adding || enhancing !== false;

  return (
    <div className="flex flex-1 flex-col" aria-busy={controlsBusy}>
      <h1 className="sr-only">Editor</h1>
      <EditorTopBar
        editorRef={editorRef}
        signedIn={user !== null}
        noAccess={user !== null && !hasAccess}
        blank={blank}
        adding={adding}
        enhancing={enhancing}
        onEnhancingChange={setEnhancing}
        undo={undo}
        onBack={backToCapture}
        onAddNote={async () => {
          if (await addNote()) navigate(paths.capture);
        }}
      />

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
              draft.saveSoon();
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
            initialMarkdown={start.markdown}
            label="Note content"
            placeholder="Start writing your note..."
            autoFocus={start.markdown ? 'end' : false}
            editable={!adding && enhancing === false}
            onChange={draft.saveSoon}
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
          draft.discard();
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
