import type { RefObject } from 'react';
import type { RichTextEditorHandle } from './components/rich-text-editor';

// What the AI feature's toolbar needs from a host. Declared here, in the lower module: the AI feature
// imports these types, and the editor never imports the AI feature.

/**
 * Where the AI buttons (Summarize, Grammar, Translate, Structure) go, in the composer, the /editor top
 * bar and the Quick View toolbar. The AI feature's toolbar fills it.
 */
export interface AiToolbarSlotProps {
  /** Where the slot is: the composer and /editor offer 23 languages, Quick View 12 (docs/product.md §9). */
  context: 'composer' | 'editor' | 'quick-view';
  /** The note's current text: plain text in the composer, Markdown in the rich-text editors. */
  getText: () => string;
  /**
   * Shows the AI output as it streams in: call it with the whole text so far, and `done: true` on the
   * last call. The host remembers its text from before the first call, so 'Undo Enhancement' (and
   * undo in the composer) can restore the original.
   */
  setTextStreaming: (text: string, options?: { done?: boolean }) => void;
  /**
   * True when the buttons must be disabled (docs/product.md §5): empty text, the host is busy (adding, saving),
   * no access, or in Quick View no note selected.
   */
  disabled: boolean;
  /** Tells the host an enhancement started or ended, so it disables its controls and shows 'Enhancing...'. */
  onBusyChange?: (busy: boolean) => void;
  /**
   * An accepted result is in the host's text. The host decides what follows (the composer opens
   * /editor with it); without this the toolbar offers Undo Enhancement in Quick View.
   */
  onApplied?: (result: { text: string; original: string }) => void;
}

/** An AI enhancement in an editor: 'waiting' for its first words (overlay), then 'streaming' in. */
export type AiEnhancing = false | 'waiting' | 'streaming';

/** What the AI writes through: the rich-text editor's handle and the co-edited one both have it. */
export type AiEditorTarget = Pick<RichTextEditorHandle, 'getMarkdown' | 'setMarkdown'>;

/** The AI toolbar bound to a rich-text editor (/editor, Quick View): the AI feature implements it. */
export interface EditorAiToolbarProps {
  context: 'editor' | 'quick-view';
  editorRef: RefObject<AiEditorTarget | null>;
  disabled: boolean;
  /**
   * The text is co-edited: a result replaces it directly, without the plain editor's detour through
   * the old text for one clean undo step (the others would see it flash).
   */
  shared?: boolean;
  onEnhancingChange: (enhancing: AiEnhancing) => void;
  /** Output starts going into the editor; `before` is the text it replaces. */
  onStreamStart?: (before: string) => void;
  /** The output is in; `changed` is false when the text is back to `before` (a failure restores it). */
  onStreamEnd?: (result: { before: string; text: string; changed: boolean }) => void;
}
