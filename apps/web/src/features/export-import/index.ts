// Export and import: small eager stubs; the dialog and the download code are lazy chunks.
export { DataActions } from './components/data-actions';
export { NoteExportMenu } from './components/note-export-menu';
export { NoteExportSubmenu } from './components/note-export-submenu';
