import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, queryRows, type Database } from './db/client';
import { strongPassword, tempDataDir, uniqueEmail } from './test/app';
import { createEmptyPostgres } from './test/databases';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { startSlowOrderUpload } from './test/slow-upload';
import { eventually } from './test/eventually';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Stored files under DATA_DIR/files, relative, the temp files of unfinished puts apart. */
function filesOnDisk(dataDir: string): { complete: string[]; partial: string[] } {
  const root = path.join(dataDir, 'files');
  const all = fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    : [];
  return { complete: all.filter((f) => !f.endsWith('.part')), partial: all.filter((f) => f.endsWith('.part')) };
}

/** Every storage key a row holds (the columns the sweeper checks). */
async function referencedKeys(database: Database): Promise<{ orders: number; keys: string[] }> {
  const rows = await queryRows<{ key: string | null }>(
    database.db,
    sql`select ssn_doc_key as key from orders union all select passport_key from orders union all select other_id_key from orders union all select storage_key from documents`,
  );
  const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`);
  return { orders: count!.n, keys: rows.map((row) => row.key).filter((key): key is string => Boolean(key)) };
}

const submissions = 20;

/**
 * kill -9 while 20 orders with a passport each are being submitted: some uploads are half
 * written, some complete with or without their order row. After a restart with no grace period
 * the sweeper leaves exactly the files a row names, and every row's file is there.
 */
async function crashAndRecover(label: string, env: Record<string, string>, openDatabase: () => Promise<Database>) {
  const dataDir = env.DATA_DIR!;
  let server: ServerProcess | undefined = await startServerProcess({ ...env, AUTH_RATE_LIMIT_IP: '1000' });
  try {
    const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Tester', email: uniqueEmail('crash'), password: strongPassword }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const agent = new http.Agent({ keepAlive: false, maxSockets: submissions });
    const uploads = Array.from({ length: submissions }, () => startSlowOrderUpload(server!.url, cookie, agent));
    // every upload is streaming into storage
    await eventually(() => (filesOnDisk(dataDir).partial.length >= submissions ? true : undefined), 'all uploads writing');
    // half of them finish: their files complete and their transactions run while we kill
    for (const upload of uploads.slice(0, submissions / 2)) upload.finish();
    // killed as the first order is answered: the others are mid-transaction or about to be
    const first = await Promise.any(uploads.slice(0, submissions / 2).map((upload) => upload.response));
    expect(first.status).toBe(201);
    process.kill(server.pid, 'SIGKILL');
    const answered = (await Promise.allSettled(uploads.map((upload) => upload.response))).filter((r) => r.status === 'fulfilled').length;
    agent.destroy();
    await server.stop();
    server = undefined;

    const before = filesOnDisk(dataDir);
    // the restart sweeps at once; no grace period, so everything unreferenced goes
    server = await startServerProcess({ ...env, FILE_SWEEP_GRACE_MINUTES: '0' });
    const sweepLine = await eventually(() => server!.stdoutLines().find((line) => line.includes('"file sweep done"')), 'the sweep after the restart');
    const sweep = JSON.parse(sweepLine) as { found: number; deleted: number; referenced: number; young: number };
    expect(await server.stop()).toBe(0);
    server = undefined;

    const after = filesOnDisk(dataDir);
    const database = await openDatabase();
    try {
      const { orders, keys } = await referencedKeys(database);
      const withoutRow = after.complete.filter((file) => !keys.includes(file));
      const rowsWithoutFile = keys.filter((key) => !after.complete.includes(key));
      console.log(
        `crash test (${label}): before the sweep ${before.complete.length} complete and ${before.partial.length} partial files, ${orders} orders (${answered} of ${submissions} answered before the kill); ` +
          `the sweep found ${sweep.found}, deleted ${sweep.deleted}, kept ${sweep.referenced} referenced; ` +
          `after: ${after.complete.length} files, ${withoutRow.length} without a row, ${after.partial.length} partial, ${rowsWithoutFile.length} rows without their file`,
      );
      // the crash left something to clean up: the test is not vacuous
      expect(before.partial.length).toBeGreaterThan(0);
      expect(orders).toBeGreaterThan(0);
      expect(before.complete.length + before.partial.length).toBeGreaterThan(orders);
      expect(withoutRow).toEqual([]);
      expect(after.partial).toEqual([]);
      expect(rowsWithoutFile).toEqual([]);
      expect(after.complete).toHaveLength(orders);
      expect(sweep.deleted).toBe(before.complete.length + before.partial.length - orders);
    } finally {
      await database.close();
    }
  } finally {
    // a failed assertion must not leave a process holding the port and the database
    if (server) await server.stop();
  }
}

// real processes on a busy machine: generous limits, no assertion on speed
describe('a crash during order submissions leaves no files behind', { timeout: 180_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('on the embedded database (restarted on the same DATA_DIR)', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    await crashAndRecover('pglite', { DATA_DIR: dataDir }, async () => openPglite(path.join(dataDir, 'db')));
  });

  it.skipIf(!adminUrl)('on PostgreSQL', async () => {
    const fresh = await createEmptyPostgres(adminUrl!);
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    try {
      await crashAndRecover('postgres', { DATA_DIR: dataDir, DATABASE_URL: fresh.url }, async () => openPostgres(fresh.url, 2));
    } finally {
      await fresh.drop();
    }
  });
});
