import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { orders } from '@server/db/schema';
import { buildTestApp, signUp, tempDataDir } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { passportFile, submitOrder } from '@server/test/orders';

/** A 2 MB tmpfs as DATA_DIR/files, or why there cannot be one here (mounting needs root / CAP_SYS_ADMIN). */
function mountSmallDisk(dir: string): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mounting a tmpfs is not permitted here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  }
}

const dataDir = tempDataDir();
const filesDir = path.join(dataDir, 'files');
fs.mkdirSync(filesDir);
const notMounted = mountSmallDisk(filesDir);
if (notMounted) console.info(`disk-full test skipped: ${notMounted}`);

/** Every file under `dir`, relative. */
const filesUnder = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

/**
 * The disk of uploaded files (local storage, DATA_DIR/files) fills up. An upload that does
 * not fit is refused with 507 and the usual error body, leaves no partial file and no order row
 * naming a file that is not there; once there is room, uploads work again.
 */
describe.skipIf(notMounted)('an upload onto a full disk', { timeout: 60_000 }, () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    ({ app } = await buildTestApp(database, { DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await app?.close();
    if (!notMounted) execFileSync('umount', [filesDir]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 507 with the error body, keeps no partial file and no order; a file that fits is stored after', async () => {
    const customer = await signUp(app);
    // 3 MB of PDF (well under UPLOAD_MAX_BYTES) on a 2 MB disk
    const big = { ...passportFile, bytes: Buffer.concat([passportFile.bytes, Buffer.alloc(3 * 1024 * 1024, 0x20)]) };
    const refused = await submitOrder(app, customer.cookie, undefined, { passport: big });
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toEqual({ error: { code: 'insufficient_storage', message: 'errors.insufficient_storage' } });
    expect(filesUnder(filesDir)).toEqual([]);
    expect(await database.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);

    // the space the refused upload took is free again: a small file fits, and its row names it
    const accepted = await submitOrder(app, customer.cookie);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(order?.passportKey).toBeTruthy();
    expect(filesUnder(filesDir)).toEqual([order!.passportKey]);
    const download = await app.inject({ url: `/api/orders/${order!.id}/identity/passport`, headers: { cookie: customer.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(passportFile.bytes);
  });
});
