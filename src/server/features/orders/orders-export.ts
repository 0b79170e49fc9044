import { Readable } from 'node:stream';
import { and, inArray } from 'drizzle-orm';
import type { TAdminOrderFilters } from '@shared/admin';
import { countryName, nationalityName } from '@shared/countries';
import type { Language } from '@shared/languages';
import { addressLines, orderNumber } from '@shared/order-model';
import type { Db } from '@server/db/client';
import { orders } from '@server/db/schema';
import { translateUncheckedKey } from '@shared/i18n/keys';
import { csvLine } from '@server/platform/http/csv';
import { serverTexts } from '@server/platform/i18n/texts';
import { afterCursor, orderFilters, sortOrder } from './order-filters';

/*
 * GET /api/admin/orders/export.csv: the filtered list for an accountant. Streamed: rows
 * are read in keyset batches (the list's own paging) and written as they come, so memory stays flat
 * whatever the number of orders (scripts/bench/orders-csv.ts measures it).
 */

/** Rows per database round trip: small enough to keep memory flat, large enough to be quick. */
const batchSize = 500;

/** The columns, in order: their names are the admin catalogue's (csv.columns), in the administrator's language. */
const columns = [
  'orderNumber',
  'created',
  'paid',
  'customer',
  'email',
  'company',
  'llcState',
  'nationality',
  'amountPaid',
  'status',
  'stage',
  'address',
] as const;

/** YYYY-MM-DD, UTC: what a spreadsheet sorts and reads in any locale. */
const isoDay = (date: Date | null) => date?.toISOString().slice(0, 10) ?? '';

/** Dollars with a point and two decimals, no symbol: a number to every spreadsheet. */
const dollars = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2));

async function* csvLines(db: Db, filters: TAdminOrderFilters & { ids?: string[] }, language: Language): AsyncGenerator<string> {
  // the byte order mark: Excel then reads the file as UTF-8 ("Núñez", not "NÃºÃ±ez")
  const t = serverTexts(language, 'admin');
  yield `\uFEFF${csvLine(columns.map((column) => t(`csv.columns.${column}`)))}`;
  let cursor: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        organizerName: orders.organizerName,
        email: orders.email,
        companyName1: orders.companyName1,
        llcState: orders.llcState,
        nationality: orders.nationality,
        orderAmountPaid: orders.orderAmountPaid,
        status: orders.status,
        stage: orders.stage,
        addressLine1: orders.addressLine1,
        addressLine2: orders.addressLine2,
        addressCity: orders.addressCity,
        addressState: orders.addressState,
        addressZip: orders.addressZip,
        addressCountry: orders.addressCountry,
      })
      .from(orders)
      .where(and(orderFilters(filters), filters.ids ? inArray(orders.id, filters.ids) : undefined, cursor ? afterCursor(filters.sort, cursor) : undefined))
      .orderBy(...sortOrder(filters.sort))
      .limit(batchSize);
    if (rows.length === 0) return;
    // one chunk per batch: fewer, larger writes
    yield rows
      .map((row) =>
        csvLine([
          orderNumber(row.id),
          isoDay(row.createdAt),
          isoDay(row.paidAt),
          row.organizerName,
          row.email,
          row.companyName1,
          row.llcState,
          nationalityName(row.nationality, language),
          dollars(row.orderAmountPaid),
          t(`status.${row.status}`),
          // the stage the order page and the customer's dashboard tell (src/shared/order-stage.ts)
          row.stage ? t(`order.stage.${row.stage}`, { state: translateUncheckedKey(t, `geo:states.${row.llcState}`, { defaultValue: row.llcState }) }) : '',
          // the mailing address on one line, both street lines, its country in the administrator's language
          [...addressLines(row), countryName(row.addressCountry, language)].join(', '),
        ]),
      )
      .join('');
    if (rows.length < batchSize) return;
    cursor = rows.at(-1)!.id;
  }
}

/** The CSV as a stream that reads the next batch only when the client has taken the previous one. */
export function ordersCsv(db: Db, filters: TAdminOrderFilters & { ids?: string[] }, language: Language): Readable {
  return Readable.from(csvLines(db, filters, language), { objectMode: false, highWaterMark: 64 * 1024 });
}

export const ordersCsvFileName = (now = new Date()) => `orders-${isoDay(now)}.csv`;
