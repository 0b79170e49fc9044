import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '@server/db/client';
import { seed } from '@server/db/seed';
import { testSeedFile } from './pglite-seed';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** a fresh, migrated, seeded database of its own; close() throws it away */
  open(): Promise<Database>;
  /** a fresh database with no schema at all (for migration tests); close() throws it away */
  openEmpty(): Promise<Database>;
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL's (no schema yet); drop() removes it. */
export async function createEmptyPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function openEmptyPostgres(adminUrl: string): Promise<Database> {
  const fresh = await createEmptyPostgres(adminUrl);
  const database = openPostgres(fresh.url, 5);
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

async function openFreshPostgres(adminUrl: string): Promise<Database> {
  const database = await openEmptyPostgres(adminUrl);
  await database.migrate();
  await seed(database.db);
  return database;
}

/** Embedded always; real PostgreSQL too when TEST_DATABASE_URL is set (as in .ci/run). */
export const testDatabases: TestDatabase[] = [
  {
    name: 'pglite',
    async open() {
      // from the run's migrated seed (src/server/test/pglite-seed.ts) when there is one
      const database = await openPglite(undefined, { seed: testSeedFile() });
      await database.migrate();
      await seed(database.db);
      return database;
    },
    openEmpty: () => openPglite(undefined, { seed: '' }),
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          open: () => openFreshPostgres(process.env.TEST_DATABASE_URL!),
          openEmpty: () => openEmptyPostgres(process.env.TEST_DATABASE_URL!),
        },
      ]
    : []),
];
