import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://127.0.0.1:3000';
/** All Notes' path, as isNotesPage (src/app/early-paths.ts) reads it: the service worker's rule. */
const NOTES_PAGE_NAVIGATION = /^\/notes\/*$/;

/**
 * The early requests (src/app/early-requests.ts, decisions 079 and 086) as an entry of their own,
 * named in index.html as an async module before the app's: they run as soon as their few bytes
 * arrive - the API reads and, on All Notes, the page's code and its chunks are asked for while the
 * app's own modules still download - not once the whole first route is fetched and evaluated. Vite
 * joins an HTML page's module scripts into one entry, so the tag is written here. main.tsx imports the
 * same module (one instance: the dev server, and a browser that ran the app's script first).
 */
function earlyEntry(): Plugin {
  return {
    name: 'notewise-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'early',
        );
        if (chunk?.type !== 'chunk') return html;
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
          ...chunk.imports
            .filter((name) => !html.includes(`/${name}"`))
            .map((name) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` },
              injectTo: 'head-prepend' as const,
            })),
        ];
        return { html, tags };
      },
    },
  };
}

/**
 * The server's render of All Notes (decision 097, `vite build --ssr`): src/entry-server.tsx and
 * everything it imports in one file, dist-ssr/entry-server.js, so the server's image needs none of
 * the web app's packages. Not under dist/: nothing there is served.
 */
const serverRenderConfig = defineConfig({
  // React's production build whatever NODE_ENV the server runs under (tests run it as 'test').
  define: {
    __NOTEWISE_BUILD_ID__: JSON.stringify('server'),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: fileURLToPath(new URL('src/entry-server.tsx', import.meta.url)),
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node22',
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js', codeSplitting: false } },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderConfig : clientConfig));

const clientConfig = defineConfig({
  // The offline cache saved by one build is not restored by another (decision 024).
  define: { __NOTEWISE_BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
  plugins: [
    earlyEntry(),
    react(),
    tailwindcss(),
    // The installable app (decision 024). The service worker precaches the shell and every hashed
    // chunk (cache-first: their names change with their content) and answers page navigations with
    // index.html offline. The API and the sockets are never answered from its cache. It is registered
    // from a lazy chunk after load (src/features/offline), not by an injected script.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'theme-init.js', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Notewise',
        short_name: 'Notewise',
        description: 'Capture notes, enhance them with AI and share projects.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // docs/design.md §1: the light theme's background and the accent.
        background_color: '#ffffff',
        theme_color: '#4650d8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // Lazy pages and the editor are precached too, so every page opens offline.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // All Notes (isNotesPage in src/app/early-paths.ts) is not answered from the cache: the server
        // renders it for the visitor (decision 097). It goes to the network, never stored; the
        // precached index.html only when the network fails (offline).
        navigateFallbackDenylist: [/^\/api\//, /^\/collab/, NOTES_PAGE_NAVIGATION],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // NOTES_PAGE_NAVIGATION spelled out: this function's source is copied into sw.js.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && /^\/notes\/*$/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
          {
            // A hashed file not in this build's precache (an older tab asks for it): cache-first.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'notewise-assets', expiration: { maxEntries: 200 } },
          },
        ],
      },
    }),
  ],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: {
      // The Host header stays the dev server's, so the API's Origin check sees a same-origin request.
      '/api': { target: API_TARGET, ws: true },
      '/collab': { target: API_TARGET, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, ws: true },
      '/collab': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        early: fileURLToPath(new URL('src/app/early-requests.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The offline code (decision 024) in one lazy chunk: split by importer it became several
              // small files, each named in the preload lists of the first route's lazy imports.
              name: 'offline',
              test: /src[\\/]features[\\/]offline[\\/]|node_modules[\\/]idb-keyval[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
