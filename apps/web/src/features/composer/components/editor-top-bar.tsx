import { ArrowLeft, Plus, RotateCcw } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EditorAiToolbar } from '@/features/ai';
import type { AiEnhancing, RichTextEditorHandle } from '@/features/editor';

const ACCESS_REASON = 'Adding notes needs an active PRO trial or the UNLIMITED plan.';

interface EditorTopBarProps {
  editorRef: RefObject<RichTextEditorHandle | null>;
  signedIn: boolean;
  noAccess: boolean;
  blank: boolean;
  adding: boolean;
  enhancing: AiEnhancing;
  onEnhancingChange: (enhancing: AiEnhancing) => void;
  undo: {
    canUndo: boolean;
    undo: () => void;
    onStreamStart: (before: string) => void;
    onStreamEnd: (result: { changed: boolean }) => void;
  };
  onBack: () => void;
  onAddNote: () => void;
}

/**
 * /editor's top bar (docs/product.md §2): Back to Capture, Undo Enhancement (after an AI result), the
 * AI buttons and Add Note. Every control keeps its label; on a narrow screen the bar wraps to a second
 * row (under 640 px: Back, Undo Enhancement and Add Note first, the AI buttons below).
 */
export function EditorTopBar({
  editorRef,
  signedIn,
  noAccess,
  blank,
  adding,
  enhancing,
  onEnhancingChange,
  undo,
  onBack,
  onAddNote,
}: EditorTopBarProps) {
  const reasonId = useId();
  const controlsBusy = adding || enhancing !== false;
  const addDisabled = signedIn ? blank || controlsBusy || noAccess : blank;
  return (
    <header className="sticky top-14 z-20 flex min-h-14 flex-wrap items-center gap-x-2 gap-y-1 border-b border-border bg-bg/95 px-2 py-1.5 backdrop-blur md:top-0 md:px-6">
      <Button variant="ghost" size="sm" onClick={onBack} disabled={adding} aria-label="Back to Capture">
        <ArrowLeft size={16} aria-hidden="true" />
        <span className="sm:hidden">Back</span>
        <span className="max-sm:hidden">Back to Capture</span>
      </Button>
      <div className="ml-auto flex min-w-0 items-center gap-1.5 max-sm:contents">
        {enhancing === 'streaming' && (
          <span role="status" className="flex items-center gap-1.5 text-[13px] text-muted">
            <Spinner size={14} />
            <span>Enhancing...</span>
          </span>
        )}
        {undo.canUndo && enhancing === false && (
          <Button
            variant="ghost"
            size="sm"
            onClick={undo.undo}
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
          <EditorAiToolbar
            context="editor"
            editorRef={editorRef}
            // Signed out, the AI buttons stay clickable and ask to sign up (docs/product.md §5).
            disabled={blank || controlsBusy || noAccess}
            onEnhancingChange={onEnhancingChange}
            onStreamStart={undo.onStreamStart}
            onStreamEnd={undo.onStreamEnd}
          />
        </div>
        <Button
          onClick={onAddNote}
          disabled={addDisabled}
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
  );
}
