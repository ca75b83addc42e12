// The public surface of the Capture composer feature, for the home screen. What /editor shares with
// the composer (Add Note, drafts, the busy overlay) is in './editor-support', so none of it has to
// load with the home page's first JS.
export { Composer } from './components/composer';
export { RecentNotes } from './components/recent-notes-lazy';
