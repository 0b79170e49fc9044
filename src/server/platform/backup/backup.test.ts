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
import { testSeedFile } from '../../test/pglite-seed';
import { backup, BackupError, restore, verifyArchive } from './backup';

const adminUrl = process.env.TEST_DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
const commandTimeout = 120_000;

/** `npm run admin -- ARGS` as an operator runs it: the source through tsx, only the given environment. */
function adminCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: commandTimeout,
      killSignal: 'SIGKILL',
    });
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
  const [row] = await queryRows<{ accounts: number; orders: number }>(
    database.db,
    sql`select (select count(*) from users)::int as accounts, (select count(*) from orders)::int as orders`,
  );
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
    expect((await app.inject({ url: `/api/orders/${orderId}/identity/passport`, headers: { cookie: customer.cookie } })).rawPayload).toEqual(
      passportFile.bytes,
    );
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
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
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
    expect(done.stdout).toMatch(
      /^Wrote .*backup\.tar\.gz \([\d.]+ MB\): the embedded database \(\d+ files\), 1 stored files \(every one its rows name\), DATA_DIR\/file-encryption-key and DATA_DIR\/auth-secret; 2 accounts, 1 orders;/,
    );
    expect(done.stdout).toContain('Not in the archive: AUTH_SECRET and FILE_ENCRYPTION_KEYS from the environment');
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    const manifest = await verifyArchive(archive);
    expect(manifest).toMatchObject({
      format: 'frontera-backup',
      version: 1,
      database: 'pglite',
      storedFiles: 'archive',
      keyFiles: ['file-encryption-key', 'auth-secret'],
      counts: { accounts: 2, orders: 1, storedFiles: 1 },
    });
    expect(manifest.entries.find((entry) => entry.path === `data/${stored}`)).toMatchObject({
      size: storedBytes.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
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
    await expect(restore(config, changed)).rejects.toThrow(
      new RegExp(`does not match its manifest \\(data/${stored} differs \\(sha256 mismatch\\)\\).*Nothing was restored`),
    );
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readdirSync(root).filter((name) => name.includes('.restoring-'))).toEqual([]);

    const lines: string[] = [];
    const restored = await restore(config, archive, (line) => lines.push(line));
    expect(restored.dataDir).toBe(dataDir);
    expect(lines[0]).toMatch(
      /^Restored .*backup\.tar\.gz, made .* \(2 accounts, 1 orders\), checked against its manifest \(\d+ entries, sha256\): the embedded database into .*, 1 stored files into .*, DATA_DIR\/file-encryption-key and DATA_DIR\/auth-secret\.$/,
    );
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
      expect(result.manifest).toMatchObject({
        database: 'postgres',
        storedFiles: 'archive',
        counts: { accounts: before.accounts, orders: before.orders, storedFiles: 1, databaseFiles: 0 },
      });
      expect(result.manifest.entries.map((entry) => entry.path)).toContain('postgres.dump');
      expect(lines.join('\n')).toMatch(
        /pg_dump --format=custom[\s\S]*Wrote .*: the PostgreSQL dump, 1 stored files \(every one its rows name\), DATA_DIR\/file-encryption-key and DATA_DIR\/auth-secret/,
      );
      expect(lines.join('\n')).toContain('Not in the archive: AUTH_SECRET and FILE_ENCRYPTION_KEYS from the environment');

      // with S3 the files stay in the bucket (its versioning covers them): the dump and the keys only
      const withS3 = path.join(root, 'with-s3.tar.gz');
      const s3Lines: string[] = [];
      const s3 = await backup(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: source.url, S3_BUCKET: 'frontera-files' }), withS3, (line) =>
        s3Lines.push(line),
      );
      expect(s3.manifest.storedFiles).toBe('s3');
      expect(s3.manifest.entries.filter((entry) => entry.path.startsWith('data/files/'))).toEqual([]);
      expect(s3Lines).toContain(
        'The stored files are in the S3 bucket frontera-files and are not copied: bucket versioning (with a lifecycle rule for old versions) covers them (docs/deploy.md#backups).',
      );

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
      await expect(restore(loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'elsewhere') }), archive)).rejects.toThrow(
        /holds a PostgreSQL dump: set DATABASE_URL/,
      );
      await restore(restoreConfig, archive);
      await expectRestored(restoreConfig, openPostgres(target.url, 5), before);

      // the target has tables now: a second restore is refused before anything is read or written
      await expect(restore(loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'fresh'), DATABASE_URL: target.url }), archive)).rejects.toThrow(
        /Restore refused: the database .* is not empty/,
      );
      expect(fs.existsSync(path.join(root, 'fresh'))).toBe(false);
    } finally {
      await source.drop();
      await target.drop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);
});

/** The storage keys every order names, and whether each file is in `dataDir`'s files. */
async function namedFiles(database: Database, dataDir: string) {
  const rows = await queryRows<{ id: string; key: string }>(
    database.db,
    sql`select id, passport_key as key from orders where passport_key is not null order by created_at`,
  );
  return rows.map((row) => ({ id: row.id, key: row.key, present: fs.existsSync(path.join(dataDir, 'files', ...row.key.split('/'))) }));
}

const passphrase = 'correct horse battery staple';

describe('a backup that restores what its rows name, encrypted when asked', () => {
  it('refuses rows naming a file storage lacks (or lists it, when accepted); under BACKUP_PASSPHRASE the archive reads only with it', async () => {
    const root = tempDataDir();
    const dataDir = path.join(root, 'data');
    const config = testConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const source = await openPglite(config.dbDir, { seed: testSeedFile() });
    await source.migrate();
    await seed(source.db);
    const before = await fillAndClose(config, source);
    const [stored] = storedFiles(dataDir);
    const storedBytes = fs.readFileSync(path.join(dataDir, stored!));
    try {
      // a passphrase that could be guessed offline is refused before anything is written
      await expect(backup(config, path.join(root, 'weak.tar.gz'), undefined, { passphrase: 'password1' })).rejects.toThrow(
        /BACKUP_PASSPHRASE is too short \(9 characters\): use at least 16/,
      );
      expect(fs.existsSync(path.join(root, 'weak.tar.gz'))).toBe(false);

      const archive = path.join(root, 'encrypted.tar.gz');
      const lines: string[] = [];
      const result = await backup(config, archive, (line) => lines.push(line), { passphrase });
      expect(lines[0]).toMatch(/^Wrote .*encrypted\.tar\.gz \([\d.]+ MB, encrypted under BACKUP_PASSPHRASE\): the embedded database/);
      // the file key's warning is for an archive anyone can read
      expect(lines.join('\n')).not.toContain('keep it as private as the files');
      const bytes = fs.readFileSync(archive);
      expect(bytes.subarray(0, 26).toString()).toBe('FRONTERA-BACKUP-ENCRYPTED\n');
      // no gzip stream to open: neither the manifest nor the key file shows
      expect(() => gunzipSync(bytes)).toThrow();
      expect(result.manifest.keyFiles).toContain('file-encryption-key');
      expect(bytes.includes(fs.readFileSync(path.join(dataDir, 'file-encryption-key')))).toBe(false);

      await expect(verifyArchive(archive)).rejects.toThrow(/encrypted\.tar\.gz is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with/);
      await expect(verifyArchive(archive, 'a different passphrase here')).rejects.toThrow(
        /cannot be decrypted: the passphrase \(BACKUP_PASSPHRASE\) is not the one it was made with/,
      );
      expect((await verifyArchive(archive, passphrase)).entries.find((entry) => entry.path === `data/${stored}`)?.size).toBe(storedBytes.length);
      // cut at a chunk's end, cut mid-chunk, one byte changed, the header's salt changed: refused
      const chunk = 26 + 4 + 16 + 7 + 64 * 1024 + 16;
      const damaged = [
        bytes.subarray(0, chunk),
        bytes.subarray(0, bytes.length - 5),
        Buffer.from(bytes).fill(0x41, 100, 101),
        Buffer.from(bytes).fill(0, 31, 33),
      ];
      for (const [index, copy] of damaged.entries()) {
        const file = path.join(root, `damaged-${index}.tar.gz`);
        fs.writeFileSync(file, copy);
        await expect(verifyArchive(file, passphrase)).rejects.toThrow(BackupError);
      }

      // a stored file lost before the backup: the rows that name it fail the backup, naming the file
      fs.rmSync(path.join(dataDir, stored!));
      const key = stored!.replace(/^files\//, '');
      const incomplete = path.join(root, 'incomplete.tar.gz');
      await expect(backup(config, incomplete)).rejects.toThrow(
        new RegExp(
          `^Backup failed: 1 stored file\\(s\\) the database names are not in .*files \\(${key.replace(/[.]/g, '\\.')}\\)\\. A restore of this backup would have rows naming files it lacks, so no archive was written`,
        ),
      );
      expect(fs.readdirSync(root).filter((name) => name.startsWith('incomplete'))).toEqual([]);
      // the backup's own hold of the files is gone too
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
      const accepted = await backup(config, incomplete, undefined, { acceptMissingFiles: true });
      expect(accepted.manifest.missingFiles).toEqual([key]);

      // the encrypted archive restores with its passphrase, the file as it was
      fs.rmSync(dataDir, { recursive: true, force: true });
      await expect(restore(config, archive)).rejects.toThrow(/is encrypted: set BACKUP_PASSPHRASE/);
      await expect(restore(config, archive, undefined, { passphrase: 'a different passphrase here' })).rejects.toThrow(/cannot be decrypted/);
      expect(fs.existsSync(dataDir)).toBe(false);
      await restore(config, archive, undefined, { passphrase });
      expect(fs.readFileSync(path.join(dataDir, stored!))).toEqual(storedBytes);
      await expectRestored(config, await openPglite(config.dbDir, { seed: '' }), before);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);
});

describe.skipIf(!adminUrl || !hasPgDump)('a backup taken while the app runs on PostgreSQL', () => {
  it('holds the files of orders discarded during the dump and the files of orders stored after the hold: every file a restored row names is there', async () => {
    const root = tempDataDir();
    const dataDir = path.join(root, 'data');
    const source = await createEmptyPostgres(adminUrl!);
    const target = await createEmptyPostgres(adminUrl!);
    const database = openPostgres(source.url, 5);
    const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: source.url });
    await database.migrate();
    await seed(database.db);
    const app = await buildApp(config, { database });
    try {
      const customer = await signUp(app);
      const first = (await submitOrder(app, customer.cookie)).json().order.id as string;
      const second = (await submitOrder(app, customer.cookie)).json().order.id as string;
      let third = '';
      const archive = path.join(root, 'during.tar.gz');
      await backup(config, archive, undefined, {
        onStage: async (stage) => {
          if (stage === 'files-held') {
            // stored after the hold, its row in the dump
            const order = await submitOrder(app, customer.cookie);
            expect(order.statusCode).toBe(201);
            third = order.json().order.id as string;
          } else {
            // discarded once the dump is taken: its row is in the dump, its file deleted from storage now
            const gone = await namedFiles(database, dataDir);
            expect((await app.inject({ method: 'DELETE', url: `/api/orders/${first}`, headers: { cookie: customer.cookie } })).statusCode).toBe(204);
            expect(fs.existsSync(path.join(dataDir, 'files', ...gone.find((row) => row.id === first)!.key.split('/')))).toBe(false);
          }
        },
      });

      const restored = path.join(root, 'restored');
      const restoreConfig = testConfig({ DATA_DIR: restored, DATABASE_URL: target.url });
      await restore(restoreConfig, archive);
      const targetDb = openPostgres(target.url, 2);
      try {
        const named = await namedFiles(targetDb, restored);
        expect(named.map((row) => row.id).sort()).toEqual([first, second, third].sort());
        expect(named.filter((row) => !row.present)).toEqual([]);
      } finally {
        await targetDb.close();
      }
    } finally {
      await app.close();
      await source.drop();
      await target.drop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);
});
