import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const alias = {
  '@shared': path.resolve('src/shared'),
  '@client': path.resolve('src/client'),
  '@server': path.resolve('src/server'),
  // React 19 has useSyncExternalStore: no polyfill in the first load (see the module's comment)
  'use-sync-external-store/shim': path.resolve('src/client/lib/sync-external-store.ts'),
};

export default defineConfig({
  root: 'src/client',
  publicDir: path.resolve('src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: path.resolve(process.env.DIST_DIR ?? 'dist', 'client'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: process.env.SOURCEMAP === '1',
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
