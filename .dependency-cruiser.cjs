// The import graph's rules (decision 034), checked by `npm run check:imports` (part of `npm run lint`).
// Layers read top to bottom; an import may only point down. There is no baseline: every violation
// fails the check. Circles between whole folders are scripts/folder-graph.mjs's.
const path = require('node:path');

const WEB = '^apps/web/src/';
const SERVER = '^apps/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle has no bottom layer: neither side can be read, tested or changed without the other. ' +
        'Move what both need into a lower module.',
      from: {},
      to: { circular: true },
    },

    // Web: app -> features -> components / lib.
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment:
        'app/ composes the features (routes, providers, the layout); a feature that imports it makes a ' +
        'circle through the route table. Move what the feature needs to lib/ or to a feature.',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-lower-layers-not-features',
      severity: 'error',
      comment:
        'components/ and lib/ are below the features: they know nothing of notes, projects or the ' +
        'session. Pass what they need as props or arguments.',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment:
        'A feature uses another feature only through its public surfaces, so its insides can change ' +
        "without breaking its neighbours: index.ts, the other files at the feature's top level (entries " +
        'kept apart for code splitting: notes/queries.ts, composer/editor-page.tsx, editor/rich-text-editor.ts, ' +
        'export-import/exports.ts, tutorial/tutorial-store.ts, editor/rich-text-editor.css) and api/ ' +
        '(one operation per file: fetcher and query hook). components/, hooks/ and lib/ are private.',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: '\\.test\\.tsx?$' },
      to: {
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/[^/]+$`, `${WEB}features/[^/]+/api/`],
      },
    },

    // Server, bottom to top: infrastructure (config/, db/, http/, engines/, storage/, ops/) and
    // events/ (the bus and the notifier), then modules/ (the domain), then realtime/ (the sockets and
    // co-editing server) and app.ts, which wire the modules to the outside.
    {
      name: 'server-infrastructure-not-modules',
      severity: 'error',
      comment:
        'The infrastructure and events/ are what the modules use; they never reach back into a ' +
        "module's routes, services or repos. Move the shared piece down, or pass it in.",
      from: { path: `${SERVER}(config|db|http|engines|storage|ops|events|rate-limit|workers)/` },
      to: { path: `${SERVER}(modules|realtime)/` },
    },
    {
      name: 'server-modules-not-realtime',
      severity: 'error',
      comment:
        'Modules publish changes through events/ (the ChangeNotifier and the EventBus); the sockets and ' +
        'the collaboration server in realtime/ sit above them and are wired in app.ts.',
      from: { path: `${SERVER}modules/` },
      to: { path: `${SERVER}realtime/` },
    },

    {
      name: 'server-sql-in-repositories',
      severity: 'error',
      comment:
        'Queries live in repositories: *.repo.ts, a store (*.store.ts, *-store.ts), a list query module ' +
        '(*-queries.ts) or db/. Elsewhere kysely is imported for types only (a service passes a ' +
        'Kysely<Database> on to its repos). Move a query that needs sql`...` or a builder value into ' +
        "its module's repo. A query on a type-imported db needs no kysely import at all: " +
        'scripts/check-call-sites.mjs (npm run check:calls) reads the calls.',
      from: {
        path: SERVER,
        pathNot: ['\\.repo\\.ts$', '[.-]store\\.ts$', '-queries\\.ts$', `${SERVER}db/`],
      },
      to: { path: '(^|/)node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },

    // Packages: below both apps.
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'packages/ are shared by the web and the server; they never import either app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'shared-subpaths-zod-free',
      severity: 'error',
      comment:
        "@notewise/shared/constants, /messages and /events are the web first route's shared code; " +
        'anything they reach loads with it, so they must never reach zod (the schemas load lazily).',
      from: { path: '^packages/shared/src/entries/' },
      to: { path: '(^|/)node_modules/zod/', reachable: true },
    },
  ],
  options: {
    includeOnly: [
      '^apps/(web|server)/src/',
      '^packages/[^/]+/src/',
      '(^|/)node_modules/zod/',
      '(^|/)node_modules/kysely/',
    ],
    // The apps' build output (not a package's dist/ in node_modules: kysely resolves into one).
    exclude: { path: ['^(apps|packages)/[^/]+/dist/', '\\.d\\.ts$'] },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle or an upward import of types still ties the layers together.
    tsPreCompilationDeps: true,
    // The web's `@/` (tsconfig paths); the other workspaces use relative imports and package names.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.depcruise.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
