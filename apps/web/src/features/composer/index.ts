// The public surface of the capture flow, for the home screen: the composer and its recent notes. The
// /editor page (the composer's text in the full editor) is './editor-page', the router's lazy chunk,
// so none of it loads with the home page's first JS.
export { Composer } from './components/composer';
export { RecentNotes } from './components/recent-notes-lazy';
