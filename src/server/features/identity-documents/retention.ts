import { and, asc, eq, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { orderMilestones, orders } from '../../db/schema';
import { addDays, clearIdentityFiles } from '../../domain/orders/identity-documents';
import { utcDay } from '../../domain/orders/milestones';
import type { Storage } from '../../platform/storage/storage';

const defaultBatchSize = 100;

export interface IdentityRetentionOptions {
  db: Db;
  storage: Storage;
  /** IDENTITY_RETENTION_DAYS: the files go this many days after the EIN's day */
  retentionDays: number;
  now?: Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** aborted on shutdown: the run ends after the batch at hand, and the next run picks up the rest */
  signal?: AbortSignal;
  batchSize?: number;
}

export interface IdentityRetentionResult {
  /** orders whose identity files were deleted (each audited once) */
  orders: number;
  /** files deleted from storage */
  files: number;
  /** files whose deletion failed: no row names them any more, so the orphan sweeper removes them */
  failed: number;
}

/**
 * Deletes the identity documents (SSN proof, passport, other ID) of every order whose
 * EIN was issued `retentionDays` or more days before today (UTC): on the day the customer was told
 * (identityDeletionDay), and of every order a refund closed as many days ago (the
 * service ended, the files have no use left). The administrators' documents (`documents`) are kept.
 *
 * In bounded batches, each one transaction: the orders due are locked with SKIP LOCKED, their keys
 * set to null, `identity_deleted_at` set and one order_audit row written each
 * (`identity_documents_deleted`, reason 'retention'). Two instances running it at once therefore
 * take different orders, and each order is cleared and audited once. The files are deleted after
 * the commit; one that fails is logged and left to the orphan sweeper (platform/storage/sweeper.ts),
 * which removes every stored file no row references once it is older than its grace period.
 */
export async function deleteExpiredIdentityDocuments({
  db,
  storage,
  retentionDays,
  now = new Date(),
  log,
  signal,
  batchSize = defaultBatchSize,
}: IdentityRetentionOptions): Promise<IdentityRetentionResult> {
  // the EIN on or before this day: its files are due today
  const lastEinDay = addDays(utcDay(now), -retentionDays);
  const result: IdentityRetentionResult = { orders: 0, files: 0, failed: 0 };
  const onFile = or(isNotNull(orders.ssnDocKey), isNotNull(orders.passportKey), isNotNull(orders.otherIdKey));
  // a refunded order's files go as many days after its refund, EIN or not
  const lastRefundAt = new Date(Date.parse(`${lastEinDay}T00:00:00Z`) + 86_400_000);
  const sources = [
    // served by orders_identity_on_file_idx (the orders still holding files), each joined to its EIN milestone
    (tx: Db) =>
      tx
        .select({ id: orders.id })
        .from(orderMilestones)
        .innerJoin(orders, eq(orders.id, orderMilestones.orderId))
        .where(and(eq(orderMilestones.milestone, 'ein_issued'), lte(orderMilestones.occurredOn, lastEinDay), isNull(orders.identityDeletedAt), onFile))
        .orderBy(asc(orderMilestones.occurredOn), asc(orders.id))
        .limit(batchSize)
        .for('update', { of: orders, skipLocked: true }),
    // served by orders_identity_on_file_idx, by refund date
    (tx: Db) =>
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(isNotNull(orders.refundedAt), lt(orders.refundedAt, lastRefundAt), isNull(orders.identityDeletedAt), onFile))
        .orderBy(asc(orders.refundedAt), asc(orders.id))
        .limit(batchSize)
        .for('update', { skipLocked: true }),
  ];
  for (const dueOf of sources)
    for (;;) {
      if (signal?.aborted) break;
      const { claimed, cleared } = await db.transaction(async (tx) => {
        const due = await dueOf(tx);
        // locked now: clearIdentityFiles re-reads them under the lock and leaves out any another run cleared meanwhile
        return {
          claimed: due.length,
          cleared: await clearIdentityFiles(
            tx,
            due.map((row) => row.id),
            { now, reason: 'retention', detail: { retentionDays } },
          ),
        };
      });
      for (const { orderId, files } of cleared) {
        for (const [document, key] of Object.entries(files)) {
          try {
            await storage.delete(key);
            result.files += 1;
          } catch (error) {
            result.failed += 1;
            log?.warn({ err: error, orderId, document }, 'identity retention: could not delete a file; the orphan sweeper will');
          }
        }
      }
      result.orders += cleared.length;
      if (cleared.length > 0)
        log?.info({ orders: cleared.length, orderIds: cleared.map((entry) => entry.orderId) }, 'identity documents deleted after the retention period');
      // fewer than a batch: none left, or the rest are another run's (locked) right now
      if (claimed < batchSize) break;
    }
  return result;
}
