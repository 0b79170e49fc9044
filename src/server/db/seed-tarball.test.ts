import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testSeedFile } from '../test/pglite-seed';
import { openPglite, queryRows } from './client';
import { extractSeed } from './seed-tarball';

/** A one-entry ustar archive, gzipped, as a hostile or broken seed would be. */
function archiveWith(name: string, type = '0', body = 'x'): string {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'latin1');
  header.write('0000600\0', 100);
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\0' + '00', 257);
  const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  data.write(body);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llc-seed-')), 'seed.tar.gz');
  fs.writeFileSync(file, gzipSync(Buffer.concat([header, data, Buffer.alloc(1024)])));
  return file;
}

describe('embedded database seed on disk', () => {
  it('starts a fresh data directory from the migrated seed, and a restart finds it as left', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llc-seeded-')), 'db');
    const first = await openPglite(dataDir, { seed: testSeedFile() });
    // the seed's schema is there before any migration runs
    const [row] = await queryRows<{ tables: number }>(
      first.db,
      sql`select count(*)::int as tables from information_schema.tables where table_name in ('orders', 'users', 'services')`,
    );
    expect(row!.tables).toBe(3);
    await first.db.execute(sql`insert into services (slug, name, price_cents) values ('seed-test', 'seed test', 100)`);
    await first.close();
    expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['db']); // no staging directory left

    // a second start reads the directory; the seed is not unpacked over it
    const again = await openPglite(dataDir, { seed: testSeedFile() });
    const [kept] = await queryRows<{ n: number }>(again.db, sql`select count(*)::int as n from services where name = 'seed test'`);
    expect(kept!.n).toBe(1);
    await again.close();
  });

  it('keeps every entry inside the data directory, and refuses a kind a data directory never holds', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-seed-target-'));
    const target = path.join(parent, 'db');
    await expect(extractSeed(archiveWith('link', '2'), target)).rejects.toThrow(/unexpected type/);
    expect(fs.readdirSync(parent)).toEqual([]);
    // a climbing path is read from the data directory's root
    await extractSeed(archiveWith('../../escaped'), target);
    expect(fs.readdirSync(target)).toEqual(['escaped']);
    expect(fs.readdirSync(parent)).toEqual(['db']);
    await extractSeed(archiveWith('/base/PG_VERSION', '0', '17\n'), target);
    expect(fs.readFileSync(path.join(target, 'base', 'PG_VERSION'), 'utf8')).toBe('17\n');
  });
});
