import { lt, sql } from 'drizzle-orm';
import { preparedPerDatabase, queryRows, type Db } from './client';
import { userChanges } from './schema';

/**
 * Per-process caches that answer as fresh as a database read (ADR 0013 amendment).
 *
 * Triggers (drizzle/0012) write a `user_changes` row, inside the changing transaction, for every
 * change to a user, their sessions or their orders, whichever instance or tool makes it. A
 * freshness check is ONE statement: the users changed by transactions its previous snapshot could
 * not see, and a new snapshot. A cached value is used only after a check that STARTED after the
 * request arrived has dropped every changed user's entries, so anything committed before the
 * request (a sign-out, a reset, a demotion, a paid order, on any instance) is seen, as a query
 * would see it. Requests share checks: each one serves every request that arrived while the
 * previous one ran, so under load a round trip serves many requests instead of one.
 */
export interface Freshness {
  /** Resolves once a check started after this call has applied every change committed before it. */
  sync(): Promise<void>;
  /** Taken before a read whose answer will be cached; see UserCache.set. */
  mark(): number;
  /** Whether no change was applied since `mark` was taken. */
  unchangedSince(mark: number): boolean;
  /** `drop` is told the users changed, or 'all' when the changes are unknown. */
  subscribe(drop: (users: readonly string[] | 'all') => void): void;
}

/** What a TRUNCATE of users, sessions or orders writes: it names no user, so every entry goes. */
const everyUser = '*';

interface Options {
  /**
   * A check after a longer silence may have lost rows to pruneUserChanges (it keeps a day), so
   * every cached entry is dropped instead.
   */
  staleAfterMs?: number;
  now?: () => number;
}

/**
 * The check: a new snapshot, and the users changed by transactions `previous` could not see (those
 * below its xmin had all ended, and were seen, when it was taken). Prepared: parsed and planned
 * once per connection, as it runs for every batch of signed-in requests.
 */
const changesSince = preparedPerDatabase((db) =>
  db
    .select({ snapshot: sql<string>`pg_current_snapshot()::text`, users: sql<string[]>`coalesce(array_agg(distinct ${userChanges.userId}), '{}')` })
    .from(userChanges)
    .where(
      sql`${userChanges.xid} >= pg_snapshot_xmin(${sql.placeholder('previous')}::pg_snapshot) and not pg_visible_in_snapshot(${userChanges.xid}, ${sql.placeholder('previous')}::pg_snapshot)`,
    )
    .prepare('user_changes_since'),
);

export function createFreshness(db: Db, { staleAfterMs = 30 * 60_000, now = Date.now }: Options = {}): Freshness {
  let snapshot: string | undefined;
  let checkedAt = 0;
  let generation = 0;
  const listeners: ((users: readonly string[] | 'all') => void)[] = [];
  const apply = (users: readonly string[] | 'all') => {
    generation++;
    for (const drop of listeners) drop(users);
  };

  async function check(): Promise<void> {
    const started = now();
    const previous = snapshot !== undefined && started - checkedAt <= staleAfterMs ? snapshot : undefined;
    if (previous === undefined) {
      // first check, or after a long silence: start from a snapshot and forget what was cached before it
      const [row] = await queryRows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
      apply('all');
      snapshot = row!.snapshot;
    } else {
      const [row] = await changesSince(db).execute({ previous });
      const { users } = row!;
      if (users.length > 0) apply(users.includes(everyUser) ? 'all' : users);
      snapshot = row!.snapshot;
    }
    checkedAt = started;
  }

  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const ignore = () => undefined;
  function sync(): Promise<void> {
    if (!running) {
      running = check().finally(() => (running = undefined));
      return running;
    }
    // the running check began before this call: wait for the next, shared by every call until it starts
    next ??= running.then(ignore, ignore).then(() => {
      next = undefined;
      return sync();
    });
    return next;
  }

  return {
    sync,
    mark: () => generation,
    unchangedSince: (mark) => mark === generation,
    subscribe: (drop) => void listeners.push(drop),
  };
}

/**
 * A bounded map of values that belong to users (a session's verdict, an order list), emptied of
 * a user's entries when a freshness check sees the user change. `fresh` is the only way to read.
 */
export class UserCache<V> {
  private readonly entries = new Map<string, { userId: string; value: V }>();
  private readonly keysOf = new Map<string, Set<string>>();

  constructor(
    private readonly freshness: Freshness,
    private readonly maxEntries = 10_000,
  ) {
    freshness.subscribe((users) => {
      if (users === 'all') {
        this.entries.clear();
        this.keysOf.clear();
      } else for (const userId of users) this.dropUser(userId);
    });
  }

  /** The cached value, once a freshness check started after this call has run; undefined when not cached (or the check failed). */
  async fresh(key: string): Promise<V | undefined> {
    if (!this.entries.has(key)) return undefined;
    try {
      await this.freshness.sync();
    } catch {
      // the caller reads the database instead, and reports its error if it fails too
      return undefined;
    }
    return this.entries.get(key)?.value;
  }

  /** The value without a check: only right after `fresh` (of any cache of the same freshness) resolved, in the same task. */
  current(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /**
   * Keeps a value read by a query begun after `mark` was taken, unless a change was applied since:
   * that change may be newer than what the query saw, and its drop has already happened.
   */
  set(key: string, userId: string, value: V, mark: number): void {
    if (!this.freshness.unchangedSince(mark)) return;
    this.delete(key);
    if (this.entries.size >= this.maxEntries) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { userId, value });
    let keys = this.keysOf.get(userId);
    if (!keys) this.keysOf.set(userId, (keys = new Set()));
    keys.add(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysOf.get(entry.userId)!;
    keys.delete(key);
    if (keys.size === 0) this.keysOf.delete(entry.userId);
  }

  private dropUser(userId: string) {
    for (const key of this.keysOf.get(userId) ?? []) this.entries.delete(key);
    this.keysOf.delete(userId);
  }
}

/** How long user_changes rows are kept: far longer than any transaction, or any gap between two checks of a live instance. */
export const userChangesRetentionMs = 24 * 3600_000;

/** Removes the rows every instance has read. The job registry runs it hourly (src/server/jobs.ts). */
export async function pruneUserChanges(db: Db, now = new Date()): Promise<void> {
  await db.delete(userChanges).where(lt(userChanges.at, new Date(now.getTime() - userChangesRetentionMs)));
}
