/**
 * Bundles the server (dependencies stay external) to $DIST_DIR/server/main.js; DIST_DIR defaults to
 * dist. Split: a module imported with import() (the Stripe, S3, Redis and SMTP adapters) is its own
 * chunk, so its SDK loads only when it is configured (issue 20).
 */
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
  splitting: true,
  // beside main.js: the seed and the client are found relative to the module that looks for them
  chunkNames: '[name]-[hash]',
  outdir: path.join(dist, 'server'),
  logLevel: 'warning',
  sourcemap: 'linked',
});
