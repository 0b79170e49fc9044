import { and, asc, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { countryCodes, countryName, isCountryCode, specCountryCodes, specDemonyms } from '@shared/countries';
import { foldText } from '@shared/fold-text';
import { toE164 } from '@shared/phones';
import { refreshOrderState } from '../domain/orders/order-state';
import { refreshOrderPromise } from '../domain/orders/promise';
import { orderSearchText } from '../domain/search/order-search';
import { ticketSearchText } from '../domain/search/ticket-search';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dataMigrations, orders, partners, supportTickets, type Db } from './schema';

/*
 * Migrations that need the application's code (country names, phone parsing, search folding),
 * run once each, in order, after the SQL migrations and under the same lock (client.ts). Each runs
 * in a transaction with its row in data_migrations, so a crash leaves it to run again whole.
 */

/** docs/product.md, "Entities" as it was stored until 0005: English country names and demonyms, in the product's order. */
export const legacyCountryNames = [
  'United States',
  'Mexico',
  'Canada',
  'Argentina',
  'Brazil',
  'Chile',
  'Colombia',
  'Peru',
  'Venezuela',
  'China',
  'India',
  'Japan',
  'South Korea',
  'Philippines',
  'United Kingdom',
  'France',
  'Germany',
  'Italy',
  'Spain',
  'Australia',
  'New Zealand',
  'Russia',
] as const;
export const legacyNationalities = [
  'American',
  'Mexican',
  'Canadian',
  'Argentine',
  'Brazilian',
  'Chilean',
  'Colombian',
  'Peruvian',
  'Venezuelan',
  'Chinese',
  'Indian',
  'Japanese',
  'South Korean',
  'Filipino',
  'British',
  'French',
  'German',
  'Italian',
  'Spanish',
  'Australian',
  'New Zealander',
  'Russian',
] as const;

/** Ways people wrote a country in the old free-text partner field that no name list holds. */
const aliases: Record<string, string> = {
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  us: 'US',
  eeuu: 'US',
  'ee uu': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
};

let textIndex: Map<string, string> | undefined;
const key = (text: string) =>
  foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The ISO code a stored country or nationality means, or null: a code, the product's English names and
 * demonyms, any country's English or Spanish name, whatever the case, accents or punctuation.
 */
export function countryCodeFromText(text: string): string | null {
  if (isCountryCode(text.trim().toUpperCase())) return text.trim().toUpperCase();
  if (!textIndex) {
    textIndex = new Map(Object.entries(aliases));
    for (const code of countryCodes) for (const language of ['en', 'es'] as const) textIndex.set(key(countryName(code, language)), code);
    specCountryCodes.forEach((code, i) => {
      textIndex!.set(key(legacyCountryNames[i]!), code);
      textIndex!.set(key(legacyNationalities[i]!), code);
      textIndex!.set(key(specDemonyms[code].es), code);
    });
  }
  return textIndex.get(key(text)) ?? null;
}

const batchSize = 500;

/**
 * 0005: countries and nationalities to ISO codes, phones to E.164, and the new search text, for
 * every order (the admin benchmark seeds its orders in SQL and runs it too).
 */
export async function codesPhonesSearch(tx: Db) {
  for (let after = ''; ;) {
    const batch = await tx
      .select({
        id: orders.id,
        organizerName: orders.organizerName,
        email: orders.email,
        phone: orders.phone,
        companyName1: orders.companyName1,
        companyName2: orders.companyName2,
        companyName3: orders.companyName3,
        addressCountry: orders.addressCountry,
        nationality: orders.nationality,
      })
      .from(orders)
      .where(after ? gt(orders.id, after) : undefined)
      .orderBy(asc(orders.id))
      .limit(batchSize);
    if (batch.length === 0) return;
    const partnerRows = await tx
      .select({ id: partners.id, orderId: partners.orderId, phone: partners.phone, country: partners.country })
      .from(partners)
      .where(
        inArray(
          partners.orderId,
          batch.map((row) => row.id),
        ),
      );
    // one UPDATE … FROM (VALUES …) per batch: a statement per row took 15 s for 20,000 orders on PGlite
    const orderValues = batch.map((row) => {
      const addressCountry = countryCodeFromText(row.addressCountry) ?? row.addressCountry;
      const nationality = countryCodeFromText(row.nationality) ?? row.nationality;
      const phone = row.phone ? (toE164(row.phone, addressCountry) ?? row.phone) : null;
      const searchText = orderSearchText({ ...row, nationality });
      return sql`(${row.id}::uuid, ${addressCountry}, ${nationality}, ${phone}, ${searchText})`;
    });
    await tx.execute(sql`
      update ${orders} set address_country = v.address_country, nationality = v.nationality, phone = v.phone, search_text = v.search_text
      from (values ${sql.join(orderValues, sql`, `)}) as v(id, address_country, nationality, phone, search_text)
      where ${orders.id} = v.id`);
    if (partnerRows.length > 0) {
      const partnerValues = partnerRows.map((partner) => {
        const country = countryCodeFromText(partner.country) ?? partner.country;
        return sql`(${partner.id}::uuid, ${country}, ${toE164(partner.phone, country) ?? partner.phone})`;
      });
      await tx.execute(sql`
        update ${partners} set country = v.country, phone = v.phone
        from (values ${sql.join(partnerValues, sql`, `)}) as v(id, country, phone)
        where ${partners.id} = v.id`);
    }
    after = batch.at(-1)!.id;
  }
}

/**
 * Rewrites `search_text` of every row of `table`, a batch per statement as 0005 does, from the
 * columns `columns` selects (`text` folds them as the application writes them).
 */
async function rewriteSearchText<Row extends { id: string }>(
  tx: Db,
  table: typeof orders | typeof supportTickets,
  columns: Record<keyof Row, PgColumn>,
  text: (row: Row) => string,
) {
  for (let after = ''; ;) {
    const batch = (await tx
      .select(columns as Record<string, PgColumn>)
      .from(table)
      .where(after ? gt(table.id, after) : undefined)
      .orderBy(asc(table.id))
      .limit(batchSize)) as Row[];
    if (batch.length === 0) return;
    const values = batch.map((row) => sql`(${row.id}::uuid, ${text(row)})`);
    await tx.execute(sql`
      update ${table} set search_text = v.search_text
      from (values ${sql.join(values, sql`, `)}) as v(id, search_text)
      where ${table.id} = v.id`);
    after = batch.at(-1)!.id;
  }
}

/**
 * Every nationality's demonyms in English and Spanish (demonyms.ts) joined the
 * orders' search text; older orders get it rewritten.
 */
export const orderSearchDemonyms = (tx: Db) =>
  rewriteSearchText<Parameters<typeof orderSearchText>[0] & { id: string }>(
    tx,
    orders,
    {
      id: orders.id,
      organizerName: orders.organizerName,
      email: orders.email,
      companyName1: orders.companyName1,
      companyName2: orders.companyName2,
      companyName3: orders.companyName3,
      nationality: orders.nationality,
    },
    orderSearchText,
  );

/** Tickets stored before drizzle/0014 get their search text (written by createTicket since). */
export const ticketSearch = (tx: Db) =>
  rewriteSearchText<Parameters<typeof ticketSearchText>[0] & { id: string }>(
    tx,
    supportTickets,
    { id: supportTickets.id, name: supportTickets.name, email: supportTickets.email, supportMessage: supportTickets.supportMessage },
    ticketSearchText,
  );

/** 0021: the promise of every order paid and not completed, from its milestones and history. */
export async function orderPromises(tx: Db) {
  for (let after = ''; ;) {
    const batch = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(after ? gt(orders.id, after) : undefined, isNotNull(orders.paidAt), inArray(orders.status, ['paid', 'processing'])))
      .orderBy(asc(orders.id))
      .limit(batchSize);
    for (const { id } of batch) await refreshOrderPromise(tx, id);
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.id;
  }
}

/** 0032-0033: what waits for the team's answer and the stage of every order (ADR 0040); each reason begins when the migration runs. */
export async function orderStates(tx: Db) {
  for (let after = ''; ;) {
    const batch = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(after ? gt(orders.id, after) : undefined)
      .orderBy(asc(orders.id))
      .limit(batchSize);
    for (const { id } of batch) await refreshOrderState(tx, id);
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.id;
  }
}

export const dataMigrationList: { id: string; run: (tx: Db) => Promise<void> }[] = [
  { id: '0005_codes_phones_search', run: codesPhonesSearch },
  { id: '0014_order_search_demonyms', run: orderSearchDemonyms },
  { id: '0014_ticket_search', run: ticketSearch },
  { id: '0021_order_promises', run: orderPromises },
  { id: '0033_order_states', run: orderStates },
];

export async function runDataMigrations(db: Db, list = dataMigrationList): Promise<void> {
  const done = new Set((await db.select({ id: dataMigrations.id }).from(dataMigrations)).map((row) => row.id));
  for (const migration of list) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      await migration.run(tx as unknown as Db);
      await tx.insert(dataMigrations).values({ id: migration.id }).onConflictDoNothing();
    });
  }
}
