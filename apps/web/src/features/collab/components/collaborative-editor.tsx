import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { CloudOff, Lock, WifiOff } from 'lucide-react';
import {
  lazy,
  memo,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { loadRichTextEditor, type RichTextEditorHandle } from '@/features/editor';
import { cn } from '@/lib/cn';
import { COLLAB_FIELD, CollabSession } from '../lib/collab-session';
import {
  type CollabState,
  DENIED_MESSAGE,
  FAILED_MESSAGE,
  INITIAL_COLLAB_STATE,
  OFFLINE_HINT,
} from '../lib/collab-state';
import { KeepCaretOnRemoteEdits } from '../lib/keep-caret';
import type { AwarenessUser } from '../lib/presence';
import { collabColorFor } from '../lib/user-color';
import './collaborative-editor.css';

const RichTextEditor = lazy(async () => ({ default: (await loadRichTextEditor()).RichTextEditor }));

/** The rich-text editor's handle, plus what a host needs to know about unconfirmed changes. */
export interface CollaborativeEditorHandle extends RichTextEditorHandle {
  /** Local edits the server has not confirmed yet (exact). */
  hasUnsyncedChanges(): boolean;
  /** Resolves true once the server confirmed every local edit, false after `timeoutMs` or on denial. */
  whenSynced(timeoutMs: number): Promise<boolean>;
}

export interface CollaborativeEditorProps {
  /** Set once the shared text is shown (after the first sync); null while connecting or denied. */
  ref?: Ref<CollaborativeEditorHandle | null>;
  noteId: string;
  /** The accessible name of the text area, e.g. 'Note content'. */
  label: string;
  placeholder?: string;
  autoFocus?: boolean | 'start' | 'end';
  /** False while the host changes the text itself (e.g. AI output streaming in). */
  editable?: boolean;
  /** When the text turns blank or stops being blank (keep it stable, e.g. a state setter). */
  onBlankChange?: (blank: boolean) => void;
  /** Connection, save state and people: on every change of what a viewer would see (not per key). */
  onStateChange?: (state: CollabState) => void;
  className?: string;
}

const noop = () => () => {};
const initialState = () => INITIAL_COLLAB_STATE;

/**
 * A note of a shared project, edited together (docs/decisions/004-realtime-and-co-editing.md): a Yjs document synced through
 * Hocuspocus at /collab, TipTap bound to it with Collaboration (its own undo history) and everyone's
 * carets with CollaborationCaret. Shows 'Connecting...' until the first sync, a hint while offline
 * (edits stay local and sync on reconnect), and a clear message when the server refuses the user.
 * Remount (or change `noteId`) for another note; the connection closes on unmount.
 */
export function CollaborativeEditor({
  ref,
  noteId,
  label,
  placeholder,
  autoFocus,
  editable = true,
  onBlankChange,
  onStateChange,
  className,
}: CollaborativeEditorProps) {
  const { user } = useAuth();
  // 'Try again' after a failure opens a new connection.
  const [attempt, setAttempt] = useState(0);
  const session = useCollabSession(
    noteId,
    user ? { id: user.id, name: user.name, color: collabColorFor(user.id) } : null,
    attempt,
  );
  const state = useSyncExternalStore(session?.subscribe ?? noop, session?.getState ?? initialState);

  const onStateChangeRef = useRef(onStateChange);
  onStateChangeRef.current = onStateChange;
  useEffect(() => {
    onStateChangeRef.current?.(state);
  }, [state]);

  // The editor's code loads while the connection opens.
  useEffect(() => {
    void loadRichTextEditor();
  }, []);

  if (state.connection === 'denied') {
    return (
      <Stopped
        icon={<Lock size={20} aria-hidden="true" />}
        title={DENIED_MESSAGE}
        description="You may have left or been removed from its shared project. Pick another note, or ask a member for the project code to join again."
        className={className}
      />
    );
  }
  if (state.connection === 'failed') {
    return (
      <Stopped
        icon={<CloudOff size={20} aria-hidden="true" />}
        title={FAILED_MESSAGE}
        description="The server could not load it for editing together. Try again in a moment."
        action={
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        }
        className={className}
      />
    );
  }
  if (!session || !state.ready) {
    return <Connecting offline={state.connection === 'offline'} className={className} />;
  }
  return (
    <div className={className}>
      {state.connection === 'offline' && (
        <p className="mb-4 flex items-center gap-2 rounded-control border border-border bg-surface px-3 py-2 text-[13px] text-muted">
          <WifiOff size={16} aria-hidden="true" className="shrink-0 text-warning" />
          {OFFLINE_HINT}
        </p>
      )}
      <Suspense fallback={<Connecting />}>
        <SharedText
          key={`${session.noteId}:${session.doc.guid}`}
          ref={ref}
          session={session}
          label={label}
          placeholder={placeholder}
          autoFocus={autoFocus}
          editable={editable}
          onBlankChange={onBlankChange}
        />
      </Suspense>
    </div>
  );
}

export default CollaborativeEditor;

/** One CollabSession per note, user and attempt, closed on unmount or when any of them changes. */
function useCollabSession(noteId: string, user: AwarenessUser | null, attempt: number): CollabSession | null {
  const [session, setSession] = useState<CollabSession | null>(null);
  const userRef = useRef(user);
  userRef.current = user;
  const userId = user?.id;
  useEffect(() => {
    const current = userRef.current;
    if (!userId || !current) return;
    void attempt; // Bumped by 'Try again': a new session, with a new connection.
    const created = new CollabSession(noteId, current);
    setSession(created);
    return () => {
      created.destroy();
      setSession((shown) => (shown === created ? null : shown));
    };
  }, [noteId, userId, attempt]);

  // A rename in Settings reaches the others' carets and lists.
  const name = user?.name;
  useEffect(() => {
    const current = userRef.current;
    if (session && current && session.localUser.name !== name) session.updateUser(current);
  }, [session, name]);
  return session;
}

interface StoppedProps {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
  className?: string | undefined;
}

/** In place of the text when the connection stopped for good (refused, or the server failed). */
function Stopped({ icon, title, description, action, className }: StoppedProps) {
  return (
    <div role="alert" className={cn('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-surface text-muted">
        {icon}
      </div>
      <p className="text-[15px] font-semibold">{title}</p>
      <p className="mt-1 max-w-xs text-sm text-muted">{description}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

function Connecting({ offline = false, className }: { offline?: boolean; className?: string }) {
  return (
    <div className={cn('space-y-4', className)}>
      {/* Not a live region: the host's save indicator (CollabSaveStatus) announces the state. */}
      <p className="flex items-center gap-2 text-[13px] text-muted">
        {offline && <WifiOff size={16} aria-hidden="true" className="shrink-0 text-warning" />}
        {offline ? 'Offline — the note opens when you reconnect' : 'Connecting...'}
      </p>
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}

interface SharedTextProps {
  ref?: Ref<CollaborativeEditorHandle | null>;
  session: CollabSession;
  label: string;
  placeholder?: string | undefined;
  autoFocus?: boolean | 'start' | 'end' | undefined;
  editable: boolean;
  onBlankChange?: ((blank: boolean) => void) | undefined;
}

/** The TipTap editor bound to the session's document. Memoised: a host's re-render skips it. */
const SharedText = memo(function SharedText({
  ref,
  session,
  label,
  placeholder,
  autoFocus,
  editable,
  onBlankChange,
}: SharedTextProps) {
  const [inner, setInner] = useState<RichTextEditorHandle | null>(null);
  // Created once per session (the editor reads its extensions once).
  const [extensions] = useState(() => [
    Collaboration.configure({ document: session.doc, field: COLLAB_FIELD }),
    CollaborationCaret.configure({
      provider: session.provider,
      user: session.localUser,
      render: renderCaret,
      selectionRender: renderSelection,
    }),
    KeepCaretOnRemoteEdits,
  ]);

  const handle = useMemo<CollaborativeEditorHandle | null>(
    () =>
      inner && {
        ...inner,
        hasUnsyncedChanges: () => session.hasUnsyncedChanges(),
        whenSynced: (timeoutMs) => session.whenSynced(timeoutMs),
      },
    [inner, session],
  );
  useImperativeHandle<CollaborativeEditorHandle | null, CollaborativeEditorHandle | null>(ref, () => handle, [
    handle,
  ]);

  return (
    <RichTextEditor
      label={label}
      placeholder={placeholder}
      autoFocus={autoFocus}
      editable={editable}
      onBlankChange={onBlankChange}
      collaboration
      extensions={extensions}
      onReady={setInner}
    />
  );
});

const MAX_CARET_NAME = 40;

/** Another person's caret: a bar in their colour with their name above it (text only, never HTML). */
function renderCaret(user: Record<string, unknown>): HTMLElement {
  const caret = document.createElement('span');
  caret.className = 'nw-collab-caret';
  // Not part of the text for assistive technology: the presence list names who is here.
  caret.setAttribute('aria-hidden', 'true');
  // CollaborationCaret hands over a checked #rrggbb colour (or 'transparent').
  caret.style.setProperty('--nw-caret-color', String(user.color));
  const name = document.createElement('span');
  name.className = 'nw-collab-caret__name';
  const text = typeof user.name === 'string' && user.name.trim() ? user.name.trim() : 'Someone';
  name.textContent = text.length > MAX_CARET_NAME ? `${text.slice(0, MAX_CARET_NAME - 1)}…` : text;
  // Word joiners keep the caret from breaking a line on its own (as y-prosemirror's default does).
  caret.append('\u2060', name, '\u2060');
  return caret;
}

/** Another person's selection: a light tint of their colour, readable in both themes. */
function renderSelection(user: Record<string, unknown>) {
  const color = typeof user.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : null;
  return color
    ? { class: 'nw-collab-selection', style: `background-color: ${color}33` }
    : { class: 'nw-collab-selection' };
}
