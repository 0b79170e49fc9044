import { inArray, isNotNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { dataExports, documents, orderMessageAttachments, orders } from '../../db/schema';

/**
 * Every column holding a storage key, with its table. A new one must be added here, or the file
 * sweeper (sweeper.ts) deletes its files and a backup (platform/backup/backup.ts) may miss them.
 */
const keyColumns: readonly [PgTable, PgColumn][] = [
  // an order's identity documents
  [orders, orders.ssnDocKey],
  [orders, orders.passportKey],
  [orders, orders.otherIdKey],
  // the documents the team adds (and the filing packet publishes)
  [documents, documents.storageKey],
  // a file attached to an order's thread
  [orderMessageAttachments, orderMessageAttachments.storageKey],
  // a data export's ZIP: referenced once ready; the cleanup deletes it when it expires
  [dataExports, dataExports.storageKey],
];

/**
 * The storage keys some row names: among `keys`, or every one when `keys` is absent. Run inside
 * a transaction it reads that transaction's snapshot (what a backup's dump holds).
 */
export async function referencedKeys(db: Db, keys?: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (keys?.length === 0) return found;
  for (const [table, column] of keyColumns) {
    const rows = await db
      .select({ key: column })
      .from(table)
      .where(keys ? inArray(column, keys) : isNotNull(column));
    for (const row of rows) if (typeof row.key === 'string') found.add(row.key);
  }
  return found;
}
