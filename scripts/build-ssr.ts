/**
 * Bundles src/client/entry-server.tsx for Node to $DIST_DIR/ssr (DIST_DIR defaults to dist): the
 * server prerenders content pages with it. Same Vite config and aliases as the client build; the
 * route chunks and translations are split as in the browser, so a page only loads what it renders.
 * Its dependencies are bundled in, as production builds: `npm start` runs without NODE_ENV, and
 * React from node_modules then renders with its development build, several times slower and
 * heavier.
 */
import path from 'node:path';
import { build } from 'vite';
import { escapeBeyondAscii } from './ascii-source';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
await build({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: path.resolve('src/client/entry-server.tsx'),
    outDir: path.join(dist, 'ssr'),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    sourcemap: false,
  },
});
// the renderer lives in the server process: its source too at one byte per character
escapeBeyondAscii(path.join(dist, 'ssr'));
