// Bundles the server and the workspace packages it imports (TypeScript source) into dist/. Every npm
// package stays external and loads from node_modules, so each library exists exactly once at run time
// (two copies of prosemirror-model, one bundled and one not, break the co-editing conversion).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@notewise/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  // The export render, import, note content and built-in AI workers run in their own threads
  // (render-pool.ts, import-pool.ts, content-pool.ts, engines/ai/builtin/engine-pool.ts).
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'export-render-worker': 'src/modules/export-import/render-worker.ts',
    'import-worker': 'src/modules/export-import/import-worker.ts',
    'content-worker': 'src/modules/notes/content-worker.ts',
    'ai-engine-worker': 'src/engines/ai/builtin/engine-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Separate chunks for lazily imported modules (the AI SDK provider), so they load on first use.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
