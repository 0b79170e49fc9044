/**
 * Vitest global setup: one embedded database initialised and migrated for the whole run, written
 * as a PGlite data-directory tarball that every test's fresh database starts from (about 0.6 s
 * instead of 2–4 s of initdb and migrations, for some fifty databases a run). Named by a hash of
 * the migrations, so a changed migration builds a new one.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildMigratedSeed, migrationsFolder } from '../db/client';

export function testSeedFile(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...fs
      .readdirSync(migrationsFolder(), { recursive: true, encoding: 'utf8' })
      .sort()
      .map((file) => path.join(migrationsFolder(), file)),
    path.resolve('src/server/db/data-migrations.ts'),
  ];
  for (const file of inputs) if (fs.statSync(file).isFile()) hash.update(file).update(fs.readFileSync(file));
  return path.resolve('node_modules/.cache', `pglite-test-seed-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

export default async function setup() {
  const file = testSeedFile();
  if (fs.existsSync(file)) return;
  const tarball = await buildMigratedSeed();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // written whole, then renamed: a run started beside this one never reads half a file
  fs.writeFileSync(`${file}.${process.pid}`, tarball);
  fs.renameSync(`${file}.${process.pid}`, file);
}
