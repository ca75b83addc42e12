// A note's History (decision 052): the toolbar button is eager and small; the panel loads on click.
export { HistoryButton } from './components/history-button';
