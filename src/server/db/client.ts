import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { AppError } from '@shared/app-error';
import { runDataMigrations } from './data-migrations';
import { extractSeed } from './seed-tarball';
import pg from 'pg';
import { PgListener } from './pg-listener';
import { currentQueryTally, tallyMethod, tallyPromise, type QueryTally } from './query-timing';
import { schema, type Db } from './schema';

/** One type for both drivers: feature code never knows which engine it talks to. */
export type { Db };

/**
 * A query built (and, on PostgreSQL, parsed and planned once per connection) the first time it
 * runs on a database, then reused: for the queries of every signed-in request (ADR 0013).
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}

/** Raw SQL rows, the same shape on both drivers. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Stops one `listen` subscription. */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on `channel` (the live stream): `onNotify` gets the payload of each NOTIFY
   * committed from then on, by any instance. On PostgreSQL one dedicated connection outside the
   * pool serves every channel and is made again if it drops, after which `onReconnect` runs:
   * notifications sent meanwhile are lost, so the subscriber catches up from its table. On PGlite
   * it is PGlite's own in-process `listen`, which never drops. Ends with `close()`.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  /** PostgreSQL's connection pool now (/metrics); PGlite has one connection and no pool */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** drizzle/ sits at the repo root; found from src/server/db and from the dist bundle alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

// An arbitrary constant: serialises migrations when several instances start at once.
const migrationLockId = 4_242_001;

/**
 * The database could not give this request a connection in time (every connection busy, or the
 * server unreachable): nothing the request did wrong, so a 503 that says when to retry, never a 500
 *. The error handler sends `retryAfterSeconds` as `Retry-After`.
 */
export class DatabaseUnavailableError extends AppError {
  readonly retryAfterSeconds = 2;
  constructor(readonly reason: unknown) {
    super('unavailable');
  }
}

/**
 * The server went away under a connection the request held (a restart, a failover): its
 * shutdown codes (57P01-57P03), a connection exception (class 08), or node-postgres finding the
 * socket gone. The same 503 as no connection at all; any other error of a query stays a 500.
 */
function connectionLost(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(57P0[123]|08\w{3}|ECONNRESET|ECONNREFUSED|EPIPE)$/.test(code)) return true;
  return /^(Connection terminated|Client has encountered a connection error and is not queryable)/.test(error.message);
}

/** The DatabaseUnavailableError behind `error`, through the causes that wrap it (drizzle's DrizzleQueryError, an auth library's). */
export function databaseUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause instanceof DatabaseUnavailableError) return cause;
    if (connectionLost(cause)) return new DatabaseUnavailableError(cause);
  }
  return undefined;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (release?: unknown) => void) => void;

/**
 * node-postgres' pool, whose failures to hand out a connection are DatabaseUnavailableError:
 * `pool.query` and drizzle's transactions both go through `connect`, in its callback and promise
 * forms. Errors of a query on a connection it got (a constraint, a syntax error) are untouched.
 */
class Pool extends pg.Pool {
  // the overloads of pg.Pool#connect, kept as they are
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect((error, client, release) => callback(error && new DatabaseUnavailableError(error), client, release));
    // a transaction's connection: its wait and its queries count for the request that asked (query-timing.ts)
    const tally = currentQueryTally();
    const connected = super.connect().then(survivesServerLoss, (error: unknown) => {
      throw new DatabaseUnavailableError(error);
    });
    return tally ? tallyPromise(tally, connected, 'connect').then((client) => tallyCheckout(client, tally)) : connected;
  }
}

/** `pool.query` (drizzle's queries outside transactions), wait for a connection included, counts for the request that asked. */
function tallyPoolQueries(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    return result instanceof Promise ? tallyPromise(currentQueryTally(), result) : result;
  }) as typeof pool.query;
}

const listening = Symbol('listening');

/**
 * A checked-out connection whose server goes away between two queries of a transaction (a restart:
 * the server ends every backend) emits 'error' with no query to fail, and the pool listens only to
 * idle ones: unheard, that event would end the process. Heard here, the next query fails instead
 * (a 503, see connectionLost) and the pool drops the connection when it is released.
 */
function survivesServerLoss(client: pg.PoolClient & { [listening]?: true }): pg.PoolClient {
  if (!client[listening]) {
    client[listening] = true;
    client.on('error', () => undefined);
  }
  return client;
}

const checkoutTally = Symbol('checkoutTally');
type TalliedClient = pg.PoolClient & { [checkoutTally]?: QueryTally };

/** The queries of one checkout of `client` add to `tally`; the pool hands out a new `release` each time, which ends it. */
function tallyCheckout(client: TalliedClient, tally: QueryTally): pg.PoolClient {
  if (!(checkoutTally in client)) {
    const query = client.query;
    client.query = function (this: TalliedClient, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      // a checkout of pool.query's own (untallied) is timed by pool.query already
      return result instanceof Promise && client[checkoutTally] ? tallyPromise(client[checkoutTally], result) : result;
    } as typeof client.query;
  }
  client[checkoutTally] = tally;
  const release = client.release;
  client.release = (error?: Error | boolean) => {
    client[checkoutTally] = undefined;
    release(error);
  };
  return client;
}

export function openPostgres(url: string, poolSize = 10, { connectionTimeoutMillis = 5000 } = {}): Database {
  const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  tallyPoolQueries(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new PgListener(url);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockId]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        await runDataMigrations(db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify, onReconnect) => listener.listen(channel, onNotify, onReconnect),
    poolStats: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * A data directory initialised and migrated at build time (scripts/build-pglite-seed.ts), next
 * to the server bundle: a fresh DATA_DIR starts from it instead of running initdb and every
 * migration (seconds, and memory that stays with the process). Absent when running from source.
 */
export function pgliteSeedFile(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), pgliteSeedName);
}
export const pgliteSeedName = 'pglite-seed.tar.gz';

/**
 * PostgreSQL's own cache: PGlite's default (128 MB) is sized for a database server; the embedded
 * default serves one small business, and the OS page cache still holds the files. PGlite touches
 * every page of it at start, so each MB here is a MB of resident memory: 16 MB saved 18 MB against
 * 32 MB, with the administrators' searches over 20,000 orders as fast (ADR 0019).
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Embedded PostgreSQL (WASM). `dataDir` undefined = in memory (tests). */
export async function openPglite(dataDir: string | undefined, { seed = pgliteSeedFile() }: { seed?: string } = {}): Promise<Database> {
  const fresh = !dataDir || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const seeded = fresh && fs.existsSync(seed);
  // on disk the seed's files are written directly (seed-tarball.ts); in memory PGlite loads them
  if (dataDir && seeded) await extractSeed(seed, dataDir);
  else if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const loadDataDir = !dataDir && seeded ? new Blob([fs.readFileSync(seed)]) : undefined;
  // pg_trgm backs the administrators' substring search, as on PostgreSQL
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: pgliteStartParams, loadDataDir });
  // what drizzle calls: a transaction is timed whole, its queries go through its own `tx`
  for (const method of ['query', 'exec', 'transaction'] as const)
    tallyMethod(client as unknown as Record<typeof method, (...args: never[]) => Promise<unknown>>, method);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
      await runDataMigrations(db);
    },
    async ping() {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    async listen(channel, onNotify) {
      if (closed) throw new Error('database closed');
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** A fresh embedded database, initialised and migrated from this tree, as a gzipped data-directory tarball. */
export async function buildMigratedSeed(): Promise<Buffer> {
  // from scratch: a seed built from an older seed would carry its history
  const database = await openPglite(undefined, { seed: '' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'gzip'): Promise<Blob> } }).$client;
  const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  await database.close();
  return tarball;
}
