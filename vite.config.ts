import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const alias = {
  '@shared': path.resolve('src/shared'),
  '@client': path.resolve('src/client'),
  '@server': path.resolve('src/server'),
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
