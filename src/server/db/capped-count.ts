import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { countCap } from '@shared/list-counts';
import type { Db } from './client';

/**
 * How many rows of `table` match `where`, counted up to the cap (@shared/list-counts), so a count
 * reads at most countCap (or `cap`) matches at any size. Without `order` the planner reads them however is
 * cheapest; with it, in that order, which the caller gives when an index in that order holds
 * every column of `where` (an index-only scan, no table reads).
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  { order = [], cap = countCap }: { order?: (SQL | PgColumn)[]; cap?: number } = {},
): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(cap)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}
