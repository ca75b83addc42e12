import { MAX_NOTE_TITLE_LENGTH } from '@notewise/shared';
import { type ReactNode, type RefObject, Suspense, useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { AiBusyOverlay, EditorAiToolbar } from '@/features/ai';
import type { AiEditorTarget, AiEnhancing } from '@/features/editor';

export function EditorSkeleton() {
  return (
    <div className="mx-auto w-full max-w-[72ch] space-y-4 px-6 pt-16" aria-hidden="true">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
    </div>
  );
}

interface NoteEditorFrameProps {
  /** 'plain' (Save, conflicts) or 'collaborative' (co-edited live): e2e tests and styles read it. */
  mode: 'plain' | 'collaborative';
  editorRef: RefObject<AiEditorTarget | null>;
  /** The AI buttons are off (saving, an empty note, the co-edited text not ready). */
  aiDisabled: boolean;
  enhancing: AiEnhancing;
  onEnhancingChange: (enhancing: AiEnhancing) => void;
  /** An AI result went into the text (the next save records it as an AI change). */
  onAiApplied?: () => void;
  /** The toolbar's right side: save state, people, Export, Save. */
  status: ReactNode;
  title: {
    value: string;
    onChange: (value: string) => void;
    /** Enter in the title: the session saves if it wants to; the caret then goes into the text. */
    onEnter: () => void;
    onBlur?: () => void;
    readOnly?: boolean;
    inputRef?: RefObject<HTMLInputElement | null>;
  };
  /** The editor, loaded lazily (a skeleton meanwhile). */
  editor: ReactNode;
  /** Dialogs over the pane (a conflict). */
  children?: ReactNode;
}

/**
 * What both kinds of open note share in Quick View: the toolbar (AI buttons on the left, the session's
 * own controls on the right), the title field, the editor and the AI's busy overlay.
 */
export function NoteEditorFrame({
  mode,
  editorRef,
  aiDisabled,
  enhancing,
  onEnhancingChange,
  onAiApplied,
  status,
  title,
  editor,
  children,
}: NoteEditorFrameProps) {
  const titleId = useId();
  return (
    <div className="relative flex h-full min-h-0 flex-col" data-editor-mode={mode}>
      <div className="flex min-h-14 shrink-0 flex-wrap items-center gap-2 border-b border-border px-4 py-2">
        {/* Co-edited, the AI's output replaces the text through editor commands, so it reaches everyone. */}
        <EditorAiToolbar
          context="quick-view"
          editorRef={editorRef}
          shared={mode === 'collaborative'}
          disabled={aiDisabled}
          onEnhancingChange={onEnhancingChange}
          onStreamEnd={({ changed }) => changed && onAiApplied?.()}
        />
        {status}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-8 pb-24 md:px-8">
        <div className="mx-auto w-full max-w-[72ch]">
          <label htmlFor={titleId} className="sr-only">
            Note title
          </label>
          <input
            ref={title.inputRef}
            id={titleId}
            value={title.value}
            maxLength={MAX_NOTE_TITLE_LENGTH}
            readOnly={title.readOnly}
            onChange={(event) => title.onChange(event.target.value)}
            onBlur={title.onBlur}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                title.onEnter();
              }
            }}
            placeholder="Note title..."
            className="mb-4 block w-full bg-transparent text-2xl font-semibold tracking-tight text-fg outline-none placeholder:text-subtle"
          />
          <Suspense fallback={<EditorSkeleton />}>{editor}</Suspense>
        </div>
      </div>
      {enhancing === 'waiting' && <AiBusyOverlay />}
      {children}
    </div>
  );
}
