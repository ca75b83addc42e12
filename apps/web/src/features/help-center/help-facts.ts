import type { RouteId } from '@/lib/route-table';

/**
 * What the Help Center must cover, checked by help-drift.test.ts against the code (not used by the
 * page itself). Each list names where the feature lives, so a renamed or removed feature fails the
 * test, and each shipped feature names the article that explains it, so an undocumented one fails too.
 */

/** Every route: the article that links to it, or why no article needs to. A new route must be added here. */
export const ROUTE_ARTICLES: Record<RouteId, string | { none: string }> = {
  capture: 'getting-started',
  projects: 'notes-and-projects',
  notes: 'notes-and-projects',
  search: 'search',
  pinnedNotes: 'notes-and-projects',
  quickView: 'notes-and-projects',
  sharedProjects: 'shared-projects',
  trash: 'trash',
  editor: { none: 'reached from Capture (the Editor button), named in Getting Started' },
  settings: 'account',
  tutorial: 'getting-started',
  helpCenter: { none: 'the Help Center itself' },
  helpArticle: { none: 'the Help Center itself' },
  help: { none: 'an alias of /help-center' },
  helpAlias: { none: 'an alias of /help-center/:slug' },
  project: { none: 'a project opened from Projects' },
  projectAlias: { none: 'an alias of /project/:id' },
  sharedProject: { none: 'a shared project opened from Shared Projects' },
  paymentSuccess: { none: 'the page Stripe returns to; Plans and billing describes it' },
  paymentCancel: { none: 'the page Stripe returns to on cancel' },
  resetPassword: { none: 'opened from a reset email' },
};

/** Settings tabs (as settings-page.tsx declares them): the article that links to each. */
export const SETTINGS_TAB_ARTICLES: Record<string, string> = {
  profile: 'account',
  plan: 'plans-and-billing',
  account: 'account',
};

/**
 * Shipped features that are not a route of their own. `source` is a file under apps/web/src (or a
 * repo path starting with `/`), `evidence` a text that file holds while the feature exists, and
 * `article` + `mentions` where help explains it.
 */
export const FEATURES: ReadonlyArray<{
  name: string;
  source: string;
  evidence: string;
  article: string;
  mentions: string[];
}> = [
  {
    name: 'installable app',
    source: '/apps/web/vite.config.ts',
    evidence: "manifestFilename: 'manifest.webmanifest'",
    article: 'offline-and-sync',
    mentions: ['Install Notewise', 'Add to Home Screen'],
  },
  {
    name: 'offline queue',
    source: 'features/offline/components/offline-banner.tsx',
    evidence: 'Offline: showing saved copies',
    article: 'offline-and-sync',
    mentions: ['Offline: showing saved copies', 'waiting to sync', 'Sync now'],
  },
  {
    name: 'merge with Keep both',
    source: 'features/quick-view/components/conflict-dialog.tsx',
    evidence: 'Keep both',
    article: 'offline-and-sync',
    mentions: ['Keep both', 'Keep mine', 'Use theirs', 'This note was changed elsewhere'],
  },
  {
    name: 'search page',
    source: 'features/notes/search-page.tsx',
    evidence: 'Shared only',
    article: 'search',
    mentions: ['Show all results', 'Personal only', 'Shared only', 'Show more results'],
  },
  {
    name: 'history',
    source: 'features/history/components/version-preview.tsx',
    evidence: 'Restore this version',
    article: 'trash',
    mentions: ['History', 'Restore this version', 'Copy text'],
  },
  {
    name: 'undo after delete',
    source: 'features/trash/trash-page.tsx',
    evidence: 'Empty Trash',
    article: 'trash',
    mentions: ['Undo', 'Empty Trash', 'Delete forever', '30 days'],
  },
  {
    name: 'sharing by code',
    source: 'features/projects/shared/shared-projects-page.tsx',
    evidence: 'Shared Projects',
    article: 'shared-projects',
    mentions: ['6-digit code', 'Leave project', 'Remove'],
  },
  {
    name: 'co-editing',
    source: 'features/quick-view/components/collaborative-note-session.tsx',
    evidence: 'Collaborat',
    article: 'shared-projects',
    mentions: ['at the same time', 'cursor'],
  },
  {
    name: 'export of a note',
    source: 'features/export-import/components/note-export-submenu.tsx',
    evidence: "['docx', 'Word']",
    article: 'import-and-export',
    mentions: ['Markdown', 'Plain text', 'PDF', 'Word'],
  },
  {
    name: 'export of projects',
    source: 'features/export-import/components/data-actions.tsx',
    evidence: 'Export all',
    article: 'import-and-export',
    mentions: ['Export all', 'Export (.zip)', 'Download all my data'],
  },
  {
    name: 'download my data',
    source: 'features/settings/components/data-export-card.tsx',
    evidence: 'Download all my data',
    article: 'account',
    mentions: ['Download all my data', 'Download', '7 days'],
  },
  {
    name: 'delete my account',
    source: 'features/settings/components/account-tab.tsx',
    evidence: 'Delete my account...',
    article: 'account',
    mentions: ['Delete my account...', 'password', 'signed out everywhere'],
  },
  {
    name: 'voice assistant',
    source: 'features/voice/components/discarded-calls.tsx',
    evidence: 'Recently discarded',
    article: 'voice-assistant',
    mentions: ['Start call', 'End call', 'Recently discarded', 'Restore', 'speech server'],
  },
  {
    name: 'billing',
    source: 'features/settings/components/plan-tab.tsx',
    evidence: 'Opening checkout...',
    article: 'plans-and-billing',
    mentions: ['Purchase UNLIMITED Plan', 'one-time payment'],
  },
  {
    name: 'translation needs a model',
    source: '/packages/shared/src/ai-messages.ts',
    evidence: 'Translation needs an AI model',
    article: 'ai-actions',
    mentions: ['Translation needs an AI model', 'For admins', '`AI_BASE_URL`', '`AI_MODEL`'],
  },
  {
    name: 'tutorial',
    source: 'features/settings/settings-page.tsx',
    evidence: 'Restart tutorial',
    article: 'getting-started',
    mentions: ['tutorial'],
  },
];

/**
 * The key bindings the Keyboard shortcuts article lists, as it writes them, with the file that binds
 * each and a text that file holds while the binding exists.
 */
export const SHORTCUTS: ReadonlyArray<{ keys: string; source: string; evidence: string }> = [
  { keys: '?', source: 'features/help-center/use-help-shortcut.ts', evidence: "event.key !== '?'" },
  { keys: 'Escape', source: 'components/ui/search-field.tsx', evidence: "'Escape'" },
  { keys: 'Tab', source: 'app/layout/app-layout.tsx', evidence: 'Skip to content' },
  {
    keys: 'Ctrl+K',
    source: 'features/capture/components/note-search.tsx',
    evidence: "event.key.toLowerCase() !== 'k'",
  },
  {
    keys: 'Ctrl+Enter',
    source: 'features/composer/components/composer.tsx',
    evidence: "event.key === 'Enter' && (event.ctrlKey || event.metaKey)",
  },
  { keys: 'Ctrl+Z', source: 'features/composer/hooks/use-text-history.ts', evidence: "key === 'z'" },
  { keys: 'Ctrl+Shift+Z', source: 'features/composer/hooks/use-text-history.ts', evidence: 'shiftKey' },
  { keys: 'Ctrl+Y', source: 'features/composer/hooks/use-text-history.ts', evidence: "key === 'y'" },
  { keys: 'Ctrl+B', source: 'features/editor/components/format-toolbar.tsx', evidence: '{MOD}B`' },
  { keys: 'Ctrl+I', source: 'features/editor/components/format-toolbar.tsx', evidence: '{MOD}I`' },
  { keys: 'Ctrl+U', source: 'features/editor/components/format-toolbar.tsx', evidence: '{MOD}U`' },
  {
    keys: 'Ctrl+Shift+S',
    source: 'features/editor/components/format-toolbar.tsx',
    evidence: '{MOD}Shift+S`',
  },
  { keys: 'Ctrl+E', source: 'features/editor/components/format-toolbar.tsx', evidence: '{MOD}E`' },
  { keys: 'Ctrl+Alt+C', source: 'features/editor/components/insert-toolbar.tsx', evidence: 'Control+Alt+C' },
  {
    keys: 'Ctrl+S',
    source: 'features/quick-view/hooks/use-note-shortcuts.ts',
    evidence: "event.key.toLowerCase() !== 's'",
  },
  { keys: 'Enter', source: 'features/composer/editor-page.tsx', evidence: "event.key === 'Enter'" },
  { keys: 'Arrow Down', source: 'features/composer/editor-page.tsx', evidence: "event.key === 'ArrowDown'" },
  {
    keys: 'Arrow Up/Down',
    source: 'features/notes/components/search-results.tsx',
    evidence: "event.key === 'ArrowDown'",
  },
  { keys: 'Home', source: 'features/history/components/version-list.tsx', evidence: "event.key === 'Home'" },
  { keys: 'End', source: 'features/history/components/version-list.tsx', evidence: "event.key === 'End'" },
];
