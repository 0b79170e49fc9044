import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Database } from '../../db/client';

/**
 * The first key of every job's advisory lock; the second is hashtext(job name). Two-key locks live
 * apart from the one-key locks of the migrations (4_242_001) and the file sweep (4_242_002).
 */
const jobLockSpace = 4242;
const tryLockSql = 'select pg_try_advisory_lock($1, hashtext($2)) as done';
const unlockSql = 'select pg_advisory_unlock($1, hashtext($2)) as done';

/** A lock per job name that holds across instances (ADR 0022): one instance runs a job at a time. */
export interface JobLocks {
  /** true when this instance now holds the job's lock; false when another one does */
  tryLock(name: string): Promise<boolean>;
  unlock(name: string): Promise<void>;
}

/**
 * On PostgreSQL, session-level advisory locks on ONE connection taken from the pool while any lock
 * is held (not one connection per running job, which could starve the pool), given back when none
 * is. If that connection drops, PostgreSQL releases its locks; the runs under way finish unlocked,
 * and the next period is still claimed once (job_runs.next_run_at).
 */
class SessionLocks implements JobLocks {
  private session: Promise<pg.PoolClient> | undefined;
  private current: pg.PoolClient | undefined;
  private readonly held = new Set<string>();
  private inFlight = 0;

  constructor(private readonly pool: pg.Pool) {}

  private connect(): Promise<pg.PoolClient> {
    this.session ??= this.pool.connect().then(
      (client) => {
        // a checked-out client's error would otherwise crash the process
        client.on('error', this.onError);
        this.current = client;
        return client;
      },
      (error: unknown) => {
        // not kept: the next call tries again
        this.session = undefined;
        throw error;
      },
    );
    return this.session;
  }

  private readonly onError = () => {
    if (this.current) this.drop(this.current, true);
  };

  /** Gives the connection back (destroys it after an error); the locks it held go with it. */
  private drop(client: pg.PoolClient, broken: boolean) {
    if (this.current !== client) return;
    this.current = undefined;
    this.session = undefined;
    this.held.clear();
    client.off('error', this.onError);
    client.release(broken ? new Error('job lock connection lost') : undefined);
  }

  private async query(text: string, name: string, update: (done: boolean) => void): Promise<boolean> {
    this.inFlight += 1;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.connect();
      const result = await client.query<{ done: boolean }>(text, [jobLockSpace, name]);
      const done = result.rows[0]?.done === true;
      update(done);
      return done;
    } catch (error) {
      if (client) this.drop(client, true);
      throw error;
    } finally {
      this.inFlight -= 1;
      if (client && this.held.size === 0 && this.inFlight === 0) this.drop(client, false);
    }
  }

  tryLock(name: string): Promise<boolean> {
    if (this.held.has(name)) return Promise.resolve(false);
    return this.query(tryLockSql, name, (locked) => {
      if (locked) this.held.add(name);
    });
  }

  async unlock(name: string): Promise<void> {
    // not held any more: the connection was lost, and its locks with it
    if (!this.held.delete(name)) return;
    await this.query(unlockSql, name, () => undefined);
  }
}

/** The embedded database is one process and one session (db/embedded-lock.ts): the same SQL on it. */
function embeddedLocks(database: Database): JobLocks {
  return {
    async tryLock(name) {
      const [row] = await queryRows<{ done: boolean }>(database.db, sql`select pg_try_advisory_lock(${jobLockSpace}, hashtext(${name})) as done`);
      return row?.done === true;
    },
    async unlock(name) {
      await database.db.execute(sql`select pg_advisory_unlock(${jobLockSpace}, hashtext(${name}))`);
    },
  };
}

export function jobLocks(database: Database): JobLocks {
  if (database.kind === 'pglite') return embeddedLocks(database);
  return new SessionLocks((database.db as unknown as { $client: pg.Pool }).$client);
}
