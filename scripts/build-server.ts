/** Bundles the server (dependencies stay external) to $DIST_DIR/server/main.js; DIST_DIR defaults to dist. */
import path from 'node:path';
import { build } from 'esbuild';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
await build({
  entryPoints: { main: 'src/server/main.ts', admin: 'src/server/admin.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  outdir: path.join(dist, 'server'),
  logLevel: 'warning',
  sourcemap: 'linked',
});
