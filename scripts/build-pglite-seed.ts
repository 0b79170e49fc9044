/**
 * Writes $DIST_DIR/server/pglite-seed.tar.gz: an embedded database initialised and migrated (SQL
 * and data migrations) from this tree's drizzle/ folder. A fresh DATA_DIR starts from it
 * (src/server/db/client.ts) and applies only migrations newer than the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPglite, pgliteSeedName } from '../src/server/db/client';

const target = path.resolve(process.env.DIST_DIR ?? 'dist', 'server', pgliteSeedName);
// from scratch: a seed built from an older seed would carry its history
const database = await openPglite(undefined, { seed: '' });
await database.migrate();
const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'gzip'): Promise<Blob> } }).$client;
const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
await database.close();
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, tarball);
console.log(`embedded database seed: ${(tarball.length / 1024 / 1024).toFixed(1)} MB in ${path.relative(process.cwd(), target)}`);
