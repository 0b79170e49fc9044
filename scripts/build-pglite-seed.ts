/**
 * Writes $DIST_DIR/server/pglite-seed.tar.gz: an embedded database initialised and migrated (SQL
 * and data migrations) from this tree's drizzle/ folder. A fresh DATA_DIR starts from it
 * (src/server/db/client.ts) and applies only migrations newer than the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildMigratedSeed, pgliteSeedName } from '../src/server/db/client';

const target = path.resolve(process.env.DIST_DIR ?? 'dist', 'server', pgliteSeedName);
const tarball = await buildMigratedSeed();
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, tarball);
console.log(`embedded database seed: ${(tarball.length / 1024 / 1024).toFixed(1)} MB in ${path.relative(process.cwd(), target)}`);
