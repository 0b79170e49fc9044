import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const alias = {
  '@shared': path.resolve('src/shared'),
  '@client': path.resolve('src/client'),
  '@server': path.resolve('src/server'),
};

/**
 * sonner writes its CSS into a <style> element when it loads; the CSP allows no inline <style>
 * (docs/decisions/0011): its own stylesheet goes with its chunk as a file from our origin instead.
 */
function sonnerStylesheet(): Plugin {
  return {
    name: 'sonner-stylesheet',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const inserting = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;
      if (!inserting.test(code)) this.error('sonner no longer inserts its CSS as this plugin expects: check the CSP of the toasts');
      return { code: `import 'sonner/dist/styles.css';\n${code.replace(inserting, '')}`, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: path.resolve('src/client/public'),
  plugins: [react(), tailwindcss(), sonnerStylesheet()],
  resolve: { alias },
  build: {
    outDir: path.resolve(process.env.DIST_DIR ?? 'dist', 'client'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: process.env.SOURCEMAP === '1',
    manifest: true,
    rolldownOptions: {
      output: {
        // What the entry needs (React, the router, the texts, the shell) in the entry's chunk, not
        // in five beside it: a prerendered page's loader starts a fetch per chunk, each 1-3 ms of
        // a phone's main thread, and every page paid for the entry's split. The
        // server's renderer (scripts/build-ssr.ts) fetches nothing and keeps the default.
        codeSplitting: isSsrBuild ? true : { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
