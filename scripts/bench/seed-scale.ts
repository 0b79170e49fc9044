/**
 * The scale data set. Fills a database with ORDERS orders (default 1,000,000) and, in
 * proportion, USERS (a fifth), COMPANIES formed (a tenth: milestones, partners, deadlines marked
 * done, schedules computed), TICKETS (a twentieth) and ACTIVITY rows (two per order, over the
 * Activity page's sources), reproducible from SEED (default 39) and ANCHOR (the last day, default
 * today); prints each step's time and the row counts (lib/seed-scale.ts).
 *
 * Usage: npm run bench -- seed-scale
 * Env:   DATABASE_URL   PostgreSQL (default postgres://postgres@127.0.0.1:5432/scale, created
 *                       here; an existing database must be empty, or is dropped first with RESEED=1;
 *                       the default `scale` is always made afresh)
 *        DATA_DIR=dir    the embedded database instead, as the app opens it (DATA_DIR/db), e.g.
 *                       ORDERS=50000 DATA_DIR=/tmp/scale-embedded npm run bench -- seed-scale
 *        ORDERS USERS COMPANIES TICKETS ACTIVITY SEED ANCHOR CHUNK
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { seed } from '../../src/server/db/seed';
import { scaleSizes, seedScale, tableCounts } from './lib/seed-scale';

export const defaultScaleUrl = 'postgres://postgres@127.0.0.1:5432/scale';

const sizes = scaleSizes();
const options = { seed: Number(process.env.SEED ?? 39), anchor: process.env.ANCHOR, chunk: process.env.CHUNK ? Number(process.env.CHUNK) : undefined };

/** A fresh PostgreSQL database at `url`: created (dropped first when it is the default `scale` or RESEED=1). */
async function freshPostgres(url: string): Promise<Database> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: letters, digits and _ only`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
    if (exists && (name === 'scale' || process.env.RESEED === '1')) await admin.query(`drop database ${name} with (force)`);
    else if (exists) throw new Error(`database ${name} exists: RESEED=1 drops it first`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return openPostgres(url, 2);
}

const started = performance.now();
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : undefined;
let database: Database;
if (dataDir) {
  const dbDir = path.join(dataDir, 'db');
  if (fs.existsSync(dbDir)) {
    if (process.env.RESEED !== '1') throw new Error(`${dbDir} exists: RESEED=1 removes it first`);
    fs.rmSync(dbDir, { recursive: true, force: true });
  }
  database = await openPglite(dbDir);
  console.log(`embedded database ${dbDir}`);
} else {
  const url = process.env.DATABASE_URL ?? defaultScaleUrl;
  database = await freshPostgres(url);
  console.log(`PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}`);
}
try {
  await database.migrate();
  await seed(database.db);
  console.log(`seeding ${JSON.stringify(sizes)} (SEED ${options.seed})`);
  await seedScale(database, sizes, options);
  const counts = await tableCounts(database, [
    'orders',
    'users',
    'support_tickets',
    'order_status_history',
    'order_audit',
    'admin_audit',
    'order_messages',
    'order_notes',
    'ticket_messages',
    'documents',
    'identity_document_views',
    'order_milestones',
    'partners',
    'compliance_done',
    'compliance_schedule',
  ]);
  for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(24)} ${String(count).padStart(9)}`);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
