// The notes feature's data layer without its widgets: for code on the first route (Capture) and for
// other features that only read or invalidate notes, so the note cards, menus and dialogs stay out of
// their chunks. Everything here is also exported from './index'.

export { useNoteCounts } from './api/get-note-counts';
export { type NotePages, useNotes } from './api/get-notes';
export { invalidateNoteData, type NoteListFilter, noteKeys } from './api/query-keys';
export { useNoteSearch } from './api/search-notes';
