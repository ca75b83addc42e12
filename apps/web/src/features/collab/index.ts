// The public surface of co-editing (docs/decisions/004-realtime-and-co-editing.md). Light on purpose: Yjs, Hocuspocus and TipTap
// load with the collaborative editor's module only (loadCollaborativeEditor, for React.lazy).
export { CollabSaveStatus } from './components/collab-save-status';
export type {
  CollaborativeEditorHandle,
  CollaborativeEditorProps,
} from './components/collaborative-editor';
export { PresenceList } from './components/presence-list';
export {
  type CollabConnection,
  type CollabState,
  DENIED_MESSAGE,
  INITIAL_COLLAB_STATE,
  OFFLINE_HINT,
  saveStateLabel,
} from './lib/collab-state';
export type { CollabPerson } from './lib/presence';
export { COLLAB_COLORS, collabColorFor } from './lib/user-color';

/** The collaborative editor's module (Yjs, the Hocuspocus provider, TipTap's collaboration extensions). */
export const loadCollaborativeEditor = () => import('./components/collaborative-editor');
