import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Db } from '../../db/client';
import { referencedKeys } from './references';
import type { Storage, StoredEntry } from './storage';

/**
 * Files are streamed to storage before the transaction that records them (an upload is never held
 * whole in memory), so a crash between the two leaves files no row names. The sweeper removes
 * them: anything stored longer than the grace period that no row references, and every leftover
 * of an interrupted put (a local temp file, an unfinished S3 multipart upload) as old.
 *
 * The grace period is what makes it safe beside live traffic: a submission in flight has written
 * its files less than the grace period ago. References are read after the listing, so a row
 * committed meanwhile is seen. Several instances may sweep at once: on PostgreSQL an advisory lock
 * lets one sweep at a time, and deleting a file twice is harmless anyway.
 */

// An arbitrary constant beside the migrations' (db/client.ts): one sweep at a time across instances.
const sweepLockId = 4_242_002;
const batchSize = 500;

export interface SweepResult {
  /** false when another instance held the lock: this one did nothing */
  swept: boolean;
  /** everything listed: files and leftovers */
  found: number;
  /** orphan files and leftovers removed */
  deleted: number;
  /** stored within the grace period: kept whatever they are */
  young: number;
  referenced: number;
}

export interface SweepOptions {
  database: Database;
  storage: Storage;
  graceMs: number;
  now?: Date;
  log?: FastifyBaseLogger;
  /** ends the sweep after the entry at hand (shutdown); the next sweep picks up the rest */
  signal?: AbortSignal;
}

async function sweep(db: Db, storage: Storage, cutoff: number, { log, signal }: Pick<SweepOptions, 'log' | 'signal'>): Promise<SweepResult> {
  const result: SweepResult = { swept: true, found: 0, deleted: 0, young: 0, referenced: 0 };
  const remove = async (entry: StoredEntry) => {
    try {
      await entry.remove();
      result.deleted += 1;
    } catch (error) {
      // one stubborn file must not stop the sweep; the next one tries again
      log?.warn({ err: error, key: entry.key }, 'file sweep: could not delete');
    }
  };
  let batch: StoredEntry[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const referenced = await referencedKeys(
      db,
      batch.map((entry) => entry.key),
    );
    for (const entry of batch) {
      if (signal?.aborted) break;
      if (referenced.has(entry.key)) result.referenced += 1;
      else await remove(entry);
    }
    batch = [];
  };
  for await (const entry of storage.list()) {
    if (signal?.aborted) return result;
    result.found += 1;
    if (entry.modifiedAt.getTime() > cutoff) result.young += 1;
    // an interrupted put's remains are never served, whatever a row says
    else if (entry.kind === 'leftover') await remove(entry);
    else {
      batch.push(entry);
      if (batch.length >= batchSize) await flush();
    }
  }
  await flush();
  return result;
}

/**
 * One sweep: the job registry's `fileSweep` job (src/server/jobs.ts) runs it every
 * FILE_SWEEP_INTERVAL_MINUTES under its own lock too; `signal` ends it after the file at hand.
 */
export async function sweepOrphanFiles({ database, storage, graceMs, now = new Date(), log, signal }: SweepOptions): Promise<SweepResult> {
  const cutoff = now.getTime() - graceMs;
  // the embedded database has one process by construction (db/embedded-lock.ts), and a
  // transaction held during the sweep would stall its single connection: no lock there
  if (database.kind === 'pglite') return sweep(database.db, storage, cutoff, { log, signal });
  return database.db.transaction(async (tx) => {
    // a transaction-level lock: released by the commit, whichever connection of the pool ran it
    const [row] = await queryRows<{ locked: boolean }>(tx as unknown as Db, sql`select pg_try_advisory_xact_lock(${sweepLockId}) as locked`);
    if (!row?.locked) return { swept: false, found: 0, deleted: 0, young: 0, referenced: 0 };
    return sweep(tx as unknown as Db, storage, cutoff, { log, signal });
  });
}
