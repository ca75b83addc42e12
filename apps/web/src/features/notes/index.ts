// The public surface of the notes feature, for other features (projects, pinned notes, capture).
// Data only (no widgets): './queries', also re-exported here.

export { useNoteList } from './api/get-notes';
export { usePinnedNotes } from './api/get-pins';
export { NewNoteButton } from './components/new-note-button';
export { NoteActionsMenu } from './components/note-actions-menu';
export { NoteCard, NoteRow } from './components/note-card';
export { type ListPager, NoteCollection, NoteCollectionSkeleton } from './components/note-collection';
export { NotesToolbar } from './components/notes-toolbar';
export { NotesView } from './components/notes-view';
export { lastUpdated, matchesNote, noteStats, useNoteFilter } from './hooks/use-note-filter';
export { useProjectLookup } from './hooks/use-project-lookup';
export * from './queries';
