/**
 * Backups that restore: `npm run admin -- backup FILE` writes one .tar.gz holding
 *
 *   data/db/...               the embedded database's directory (PGlite), copied while its lock is held
 *   postgres.dump             or, with DATABASE_URL, `pg_dump --format=custom`
 *   data/files/...            the stored files, byte for byte (already encrypted; not with S3_BUCKET)
 *   data/file-encryption-key  the key files the development default keeps in DATA_DIR, when present
 *   data/auth-secret
 *   manifest.json             last: format version, when, counts, the sha256 of every entry
 *
 * and `restore FILE` writes it back: into an empty or absent DATA_DIR (and, with DATABASE_URL, an
 * empty database through pg_restore). With BACKUP_PASSPHRASE the whole archive is encrypted under
 * it (archive-cipher.ts), and restore asks for the same passphrase.
 *
 * On PostgreSQL the app may run meanwhile, and discard an order (deleting its files) while the
 * backup copies. So the files are held first: every stored file is hard-linked into a directory of
 * the backup's own (a copy where links cannot be made), which a delete by the app does not touch.
 * Then one read-only snapshot gives pg_dump its data (--snapshot) and the list of the storage
 * keys its rows name (platform/storage/references.ts); a file stored after the hold is held then,
 * before the dump runs (a discard in the milliseconds between the snapshot and that hold is the
 * one race left, and it fails the backup rather than corrupting it).
 * A key the held files lack fails the backup, naming it, before any archive is written: a restore
 * would have rows naming passports it lacks. The archive is extracted into a directory beside DATA_DIR
 * and checked against its manifest first; only a complete, matching archive is renamed into place.
 * AUTH_SECRET and FILE_ENCRYPTION_KEYS from the environment are never in the archive.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, pipeline as pipeStreams } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { openPglite, openPostgres, queryRows, type Db } from '../../db/client';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from '../../db/embedded-lock';
import { orders, users } from '../../db/schema';
import { referencedKeys } from '../storage/references';
import { decryptingStream, encryptingStream, isEncryptedArchive, magicLength } from './archive-cipher';
import { BackupError, describeDatabase, dumpPostgres, isEmptyPostgres, restorePostgres } from './postgres-tools';
import { readTar, TarError, tarEnd, tarHeader, tarPadding } from './tar';

export { BackupError };

/** The files the development defaults keep in DATA_DIR (platform/storage/file-keys.ts, platform/auth/secret.ts). */
const keyFiles = ['file-encryption-key', 'auth-secret'] as const;

const manifestName = 'manifest.json';
const dumpName = 'postgres.dump';
const format = 'frontera-backup';
const formatVersion = 1;
/** A put's temp file (platform/storage/local-storage.ts): an unfinished upload, never referenced. */
const unfinishedPut = /\.[0-9a-f-]{36}\.part$/;

export interface Manifest {
  format: typeof format;
  version: typeof formatVersion;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** 'archive': DATA_DIR/files is in it; 's3': the files stayed in the bucket */
  storedFiles: 'archive' | 's3';
  /** rows when the backup began (on a running PostgreSQL app the dump may hold a few more) */
  counts: { accounts: number | null; orders: number | null; storedFiles: number; databaseFiles: number };
  keyFiles: string[];
  /** storage keys rows name that were missing from storage (written only with --accept-missing-files) */
  missingFiles?: string[];
  directories: string[];
  entries: { path: string; size: number; sha256: string }[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

type Report = (line: string) => void;

type Source = { path: string; type: 'directory' } | { path: string; type: 'file'; absolute: string };

const toArchivePath = (...parts: string[]) => parts.filter(Boolean).join('/');

/** A directory and everything under it, sorted, as archive entries under `archiveRoot`. */
async function walk(root: string, archiveRoot: string): Promise<Source[]> {
  const dirents = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  const sources: Source[] = [{ path: archiveRoot, type: 'directory' }];
  for (const dirent of dirents) {
    const absolute = path.join(dirent.parentPath, dirent.name);
    const archivePath = toArchivePath(archiveRoot, ...path.relative(root, absolute).split(path.sep));
    if (dirent.isDirectory()) sources.push({ path: archivePath, type: 'directory' });
    else if (dirent.isFile()) sources.push({ path: archivePath, type: 'file', absolute });
    else throw new BackupError(`${absolute} is neither a file nor a directory: a backup copies only those`);
  }
  return sources.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The stored files as the backup holds them: hard links (or copies) under `heldDir`, which the
 * app's deletes do not reach. `hold` takes one key (false when it is not in storage).
 */
function fileHold(filesDir: string, heldDir: string) {
  const held = new Set<string>();
  const hold = async (key: string): Promise<boolean> => {
    if (held.has(key)) return true;
    const parts = key.split('/');
    // a key is a relative path inside the files directory (platform/storage/local-storage.ts)
    if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) return false;
    const from = path.join(filesDir, ...parts);
    const to = path.join(heldDir, ...parts);
    await fs.promises.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    try {
      await fs.promises.link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      // a file system without hard links: a copy (a put renames a whole file into place)
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
      try {
        await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw copyError;
      }
    }
    held.add(key);
    return true;
  };
  /** every file in storage now, but a put's unfinished temp file */
  const holdAll = async () => {
    if (!exists(filesDir)) return;
    for (const dirent of await fs.promises.readdir(filesDir, { recursive: true, withFileTypes: true })) {
      if (!dirent.isFile() || unfinishedPut.test(dirent.name)) continue;
      // deleted since the listing: nothing to hold, and nothing a row will name once the dump is taken
      await hold(path.relative(filesDir, path.join(dirent.parentPath, dirent.name)).split(path.sep).join('/'));
    }
  };
  return { held, hold, holdAll };
}

const readChunk = 256 * 1024;

/** The archive's bytes: each source, then the manifest built from what was read. */
async function* archiveBytes(sources: Source[], manifest: Omit<Manifest, 'directories' | 'entries'>): AsyncGenerator<Buffer> {
  const directories: string[] = [];
  const entries: Manifest['entries'] = [];
  for (const source of sources) {
    if (source.type === 'directory') {
      directories.push(source.path);
      yield tarHeader({ path: source.path, type: 'directory', size: 0 });
      continue;
    }
    const handle = await fs.promises.open(source.absolute, 'r');
    try {
      const { size, mtimeMs } = await handle.stat();
      yield tarHeader({ path: source.path, type: 'file', size, mtime: mtimeMs / 1000 });
      const hash = createHash('sha256');
      for (let done = 0; done < size;) {
        const buffer = Buffer.allocUnsafe(Math.min(readChunk, size - done));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, done);
        if (bytesRead === 0) throw new BackupError(`${source.absolute} became shorter while it was copied; run the backup again`);
        const piece = buffer.subarray(0, bytesRead);
        hash.update(piece);
        done += bytesRead;
        yield piece;
      }
      yield tarPadding(size);
      entries.push({ path: source.path, size, sha256: hash.digest('hex') });
    } finally {
      await handle.close();
    }
  }
  const full: Manifest = {
    ...manifest,
    counts: { ...manifest.counts, storedFiles: entries.filter((entry) => entry.path.startsWith('data/files/')).length },
    directories,
    entries,
  };
  const body = Buffer.from(`${JSON.stringify(full, null, 2)}\n`);
  yield tarHeader({ path: manifestName, type: 'file', size: body.length });
  yield body;
  yield tarPadding(body.length);
  yield tarEnd;
}

interface DatabaseRead {
  counts: { accounts: number | null; orders: number | null };
  /** the storage keys the rows name */
  keys: Set<string>;
}

async function readDatabase(db: Db): Promise<DatabaseRead> {
  const [migrated] = await queryRows<{ yes: boolean }>(
    db,
    sql`select to_regclass('public.orders') is not null and to_regclass('public.users') is not null as yes`,
  );
  // a database never migrated: still worth a copy
  if (!migrated?.yes) return { counts: { accounts: null, orders: null }, keys: new Set() };
  const [row] = await queryRows<{ accounts: number; orders: number }>(
    db,
    sql`select (select count(*) from ${users})::int as accounts, (select count(*) from ${orders})::int as orders`,
  );
  return { counts: { accounts: row?.accounts ?? null, orders: row?.orders ?? null }, keys: await referencedKeys(db) };
}

/**
 * pg_dump into `dumpFile` and what its rows name, both from one read-only snapshot; `beforeDump`
 * gets what was read first (the files it names are held before the slow dump, not after).
 */
async function dumpWithSnapshot(url: string, dumpFile: string, beforeDump: (read: DatabaseRead) => Promise<void>): Promise<DatabaseRead> {
  const database = openPostgres(url, 1);
  try {
    return await database.db.transaction(
      async (tx) => {
        const [{ snapshot }] = (await queryRows<{ snapshot: string }>(tx as unknown as Db, sql`select pg_export_snapshot() as snapshot`)) as [
          { snapshot: string },
        ];
        const read = await readDatabase(tx as unknown as Db);
        await beforeDump(read);
        // the exported snapshot lives as long as this transaction: pg_dump reads exactly these rows
        await dumpPostgres(url, dumpFile, snapshot);
        return read;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } finally {
    await database.close();
  }
}

function exists(file: string): boolean {
  return fs.existsSync(file);
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function describeCounts(counts: Manifest['counts']): string {
  const known = (value: number | null, word: string) => (value === null ? `? ${word}` : `${value} ${word}`);
  return `${known(counts.accounts, 'accounts')}, ${known(counts.orders, 'orders')}`;
}

function secretsNotice(config: Config, included: string[], encrypted: boolean): string[] {
  const lines = [
    'Not in the archive: AUTH_SECRET and FILE_ENCRYPTION_KEYS from the environment' +
      ` (set now: ${['AUTH_SECRET', 'FILE_ENCRYPTION_KEYS'].filter((name) => config[name as 'AUTH_SECRET' | 'FILE_ENCRYPTION_KEYS']).join(', ') || 'neither'}).` +
      ' Back them up separately (a secret manager): without the file key the stored files cannot be read, and under another AUTH_SECRET everyone is signed out.',
  ];
  if (included.includes('file-encryption-key') && !encrypted) {
    lines.push(
      'The archive holds DATA_DIR/file-encryption-key, the key of the stored files beside them: keep it as private as the files (encrypted, off this machine), or set BACKUP_PASSPHRASE to encrypt the archive.',
    );
  }
  return lines;
}

export interface BackupOptions {
  /** BACKUP_PASSPHRASE: the archive is encrypted under it (archive-cipher.ts) */
  passphrase?: string;
  /** write the archive even when rows name files storage lacks (listed in its manifest) */
  acceptMissingFiles?: boolean;
  /** called when the files are held and when the database is read: the stages the race tests act in */
  onStage?: (stage: 'files-held' | 'database-read') => Promise<void> | void;
}

const listed = (keys: string[]) => `${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ` and ${keys.length - 5} more` : ''}`;

/**
 * Writes the backup archive to `file` (which must not exist yet): the archive appears whole or
 * not at all. On the embedded database it refuses while the app runs (EmbeddedDatabaseBusyError).
 */
export async function backup(config: Config, file: string, report: Report = () => undefined, options: BackupOptions = {}): Promise<BackupResult> {
  const target = path.resolve(file);
  if (exists(target)) throw new BackupError(`${target} already exists: a backup never overwrites a file; choose a new name.`);
  if (isInside(target, config.dbDir) || isInside(target, config.filesDir))
    throw new BackupError(`${target} is inside the directories being backed up: write the archive elsewhere.`);
  const dataDir = path.resolve(config.DATA_DIR);
  const embedded = !config.DATABASE_URL;
  if (embedded && !exists(path.join(config.dbDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${config.dbDir}: nothing to back up (is DATA_DIR right?).`);
  // before anything is read: a short passphrase is refused at once
  const encrypt = options.passphrase === undefined ? undefined : await encryptingStream(options.passphrase);

  let release: () => void = () => undefined;
  if (embedded) {
    try {
      release = lockEmbeddedDatabase(dataDir);
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
      throw new EmbeddedDatabaseBusyError(
        `Backup refused: the embedded database in ${dataDir} is in use${error.holder ? ` by process ${error.holder}` : ''} (the app is running). ` +
          'It belongs to one process at a time, and a copy taken while it writes would not restore: stop the app first, then run the backup again.',
        error.holder,
      );
    }
  }
  const temp = `${target}.partial-${process.pid}`;
  const dumpFile = `${target}.pgdump-${process.pid}`;
  const heldDir = path.join(dataDir, `.backup-files-${process.pid}`);
  const withFiles = !config.S3_BUCKET;
  try {
    const sources: Source[] = [];
    const files = fileHold(config.filesDir, heldDir);
    if (withFiles) await files.holdAll();
    await options.onStage?.('files-held');
    const missing: string[] = [];
    // a file stored after the hold whose row the snapshot holds (a put writes the file before the row)
    const holdNamed = async ({ keys }: DatabaseRead) => {
      if (withFiles) for (const key of [...keys].sort()) if (!(await files.hold(key))) missing.push(key);
    };
    let read: DatabaseRead;
    if (embedded) {
      // opened and closed again under the lock: read, and shut down cleanly (checkpointed)
      const database = await openPglite(config.dbDir, { seed: '' });
      try {
        read = await readDatabase(database.db);
      } finally {
        await database.close();
      }
      await holdNamed(read);
      sources.push(...(await walk(config.dbDir, 'data/db')));
    } else {
      report(`Dumping ${describeDatabase(config.DATABASE_URL!)} with pg_dump --format=custom...`);
      read = await dumpWithSnapshot(config.DATABASE_URL!, dumpFile, holdNamed);
      sources.push({ path: dumpName, type: 'file', absolute: dumpFile });
    }
    await options.onStage?.('database-read');
    if (withFiles) {
      if (missing.length > 0 && !options.acceptMissingFiles) {
        throw new BackupError(
          `Backup failed: ${missing.length} stored file(s) the database names are not in ${config.filesDir} (${listed(missing)}). ` +
            'A restore of this backup would have rows naming files it lacks, so no archive was written. Find the files (another DATA_DIR, an older backup) ' +
            'and run the backup again, or run it with --accept-missing-files to write it anyway with the missing files listed in its manifest.',
        );
      }
      if (files.held.size > 0) sources.push(...(await walk(heldDir, 'data/files')));
    }
    const included = keyFiles.filter((name) => exists(path.join(dataDir, name)));
    for (const name of included) sources.push({ path: `data/${name}`, type: 'file', absolute: path.join(dataDir, name) });

    const base = {
      format,
      version: formatVersion,
      createdAt: new Date().toISOString(),
      database: embedded ? 'pglite' : 'postgres',
      storedFiles: config.S3_BUCKET ? 's3' : 'archive',
      counts: {
        ...read.counts,
        storedFiles: 0,
        databaseFiles: sources.filter((source) => source.type === 'file' && source.path.startsWith('data/db/')).length,
      },
      keyFiles: [...included],
      ...(missing.length > 0 ? { missingFiles: missing } : {}),
    } satisfies Omit<Manifest, 'directories' | 'entries'>;
    const bytes = archiveBytes(sources, base);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await pipeline(
      async function* () {
        for await (const chunk of bytes) yield chunk;
      },
      createGzip(),
      encrypt ?? new PassThrough(),
      fs.createWriteStream(temp, { mode: 0o600, flags: 'wx' }),
    );
    // read back and checked as a restore checks it: what was written is what restores
    const manifest = await verifyArchive(temp, options.passphrase);
    await fs.promises.rename(temp, target);
    const size = (await fs.promises.stat(target)).size;

    const database = embedded ? `the embedded database (${manifest.counts.databaseFiles} files)` : 'the PostgreSQL dump';
    const stored = withFiles ? `, ${manifest.counts.storedFiles} stored files (every one its rows name)` : '';
    const keys = included.length > 0 ? `, ${included.map((name) => `DATA_DIR/${name}`).join(' and ')}` : '';
    report(
      `Wrote ${target} (${(size / 1024 / 1024).toFixed(1)} MB${encrypt ? ', encrypted under BACKUP_PASSPHRASE' : ''}): ${database}${stored}${keys}; ${describeCounts(manifest.counts)}; a manifest with the sha256 of each of its ${manifest.entries.length} entries.`,
    );
    if (missing.length > 0)
      report(
        `WARNING: ${missing.length} stored file(s) the database names were missing and are not in the archive (listed in its manifest): ${listed(missing)}.`,
      );
    if (config.S3_BUCKET)
      report(
        `The stored files are in the S3 bucket ${config.S3_BUCKET} and are not copied: bucket versioning (with a lifecycle rule for old versions) covers them (docs/deploy.md#backups).`,
      );
    for (const line of secretsNotice(config, included, Boolean(encrypt))) report(line);
    report('Not in the archive either: DATA_DIR/outbox (copies of the emails written as .eml files).');
    return { file: target, bytes: size, manifest };
  } finally {
    release();
    await fs.promises.rm(temp, { force: true });
    await fs.promises.rm(dumpFile, { force: true });
    await fs.promises.rm(heldDir, { recursive: true, force: true });
  }
}

/**
 * Reads a whole archive and checks every entry against its manifest, writing nothing: what
 * `restore` checks before it writes. Resolves with the manifest; a mismatch is a BackupError.
 */
export async function verifyArchive(file: string, passphrase?: string): Promise<Manifest> {
  return readArchive(path.resolve(file), passphrase, async (entry) => {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of entry.content()) {
      hash.update(chunk);
      size += chunk.length;
    }
    return { size, sha256: hash.digest('hex') };
  });
}

/**
 * Every entry of the archive, each file handed to `onFile` (which reads its content and answers
 * its size and sha256), then the manifest checked against what was read.
 */
async function readArchive(
  archive: string,
  passphrase: string | undefined,
  onFile: (entry: ArchiveEntry) => Promise<{ size: number; sha256: string }>,
  onDirectory: (name: string) => Promise<void> = async () => undefined,
): Promise<Manifest> {
  const found = new Map<string, { size: number; sha256: string }>();
  const directories = new Set<string>();
  let manifestBytes: Buffer | undefined;
  await scanArchive(archive, passphrase, async (entry) => {
    if (manifestBytes) throw new BackupError(`${archive} has entries after its manifest: it is not a backup this command made. Nothing was restored.`);
    if (entry.path === manifestName) {
      manifestBytes = Buffer.concat(await collect(entry.content()));
      return;
    }
    if (entry.path !== dumpName && entry.path !== 'data' && !entry.path.startsWith('data/')) {
      throw new BackupError(`${archive} holds an unexpected entry (${entry.path}): it is not a backup this command made. Nothing was restored.`);
    }
    if (entry.type === 'directory') {
      directories.add(entry.path);
      await onDirectory(entry.path);
      return;
    }
    if (found.has(entry.path)) throw new BackupError(`${archive} holds ${entry.path} twice. Nothing was restored.`);
    found.set(entry.path, await onFile(entry));
  });
  return checkManifest(archive, manifestBytes, found, directories);
}

async function collect(chunks: AsyncIterable<Buffer>, limit = 64 * 1024 * 1024): Promise<Buffer[]> {
  const all: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > limit) throw new BackupError('the manifest of the archive is impossibly large');
    all.push(chunk);
  }
  return all;
}

type ArchiveEntry = { path: string; type: 'file' | 'directory'; size: number; content(): AsyncGenerator<Buffer> };

/** Every entry of a .tar.gz, its path checked; a damaged or truncated archive is a BackupError. */
async function scanArchive(file: string, passphrase: string | undefined, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  let start: Buffer;
  try {
    const handle = await fs.promises.open(file, 'r');
    try {
      const buffer = Buffer.alloc(magicLength);
      start = buffer.subarray(0, (await handle.read(buffer, 0, magicLength, 0)).bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    throw new BackupError(`No archive to read at ${file}`);
  }
  const encrypted = isEncryptedArchive(start);
  if (encrypted && passphrase === undefined)
    throw new BackupError(`${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with. Nothing was restored.`);
  const source = fs.createReadStream(file);
  const gunzip = encrypted
    ? pipeStreams(source, decryptingStream(passphrase!, file), createGunzip(), () => undefined)
    : pipeStreams(source, createGunzip(), () => undefined);
  try {
    for await (const entry of readTar(gunzip)) {
      const name = entry.path;
      const parts = name.split('/');
      if (!name || name.startsWith('/') || name.includes('\\') || parts.some((part) => part === '' || part === '.' || part === '..')) {
        throw new BackupError(
          `${file} holds an entry with an unsafe name (${JSON.stringify(name)}): it is not a backup this command made; nothing was restored.`,
        );
      }
      await onEntry(entry);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof TarError || (typeof code === 'string' && code.startsWith('Z_'))) {
      throw new BackupError(`${file} is damaged or truncated (${(error as Error).message}): nothing was restored.`);
    }
    throw error;
  }
}

/** DATA_DIR to restore into: absent, or an empty directory. */
function assertEmptyOrAbsent(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (names.length > 0) {
    throw new BackupError(
      `Restore refused: ${dir} is not empty (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}). A restore never mixes with existing data: move DATA_DIR aside (or point DATA_DIR at a new directory) and run it again.`,
    );
  }
}

export interface RestoreResult {
  manifest: Manifest;
  dataDir: string | undefined;
}

/**
 * Restores `file`: verified against its manifest before anything is written where the app reads
 * it. The embedded database needs an empty or absent DATA_DIR; with DATABASE_URL, an empty database
 * (and an empty DATA_DIR when the archive holds stored or key files).
 */
export async function restore(
  config: Config,
  file: string,
  report: Report = () => undefined,
  { passphrase }: Pick<BackupOptions, 'passphrase'> = {},
): Promise<RestoreResult> {
  const archive = path.resolve(file);
  const dataDir = path.resolve(config.DATA_DIR);
  const url = config.DATABASE_URL;
  if (!url) assertEmptyOrAbsent(dataDir);
  else if (!(await isEmptyPostgres(url))) {
    throw new BackupError(
      `Restore refused: the database ${describeDatabase(url)} is not empty. Restore into a new, empty database (createdb), then point DATABASE_URL at it.`,
    );
  }
  const staging = `${dataDir}.restoring-${process.pid}`;
  await fs.promises.rm(staging, { recursive: true, force: true });
  await fs.promises.mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const into = (name: string) => path.join(staging, ...name.split('/'));
    const manifest = await readArchive(
      archive,
      passphrase,
      async (entry) => {
        const target = into(entry.path);
        await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        const hash = createHash('sha256');
        let size = 0;
        await pipeline(
          async function* () {
            for await (const chunk of entry.content()) {
              hash.update(chunk);
              size += chunk.length;
              yield chunk;
            }
          },
          fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }),
        );
        return { size, sha256: hash.digest('hex') };
      },
      async (name) => {
        await fs.promises.mkdir(into(name), { recursive: true, mode: 0o700 });
      },
    );

    if (manifest.database === 'postgres' && !url) {
      throw new BackupError(`${archive} holds a PostgreSQL dump: set DATABASE_URL to a new, empty database to restore it into. Nothing was restored.`);
    }
    if (manifest.database === 'pglite' && url) {
      throw new BackupError(`${archive} holds an embedded database: unset DATABASE_URL to restore it into an empty DATA_DIR. Nothing was restored.`);
    }
    const hasData =
      manifest.directories.some((name) => name === 'data' || name.startsWith('data/')) || manifest.entries.some((entry) => entry.path.startsWith('data/'));
    // checked again: the archive took a while to read
    if (hasData) assertEmptyOrAbsent(dataDir);
    if (url) {
      report(`Restoring the PostgreSQL dump into ${describeDatabase(url)} with pg_restore (one transaction)...`);
      await restorePostgres(url, path.join(staging, dumpName), path.join(staging, 'restore.list'));
    }
    if (hasData) {
      // an empty DATA_DIR gives way; rename never replaces a directory that is not empty
      if (exists(dataDir)) await fs.promises.rmdir(dataDir);
      await fs.promises.mkdir(path.dirname(dataDir), { recursive: true });
      await fs.promises.rename(path.join(staging, 'data'), dataDir);
    }

    const parts = [
      manifest.database === 'pglite' ? `the embedded database into ${config.dbDir}` : `the PostgreSQL dump into ${describeDatabase(url!)}`,
      manifest.storedFiles === 'archive' ? `${manifest.counts.storedFiles} stored files into ${config.filesDir}` : undefined,
      manifest.keyFiles.length > 0 ? manifest.keyFiles.map((name) => `DATA_DIR/${name}`).join(' and ') : undefined,
    ].filter(Boolean);
    report(
      `Restored ${archive}, made ${manifest.createdAt} (${describeCounts(manifest.counts)}), checked against its manifest (${manifest.entries.length} entries, sha256): ${parts.join(', ')}.`,
    );
    if (manifest.missingFiles?.length)
      report(
        `WARNING: the backup was written without ${manifest.missingFiles.length} stored file(s) its rows name (they were missing then): ${listed(manifest.missingFiles)}.`,
      );
    if (manifest.storedFiles === 's3')
      report(
        'The stored files were not in the archive: they are in the S3 bucket; restore its versions from about the same time if needed (docs/deploy.md#backups).',
      );
    if (manifest.keyFiles.includes('file-encryption-key') && config.FILE_ENCRYPTION_KEYS) {
      report(
        'FILE_ENCRYPTION_KEYS is set, so the restored DATA_DIR/file-encryption-key is not used: add its line to FILE_ENCRYPTION_KEYS (after the first key) if the files were written under it.',
      );
    }
    report('Start the app with the AUTH_SECRET and FILE_ENCRYPTION_KEYS it had when the backup was made (they are never in the archive).');
    return { manifest, dataDir: hasData ? dataDir : undefined };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

function checkManifest(archive: string, bytes: Buffer | undefined, found: Map<string, { size: number; sha256: string }>, directories: Set<string>): Manifest {
  if (!bytes) throw new BackupError(`${archive} has no manifest (truncated, or not a backup this command made): nothing was restored.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new BackupError(`${archive} has a damaged manifest: nothing was restored.`);
  }
  if (manifest?.format !== format) throw new BackupError(`${archive} is not a backup this command made: nothing was restored.`);
  if (manifest.version !== formatVersion)
    throw new BackupError(
      `${archive} is a backup of format version ${manifest.version}; this version reads ${formatVersion}. Restore it with the version of the app that made it. Nothing was restored.`,
    );
  const problems: string[] = [];
  for (const entry of manifest.entries) {
    const seen = found.get(entry.path);
    if (!seen) problems.push(`${entry.path} is missing`);
    else if (seen.size !== entry.size || seen.sha256 !== entry.sha256) problems.push(`${entry.path} differs (sha256 mismatch)`);
  }
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  for (const name of found.keys()) if (!listed.has(name)) problems.push(`${name} is not in the manifest`);
  for (const name of manifest.directories) if (!directories.has(name)) problems.push(`the directory ${name} is missing`);
  if (manifest.database === 'pglite' && !found.has('data/db/PG_VERSION')) problems.push('the embedded database is missing');
  if (manifest.database === 'postgres' && !found.has(dumpName)) problems.push('the PostgreSQL dump is missing');
  if (problems.length > 0) {
    throw new BackupError(
      `${archive} does not match its manifest (${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; ${problems.length - 3} more` : ''}): it is damaged or was changed. Nothing was restored.`,
    );
  }
  return manifest;
}
