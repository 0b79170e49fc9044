import { Readable } from 'node:stream';
import { count, sql } from 'drizzle-orm';
import type { Language } from '@shared/languages';
import { queryRows, type Db } from '../../db/client';
import { launchList } from '../../db/schema';
import { csvLine } from '../../platform/http/csv';

/**
 * Adds an address to the launch list; one already there (in any case) is left as it was, first
 * date and language kept. The answer is the same either way, so the form reveals nothing.
 */
export async function joinLaunchList(db: Db, email: string, language: Language): Promise<void> {
  await db.insert(launchList).values({ email, language }).onConflictDoNothing();
}

export async function launchListCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: count() }).from(launchList);
  return row?.count ?? 0;
}

const batchSize = 1000;

/**
 * The whole list as CSV, oldest first, UTF-8 with a BOM (Excel then reads accents right), CRLF
 * lines. Read in keyset batches of 1,000 as the client takes them: memory stays flat however long
 * the list is, on both databases.
 */
export function launchListCsv(db: Db): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(['email', 'language', 'signed_up_at'])}`;
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const rows = await queryRows<{ id: string; email: string; language: string; created_at: string }>(
        db,
        sql`select id, email, language, created_at::text as created_at from ${launchList}
            ${after ? sql`where (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${batchSize}`,
      );
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine([row.email, row.language, new Date(row.created_at).toISOString()])).join('');
      const last = rows.at(-1)!;
      after = { createdAt: last.created_at, id: last.id };
      if (rows.length < batchSize) return;
    }
  }
  return Readable.from(lines());
}
