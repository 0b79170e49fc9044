import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { openPglite, openPostgres, queryRows, type Database } from '@server/db/client';
import { lockEmbeddedDatabase } from '@server/db/embedded-lock';
import { seed } from '@server/db/seed';
import { signUp, strongPassword, tempDataDir, testConfig } from '@server/test/app';
import { createEmptyPostgres } from '@server/test/databases';
import { passportFile, submitOrder } from '@server/test/orders';
import { testSeedFile } from '../../../test-setup/pglite-seed';
import { backup, BackupError, restore, verifyArchive } from './backup';

const adminUrl = process.env.TEST_DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
const commandTimeout = 120_000;

/** `npm run admin -- ARGS` as an operator runs it: the source through tsx, only the given environment. */
function adminCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', ...args], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: commandTimeout, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end();
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What a customer and the team had before the backup, to find again after the restore. */
interface Before {
  customer: { cookie: string; email: string };
  other: { email: string };
  orderId: string;
  accounts: number;
  orders: number;
}

async function counts(database: Database) {
  const [row] = await queryRows<{ accounts: number; orders: number }>(database.db, sql`select (select count(*) from users)::int as accounts, (select count(*) from orders)::int as orders`);
  return row!;
}

/** Two accounts, an order with its passport uploaded, a signed-in customer; then the app stops. */
async function fillAndClose(config: Config, database: Database): Promise<Before> {
  const app = await buildApp(config, { database });
  try {
    const customer = await signUp(app);
    const other = await signUp(app, { name: 'Second Founder' });
    const order = await submitOrder(app, customer.cookie);
    expect(order.statusCode).toBe(201);
    const orderId = order.json().order.id as string;
    expect((await app.inject({ url: `/api/orders/${orderId}/identity/passport`, headers: { cookie: customer.cookie } })).rawPayload).toEqual(passportFile.bytes);
    return { customer: { cookie: customer.cookie, email: customer.user.email }, other: { email: other.user.email }, orderId, ...(await counts(database)) };
  } finally {
    await app.close();
  }
}

/** The app on the restored data: the same accounts and orders, the file, the old session. */
async function expectRestored(config: Config, database: Database, before: Before) {
  const app: FastifyInstance = await buildApp(config, { database });
  try {
    expect(await counts(database)).toEqual({ accounts: before.accounts, orders: before.orders });
    // the session cookie from before the backup still signs the customer in
    const me = await app.inject({ url: '/api/me', headers: { cookie: before.customer.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(before.customer.email);
    const list = await app.inject({ url: '/api/orders', headers: { cookie: before.customer.cookie } });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(before.orderId);
    // the stored file decrypts to the bytes uploaded
    const file = await app.inject({ url: `/api/orders/${before.orderId}/identity/passport`, headers: { cookie: before.customer.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(passportFile.bytes);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: before.other.email, password: strongPassword } });
    expect(signIn.statusCode).toBe(200);
  } finally {
    await app.close();
  }
}

/** Every stored file under a DATA_DIR, by path relative to it. */
function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
}

describe('backup and restore on the embedded database', () => {
  it('restores the accounts, orders, stored files and sessions into an empty DATA_DIR; refuses while the app runs, into a DATA_DIR with data, and a damaged archive', async () => {
    const root = tempDataDir();
    const dataDir = path.join(root, 'data');
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
    const config = testConfig(env);
    const source = await openPglite(config.dbDir, { seed: testSeedFile() });
    await source.migrate();
    await seed(source.db);
    const before = await fillAndClose(config, source);
    const [stored] = storedFiles(dataDir);
    expect(stored).toMatch(/^files\/identity\//);
    const storedBytes = fs.readFileSync(path.join(dataDir, stored!));
    // encrypted at rest: the archive copies it as it is
    expect(storedBytes.includes(passportFile.bytes)).toBe(false);

    // while the app holds the embedded database (this process, as bootstrapDatabase takes it), the command refuses
    const archive = path.join(root, 'backup.tar.gz');
    const releaseLock = lockEmbeddedDatabase(dataDir);
    try {
      const refused = await adminCommand(['backup', archive], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Backup refused: the embedded database in ${dataDir} is in use by process ${process.pid} (the app is running).`);
      expect(refused.stderr).toContain('stop the app first');
      expect(fs.readdirSync(root).filter((name) => name.startsWith('backup'))).toEqual([]);
    } finally {
      releaseLock();
    }

    const done = await adminCommand(['backup', archive], env);
    expect(done).toMatchObject({ code: 0, stderr: '' });
    expect(done.stdout).toMatch(/^Wrote .*backup\.tar\.gz \([\d.]+ MB\): the embedded database \(\d+ files\), 1 stored files, DATA_DIR\/file-encryption-key and DATA_DIR\/auth-secret; 2 accounts, 1 orders;/);
    expect(done.stdout).toContain('Not in the archive: AUTH_SECRET and FILE_ENCRYPTION_KEYS from the environment');
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    const manifest = await verifyArchive(archive);
    expect(manifest).toMatchObject({ format: 'frontera-backup', version: 1, database: 'pglite', storedFiles: 'archive', keyFiles: ['file-encryption-key', 'auth-secret'], counts: { accounts: 2, orders: 1, storedFiles: 1 } });
    expect(manifest.entries.find((entry) => entry.path === `data/${stored}`)).toMatchObject({ size: storedBytes.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // never over an existing file
    await expect(backup(config, archive)).rejects.toThrow(/already exists/);

    fs.rmSync(dataDir, { recursive: true, force: true });

    // damaged archives are refused, and nothing is written where the app would read it
    const truncated = path.join(root, 'truncated.tar.gz');
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restore(config, truncated)).rejects.toThrow(/is damaged or truncated .*nothing was restored/);
    const tar = gunzipSync(whole);
    const at = tar.indexOf(storedBytes);
    expect(at).toBeGreaterThan(0);
    const flipped = at + Math.floor(storedBytes.length / 2);
    tar[flipped] = tar[flipped]! ^ 0xff;
    const changed = path.join(root, 'changed.tar.gz');
    fs.writeFileSync(changed, gzipSync(tar));
    await expect(restore(config, changed)).rejects.toThrow(new RegExp(`does not match its manifest \\(data/${stored} differs \\(sha256 mismatch\\)\\).*Nothing was restored`));
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readdirSync(root).filter((name) => name.includes('.restoring-'))).toEqual([]);

    const lines: string[] = [];
    const restored = await restore(config, archive, (line) => lines.push(line));
    expect(restored.dataDir).toBe(dataDir);
    expect(lines[0]).toMatch(/^Restored .*backup\.tar\.gz, made .* \(2 accounts, 1 orders\), checked against its manifest \(\d+ entries, sha256\): the embedded database into .*, 1 stored files into .*, DATA_DIR\/file-encryption-key and DATA_DIR\/auth-secret\.$/);
    expect(fs.readFileSync(path.join(dataDir, stored!))).toEqual(storedBytes);

    // a second restore never mixes with what is there now
    await expect(restore(config, archive)).rejects.toThrow(BackupError);
    await expect(restore(config, archive)).rejects.toThrow(`Restore refused: ${dataDir} is not empty`);

    await expectRestored(config, await openPglite(config.dbDir, { seed: '' }), before);
    fs.rmSync(root, { recursive: true, force: true });
  }, 240_000);
});

describe.skipIf(!adminUrl || !hasPgDump)('backup and restore on PostgreSQL (pg_dump, pg_restore)', () => {
  it('restores the dump into an empty database and the stored files into an empty DATA_DIR; refuses a database with tables', async () => {
    const root = tempDataDir();
    const dataDir = path.join(root, 'data');
    const source = await createEmptyPostgres(adminUrl!);
    const target = await createEmptyPostgres(adminUrl!);
    try {
      const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: source.url });
      const database = openPostgres(source.url, 5);
      await database.migrate();
      await seed(database.db);
      const before = await fillAndClose(config, database);

      const archive = path.join(root, 'backup.tar.gz');
      const lines: string[] = [];
      const result = await backup(config, archive, (line) => lines.push(line));
      expect(result.manifest).toMatchObject({ database: 'postgres', storedFiles: 'archive', counts: { accounts: before.accounts, orders: before.orders, storedFiles: 1, databaseFiles: 0 } });
      expect(result.manifest.entries.map((entry) => entry.path)).toContain('postgres.dump');
      expect(lines.join('\n')).toMatch(/pg_dump --format=custom[\s\S]*Wrote .*: the PostgreSQL dump, 1 stored files, DATA_DIR\/file-encryption-key and DATA_DIR\/auth-secret/);
      expect(lines.join('\n')).toContain('Not in the archive: AUTH_SECRET and FILE_ENCRYPTION_KEYS from the environment');

      // with S3 the files stay in the bucket (its versioning covers them): the dump and the keys only
      const withS3 = path.join(root, 'with-s3.tar.gz');
      const s3Lines: string[] = [];
      const s3 = await backup(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: source.url, S3_BUCKET: 'frontera-files' }), withS3, (line) => s3Lines.push(line));
      expect(s3.manifest.storedFiles).toBe('s3');
      expect(s3.manifest.entries.filter((entry) => entry.path.startsWith('data/files/'))).toEqual([]);
      expect(s3Lines).toContain('The stored files are in the S3 bucket frontera-files and are not copied: bucket versioning (with a lifecycle rule for old versions) covers them (docs/deploy.md#backups).');

      // without pg_dump on PATH: a clear error, and no file left behind
      const savedPath = process.env.PATH;
      process.env.PATH = path.join(root, 'no-tools');
      try {
        await expect(backup(config, path.join(root, 'no-tools.tar.gz'))).rejects.toThrow(/^pg_dump was not found on PATH: install the PostgreSQL client tools/);
      } finally {
        process.env.PATH = savedPath;
      }
      expect(fs.readdirSync(root).filter((name) => name.startsWith('no-tools'))).toEqual([]);

      fs.rmSync(dataDir, { recursive: true, force: true });
      const restoreConfig = testConfig({ DATA_DIR: dataDir, DATABASE_URL: target.url });
      // an embedded-database restore of a PostgreSQL dump is refused
      await expect(restore(loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'elsewhere') }), archive)).rejects.toThrow(/holds a PostgreSQL dump: set DATABASE_URL/);
      await restore(restoreConfig, archive);
      await expectRestored(restoreConfig, openPostgres(target.url, 5), before);

      // the target has tables now: a second restore is refused before anything is read or written
      await expect(restore(loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'fresh'), DATABASE_URL: target.url }), archive)).rejects.toThrow(/Restore refused: the database .* is not empty/);
      expect(fs.existsSync(path.join(root, 'fresh'))).toBe(false);
    } finally {
      await source.drop();
      await target.drop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);
});
