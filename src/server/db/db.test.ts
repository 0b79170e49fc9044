import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@server/test/databases';
import { openPglite, queryRows, type Database } from './client';
import { bootstrapDatabase } from './bootstrap';
import { EmbeddedDatabaseBusyError } from './embedded-lock';
import { loadConfig } from '../config';
import { orders, services, users } from './schema';
import { seed } from './seed';

describe.each(testDatabases)('database on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('migrates idempotently and seeds the standard package at 39900 cents once', async () => {
    await database.migrate();
    await seed(database.db);
    const rows = await database.db.select().from(services).where(eq(services.slug, 'standard-formation'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.priceCents).toBe(39900);
  });

  it('has the indexes the lookups need', async () => {
    const rows = await queryRows<{ indexname: string }>(database.db, sql`select indexname from pg_indexes where schemaname = current_schema()`);
    const names = rows.map((row) => row.indexname);
    expect(names).toEqual(
      expect.arrayContaining(['orders_user_id_created_at_idx', 'orders_payment_id_idx', 'orders_created_at_id_idx', 'documents_order_id_created_at_idx']),
    );
  });

  it("samples 1,000 search texts per ANALYZE, so a search's matches are estimated from enough of them (drizzle/0027)", async () => {
    // with the default 100, "nunez" (2.8 % of a million orders) was estimated at 100 rows and its
    // later pages read and sorted all 27,000 matches: 200 ms instead of 3 (ADR 0038)
    const [column] = await queryRows<{ target: number }>(
      database.db,
      sql`select attstattarget::int as target from pg_attribute where attrelid = 'orders'::regclass and attname = 'search_text'`,
    );
    expect(column?.target).toBe(1000);
  });

  describe('orders', () => {
    const userId = `user-${Math.random().toString(36).slice(2)}`;
    const base = {
      userId,
      companyName1: 'Alpha LLC',
      companyName2: 'Beta LLC',
      companyName3: 'Gamma LLC',
      organizerName: 'Ana Pérez',
      email: 'ana@example.com',
      addressLine1: '1 Main St',
      addressCity: 'Lima',
      addressState: 'Lima',
      addressZip: '15001',
      addressCountry: 'PE',
      nationality: 'PE',
      llcState: 'WY',
      orderAmount: 39900,
      searchText: 'alpha llc',
    };
    beforeAll(async () => {
      await database.db.insert(users).values({ id: userId, name: 'Ana', email: `${userId}@example.com` });
    });

    it('starts pending_payment with integer cents', async () => {
      const [row] = await database.db.insert(orders).values(base).returning();
      expect(row?.status).toBe('pending_payment');
      expect(row?.orderAmount).toBe(39900);
      expect(row?.orderDiscount).toBe(0);
      expect(row?.orderAmountPaid).toBeNull();
    });

    it('refuses a status outside the four values', async () => {
      await expect(
        database.db
          .execute(sql`insert into orders (user_id, company_name_1, company_name_2, company_name_3, organizer_name, email, address_line1, address_city, address_state, address_zip, address_country, nationality, llc_state, order_amount, status)
          values (${userId}, 'a', 'b', 'c', 'd', 'e@x.co', 'f', 'g', 'h', 'i', 'j', 'k', 'WY', 39900, 'shipped')`),
      ).rejects.toThrow();
    });

    it('refuses negative money and a malformed state code', async () => {
      await expect(database.db.insert(orders).values({ ...base, orderAmount: -1 })).rejects.toThrow();
      await expect(database.db.insert(orders).values({ ...base, llcState: 'Wyoming' })).rejects.toThrow();
    });
  });
});

describe('embedded database on disk', () => {
  it('keeps data across restarts and starts clean without DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-db-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await bootstrapDatabase(config);
    await first.database.db.insert(users).values({ id: 'u1', name: 'Kept', email: 'kept@example.com' });
    await first.database.close();
    first.release();

    const second = await bootstrapDatabase(config);
    const kept = await second.database.db.select().from(users);
    expect(kept.map((u) => u.email)).toEqual(['kept@example.com']);
    await second.database.close();
    second.release();

    fs.rmSync(dataDir, { recursive: true, force: true });
    const fresh = await bootstrapDatabase(config);
    expect(await fresh.database.db.select().from(users)).toEqual([]);
    await fresh.database.close();
    fresh.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // three embedded databases opened and migrated from files: slow on a busy 2-core machine
  }, 60_000);

  it('refuses a second process on the same embedded database with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-db-'));
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
    const config = loadConfig({ DATA_DIR: dataDir });
    await expect(bootstrapDatabase(config)).rejects.toThrow(EmbeddedDatabaseBusyError);
    await expect(bootstrapDatabase(config)).rejects.toThrow(/in use by process .*Stop the app first/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('replaces a stale lock left by a dead process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-db-'));
    fs.writeFileSync(path.join(dataDir, 'db.lock'), '999999999');
    const { database, release } = await bootstrapDatabase(loadConfig({ DATA_DIR: dataDir }));
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    release();
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens in memory for tests', async () => {
    const database = await openPglite(undefined);
    await database.ping();
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });
});
