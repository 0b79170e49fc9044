import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { countCap } from '@shared/list-counts';
import type { Db } from './client';

/**
 * How many rows of `table` match `where`, counted up to the cap (@shared/list-counts): the first
 * countCap matches are read in `order`, which the caller gives as the order of an index that serves
 * `where` (a list's keyset order), so the count reads at most countCap index entries at any size.
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined, order: (SQL | PgColumn)[]): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(table).where(where).orderBy(...order).limit(countCap).as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}
