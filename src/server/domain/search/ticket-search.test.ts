import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, queryRows, type Database } from '@server/db/client';
import { supportTickets } from '@server/db/schema';
import { testDatabases } from '@server/test/databases';
import { listTickets } from '../../features/support/support.service';
import { ticketSearchText } from './ticket-search';

describe('ticketSearchText', () => {
  it('folds name, email and request, one per line, whitespace inside each made one space', () => {
    expect(ticketSearchText({ name: ' José\nNÚÑEZ ', email: 'Ana.Pérez@Example.com', supportMessage: 'Mi  EIN\n\tno llegó. ¿Pueden revisar?' })).toBe(
      'jose nunez\nana.perez@example.com\nmi ein no llego. ¿pueden revisar?',
    );
  });
});

/** drizzle/ up to `tag`, the schema older rows were written in. */
function migrationsUntil(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-migrations-'));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag) + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(testDatabases)('tickets stored before drizzle/0014 on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.openEmpty();
    const before = migrationsUntil('0013_payment_reviews_without_order_document_versions');
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: before });
    else await migratePg(database.db as never, { migrationsFolder: before });
    // as createTicket stored them until 0014: no search text
    for (let i = 0; i < 3; i++) {
      await database.db.execute(sql`insert into support_tickets (name, email, support_message, message_origin)
        values (${i === 0 ? 'José Núñez' : `Other ${i}`}, ${`person${i}@Example.com`}, ${`Old request number ${i}: ¿Dónde está mi EIN?`}, ${i === 2 ? 'Affiliate' : null})`);
    }
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  const search = async (q: string, origin: 'all' | 'support' | 'affiliate' = 'all') =>
    (await listTickets(database.db, { q, origin, status: 'all', limit: 20 })).tickets.map((ticket) => ticket.name);

  it('are found by name, email and request once migrated', async () => {
    expect(await search('jose nunez')).toEqual(['José Núñez']);
    expect(await search('PERSON1@example')).toEqual(['Other 1']);
    expect(await search('donde esta mi ein')).toHaveLength(3);
    expect(await search('number 2', 'affiliate')).toEqual(['Other 2']);
  });

  it('leave no ticket without search text, and new ones must write it (no default)', async () => {
    const rows = await database.db.select({ searchText: supportTickets.searchText }).from(supportTickets);
    expect(rows.filter((row) => row.searchText === '')).toEqual([]);
    await expect(
      database.db.execute(sql`insert into support_tickets (name, email, support_message) values ('New', 'new@example.com', 'one two three')`),
    ).rejects.toThrow();
  });

  it('search through a pg_trgm index', async () => {
    const rows = await queryRows<{ indexdef: string }>(
      database.db,
      sql`select indexdef from pg_indexes where indexname = 'support_tickets_search_text_trgm_idx'`,
    );
    expect(rows[0]?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
  });
});
