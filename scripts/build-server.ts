/**
 * Bundles the server, with its dependencies, to $DIST_DIR/server/main.js; DIST_DIR defaults to dist.
 * - Dependencies are bundled: loading some 2,000 files of node_modules one by one was half of the
 *   embedded default's start-up time and memory; bundled, only the code used is parsed.
 * - Split: a module imported with import() (the Stripe, S3, Redis and SMTP adapters) is a chunk of
 *   its own, so its SDK loads only when configured.
 * - External: PGlite (it loads its WASM and data files beside its own module) and the SDKs loaded
 *   on demand, which gain nothing from bundling: runtime-packages.json, all the image keeps of
 *   node_modules (scripts/prune-runtime-deps.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { escapeBeyondAscii } from './ascii-source';
import runtime from './runtime-packages.json' with { type: 'json' };

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
// from an empty folder: chunks are named by their hash, so each build left the last one's beside
// its own (and the ASCII rewrite went through them all); the seed is written after this step
fs.rmSync(path.join(dist, 'server'), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', admin: 'src/server/admin.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external: runtime.packages.flatMap((name) => [name, `${name}/*`]),
  // bundled CommonJS packages call require() (for Node's built-ins among others)
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  splitting: true,
  // beside main.js: the seed and the client are found relative to the module that looks for them
  chunkNames: '[name]-[hash]',
  outdir: path.join(dist, 'server'),
  logLevel: 'warning',
  sourcemap: 'linked',
});
escapeBeyondAscii(path.join(dist, 'server'));
