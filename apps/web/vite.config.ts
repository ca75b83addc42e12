import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * @notewise/shared is plain declarations (schemas, constants), but its top-level zod calls look like
 * side effects to the bundler, so importing one constant would pull all of zod into the first chunk.
 * Marking the package side-effect free lets zod load only with the code that validates.
 */
function sharedIsSideEffectFree(): Plugin {
  const sharedSource = /[\\/]packages[\\/]shared[\\/]src[\\/]/;
  return {
    name: 'notewise:shared-side-effect-free',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@notewise/shared' && !(importer && sharedSource.test(importer))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !sharedSource.test(resolved.id)) return resolved;
      return { ...resolved, moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), sharedIsSideEffectFree()],
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
  },
});
