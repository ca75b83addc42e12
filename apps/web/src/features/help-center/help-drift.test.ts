import { describe, expect, it } from 'vitest';
import { findRoute, ROUTES } from '@/lib/route-table';
import { articleAnchors, findArticle, HELP_ARTICLES, type HelpArticle } from './help-articles';
import { FEATURES, ROUTE_ARTICLES, SETTINGS_TAB_ARTICLES, SHORTCUTS } from './help-facts';

/*
 * Help must describe the product as built: everything an article names (a page, a tab, a setting, a
 * button, a key, an admin command) exists in the code, and every shipped feature has an article.
 * The code is read as text (Vite's glob), the same files the app is built from.
 */

const raw = (files: Record<string, string>) => files;
const webSources = raw(
  import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const sharedSources = raw(
  import.meta.glob<string>(['../../../../../packages/shared/src/**/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const serverConfig = raw(
  import.meta.glob<string>('../../../../server/src/config/*-env.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const repoFiles = raw(
  import.meta.glob<string>(
    [
      '../../../../server/src/cli.ts',
      '../../../../server/src/modules/health/*.ts',
      '../../../../server/src/modules/auth/secret.ts',
      '../../../../../package.json',
      '../../../vite.config.ts',
    ],
    { query: '?raw', import: 'default', eager: true },
  ),
);

/** Glob keys are relative to this file; repo paths start at the repository root (`/apps/...`). */
const HERE = 'file:///repo/apps/web/src/features/help-center/';
const byRepoPath = new Map(
  Object.entries({ ...webSources, ...sharedSources, ...serverConfig, ...repoFiles }).map(([key, text]) => [
    new URL(key, HERE).pathname.replace(/^\/repo/, ''),
    text,
  ]),
);

/** A file by its path under apps/web/src (`features/x.ts`) or from the repo root (`/apps/...`). */
function source(path: string): string {
  const found = byRepoPath.get(path.startsWith('/') ? path : `/apps/web/src/${path}`);
  if (found === undefined) throw new Error(`No source file ${path}`);
  return found;
}

const uiText = [...Object.values(webSources), ...Object.values(sharedSources)].join('\n');
const configVariables = new Set(
  Object.values(serverConfig).flatMap((text) =>
    [...text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
  ),
);
const adminCommands = new Set(
  [...source('/apps/server/src/cli.ts').matchAll(/case '([a-z-]+)':/g)].map((m) => m[1]),
);
const npmScripts = new Set(
  Object.keys((JSON.parse(source('/package.json')) as { scripts: Record<string, string> }).scripts),
);
const settingsTabs = [
  ...source('features/settings/settings-page.tsx').matchAll(/<TabsTrigger value="([a-z]+)"/g),
].map((m) => m[1] ?? '');

const links = (article: HelpArticle) =>
  [...article.markdown.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => new URL(m[1] ?? '', 'http://x'));
const backticked = (article: HelpArticle) =>
  [...article.markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
/** Bold spans: Markdown `**x**`, minus whole sentences ("**Check your plan.**"), which are emphasis. */
const bold = (article: HelpArticle) =>
  [...article.markdown.matchAll(/\*\*([^*]+)\*\*/g)]
    .map((m) => (m[1] ?? '').replace(/\s+/g, ' '))
    .filter((text) => !/[.:]$/.test(text));

const KEY = /^(\?|Escape|Enter|Tab|Home|End|Arrow [\w/]+|(Ctrl|Cmd)\+[\w+]+)$/;

/** Bold text that names something outside the app or is plain emphasis, each with why. */
const NOT_UI: Record<string, string> = {
  'Install Notewise': "the browser's install command",
  'Share > Add to Home Screen': "Safari's menu",
  'different parts': 'emphasis',
  'the same part': 'emphasis',
  'PRO (trial)': 'plan name (PRO with a trial)',
  'For admins': 'a paragraph label',
  owner: 'a role name',
  member: 'a role name',
  'Move a note out': 'a permission, described in words',
  'Delete a note': 'a permission, described in words',
  "The server's speech service": 'a mode, described in words',
  "Your browser's speech recognition": 'a mode, described in words',
  Pin: 'a verb heading a list item; the menu says "Pin note"',
  Move: 'a verb heading a list item; the menu says "Move note"',
  Delete: 'a verb heading a list item; the menu says "Delete note"',
  Capture: 'the page title (routes)',
  Editor: 'the page title (routes)',
  '31-day PRO trial': 'the plan rule (packages/shared plans)',
  'Profile picture': 'a section, described in words',
  'Display name': 'a field, described in words',
  Theme: 'the section title',
  Templates: 'the "Template" choice of New Project',
  'Check your connection': 'advice',
  'Check your plan': 'advice',
  'Sign out and sign in again': 'advice',
  'Upgrade to UNLIMITED Plan': 'plan-tab.tsx writes it as Upgrade to {UNLIMITED_PRODUCT.name}',
};

describe('help drift: what articles name exists', () => {
  it('links only to routes, articles, sections and Settings tabs that exist', () => {
    for (const article of HELP_ARTICLES) {
      for (const url of links(article)) {
        const where = `${article.slug} -> ${url.pathname}${url.search}${url.hash}`;
        expect(findRoute(url.pathname), where).toBeDefined();
        const slug = /^\/help-center\/([\w-]+)$/.exec(url.pathname)?.[1];
        if (slug) {
          const target = findArticle(slug);
          expect(target, where).toBeDefined();
          if (url.hash && target) expect(articleAnchors(target), where).toContain(url.hash.slice(1));
        } else expect(url.hash, where).toBe('');
        const tab = url.searchParams.get('tab');
        if (url.pathname === '/settings' && tab) expect(settingsTabs, where).toContain(tab);
      }
    }
  });

  it('names only configuration variables, admin commands, npm scripts and API paths that exist', () => {
    const health = Object.entries(repoFiles)
      .filter(([path]) => path.includes('/health/'))
      .map(([, text]) => text)
      .join('\n');
    for (const article of HELP_ARTICLES) {
      for (const name of backticked(article)) {
        const where = `${article.slug}: \`${name}\``;
        if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name)) expect(configVariables, where).toContain(name);
        else if (name === 'auth-secret')
          expect(source('/apps/server/src/modules/auth/secret.ts'), where).toContain(`'${name}'`);
        else if (/^[a-z]+(-[a-z]+)+$/.test(name)) expect(adminCommands, where).toContain(name);
        const script = /^npm run (\w[\w:-]*)(?: -- (\S+))?/.exec(name);
        if (script) {
          expect(npmScripts, where).toContain(script[1]);
          if (script[2]) expect(adminCommands, where).toContain(script[2]);
        }
        if (name.startsWith('/api/health')) expect(health, where).toContain(`'${name}'`);
      }
    }
  });

  it('names only buttons, labels and messages the app shows', () => {
    const missing: string[] = [];
    for (const article of HELP_ARTICLES) {
      for (const label of bold(article)) {
        if (KEY.test(label) || label in NOT_UI) continue;
        // A quoted message may leave out a variable part: "The speech server ... is not reachable".
        const parts = /^"(.*)"$/.exec(label)?.[1]?.split('...') ?? [label];
        if (!parts.every((part) => uiText.includes(part.trim())))
          missing.push(`${article.slug}: **${label}**`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists only key bindings the code has, and every one it has', () => {
    const article = findArticle('keyboard-shortcuts');
    if (!article) throw new Error('no Keyboard shortcuts article');
    const named = new Set(bold(article).filter((label) => KEY.test(label)));
    const table = new Set(SHORTCUTS.map((shortcut) => shortcut.keys));
    expect(
      [...named].filter((keys) => !table.has(keys)),
      'named in help, not in the table',
    ).toEqual([]);
    expect(
      [...table].filter((keys) => !named.has(keys)),
      'in the table, not in help',
    ).toEqual([]);
    for (const shortcut of SHORTCUTS) {
      expect(source(shortcut.source), `${shortcut.keys} in ${shortcut.source}`).toContain(shortcut.evidence);
    }
  });
});

describe('help drift: every shipped feature has an article', () => {
  it('every route has an article that links to it (or a reason it needs none)', () => {
    for (const route of ROUTES) {
      const entry = ROUTE_ARTICLES[route.id];
      expect(entry, `route ${route.path} has no entry in ROUTE_ARTICLES`).toBeDefined();
      if (typeof entry !== 'string') continue;
      const article = findArticle(entry);
      expect(article, `${route.path} -> ${entry}`).toBeDefined();
      if (article)
        expect(
          links(article).map((url) => url.pathname),
          `${entry} links ${route.path}`,
        ).toContain(route.path);
    }
  });

  it('every Settings tab is described by an article that links to it', () => {
    expect(settingsTabs.length).toBeGreaterThanOrEqual(3);
    for (const tab of settingsTabs) {
      const slug = SETTINGS_TAB_ARTICLES[tab];
      expect(slug, `Settings tab ${tab} has no article`).toBeDefined();
      const article = findArticle(slug);
      const targets = article ? links(article).map((url) => `${url.pathname}${url.search}`) : [];
      expect(targets, `${slug} links the ${tab} tab`).toContain(
        tab === 'profile' ? '/settings' : `/settings?tab=${tab}`,
      );
    }
  });

  it('every AI action, export format and import file type is explained', () => {
    const ai = findArticle('ai-actions')?.plainText ?? '';
    const actions = /AI_ACTIONS = \[([^\]]+)\]/.exec(source('/packages/shared/src/constants.ts'))?.[1] ?? '';
    for (const [, action] of actions.matchAll(/'(\w+)'/g)) {
      expect(ai.toLowerCase(), `AI action ${action}`).toContain(action);
    }
    const transfer = findArticle('import-and-export')?.plainText ?? '';
    const formats = source('features/export-import/components/note-export-submenu.tsx');
    for (const [, label] of formats.matchAll(/\['\w+', '([^']+)'\]/g))
      expect(transfer, `export ${label}`).toContain(label);
    const accept = /const ACCEPT = '([^']+)'/.exec(
      source('features/export-import/components/import-dialog.tsx'),
    )?.[1];
    const extensions = (accept ?? '')
      .split(',')
      .filter((type) => type.startsWith('.') && type !== '.markdown');
    expect(extensions.length).toBeGreaterThanOrEqual(4);
    for (const extension of extensions) expect(transfer, `import ${extension}`).toContain(extension);
  });

  it.each(FEATURES.map((feature) => [feature.name, feature] as const))(
    '%s: exists, and help explains it',
    (_, feature) => {
      expect(source(feature.source), `${feature.name} in ${feature.source}`).toContain(feature.evidence);
      const article = findArticle(feature.article);
      expect(article, feature.article).toBeDefined();
      for (const phrase of feature.mentions)
        expect(article?.markdown.replace(/\s+/g, ' '), `${feature.article}: ${phrase}`).toContain(phrase);
    },
  );
});
