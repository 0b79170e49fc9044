import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specCountryCodes } from '@shared/countries';
import { testDatabases } from '@server/test/databases';
import { listAdminOrders } from '@server/features/orders/admin-orders.service';
import { migrationsFolder, type Database } from './client';
import { countryCodeFromText, legacyCountryNames, legacyNationalities } from './data-migrations';
import { orders, partners } from './schema';

/** drizzle/ as it was before 0005: the schema the rows below were written in. */
function migrationsUntil(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-migrations-'));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("the 0005 data migration maps every value the product's lists could store", () => {
  it('each of the 22 English country names and demonyms to its code', () => {
    specCountryCodes.forEach((code, i) => {
      expect(countryCodeFromText(legacyCountryNames[i]!)).toBe(code);
      expect(countryCodeFromText(legacyNationalities[i]!)).toBe(code);
    });
  });

  it('free-text partner countries, whatever the language, case or accents; unknown text stays null', () => {
    expect(countryCodeFromText('México')).toBe('MX');
    expect(countryCodeFromText('  mexico ')).toBe('MX');
    expect(countryCodeFromText('ESTADOS UNIDOS')).toBe('US');
    expect(countryCodeFromText('usa')).toBe('US');
    expect(countryCodeFromText('EE.UU.')).toBe('US');
    expect(countryCodeFromText('Perú')).toBe('PE');
    expect(countryCodeFromText('República Dominicana')).toBe('DO');
    expect(countryCodeFromText('gt')).toBe('GT');
    expect(countryCodeFromText('Tierra Media')).toBeNull();
  });
});

describe.each(testDatabases)('migrating copies of real rows on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.openEmpty();
    const legacy = migrationsUntil('0004_payment_reviews');
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: legacy });
    else await migratePg(database.db as never, { migrationsFolder: legacy });
    // rows as the app stored them before 0005: English names, free-text phones and partner countries
    await database.db.execute(sql`insert into users (id, name, email) values ('u-legacy', 'Ana', 'ana@legacy.example.com')`);
    const rows = specCountryCodes.map((_, i) => ({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      country: legacyCountryNames[i]!,
      nationality: legacyNationalities[i]!,
    }));
    for (const row of rows) {
      await database.db.execute(sql`
        insert into orders (id, user_id, company_name_1, company_name_2, company_name_3, organizer_name, email, phone, address_line1,
          address_city, address_state, address_zip, address_country, nationality, llc_state, order_amount)
        values (${row.id}, 'u-legacy', ${`Company ${row.id.slice(-2)} LLC`}, 'Two LLC', 'Three LLC', ${row.id.endsWith('01') ? 'José Núñez' : 'Ana Pérez'},
          'ana@legacy.example.com', ${row.id.endsWith('02') ? '55 1234 5678' : null}, '1 Main St', 'City', 'State', '00000', ${row.country}, ${row.nationality}, 'WY', 39900)`);
    }
    await database.db.execute(sql`insert into partners (order_id, full_name, email, phone, country, address)
      values (${rows[1]!.id}, 'Luis Gómez', 'luis@example.com', '+52 (33) 1234-5678', 'méxico', 'Calle 5'),
             (${rows[2]!.id}, 'Jane Doe', 'jane@example.com', 'call me maybe', 'Tierra Media', 'Somewhere')`);
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('turns every country and nationality into its ISO code', async () => {
    const migrated = await database.db.select({ addressCountry: orders.addressCountry, nationality: orders.nationality }).from(orders).orderBy(orders.id);
    expect(migrated.map((row) => row.addressCountry)).toEqual([...specCountryCodes]);
    expect(migrated.map((row) => row.nationality)).toEqual([...specCountryCodes]);
  });

  it('stores phones in E.164 where they parse (read in the address country) and keeps the rest as written', async () => {
    const [mexican] = await database.db.select({ phone: orders.phone }).from(orders).where(eq(orders.id, '00000000-0000-4000-8000-000000000002'));
    expect(mexican?.phone).toBe('+525512345678');
    const partnerRows = await database.db.select({ country: partners.country, phone: partners.phone }).from(partners).orderBy(partners.fullName);
    expect(partnerRows).toEqual([
      { country: 'Tierra Media', phone: 'call me maybe' },
      { country: 'MX', phone: '+523312345678' },
    ]);
  });

  it('makes old orders searchable in both languages, without accents, and by order number', async () => {
    const search = async (q: string) => (await listAdminOrders(database.db, { q, limit: 50, sort: 'newest' })).orders.map((row) => row.id);
    expect(await search('mexicana')).toEqual(['00000000-0000-4000-8000-000000000002']);
    expect(await search('estadounidense')).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(await search('nunez')).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(await search('Alemania')).toHaveLength(1);
    expect(await search('00000000')).toHaveLength(22);
  });

  it('runs once: a second migrate changes nothing', async () => {
    await database.db.execute(sql`update orders set search_text = 'kept' where id = '00000000-0000-4000-8000-000000000003'`);
    await database.migrate();
    const [row] = await database.db.select({ searchText: orders.searchText }).from(orders).where(eq(orders.id, '00000000-0000-4000-8000-000000000003'));
    expect(row?.searchText).toBe('kept');
  });
});
