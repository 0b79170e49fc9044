import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countCap, filteredCountCap } from '@shared/list-counts';
import { adminCustomerAndOrder, appPerSuite, injectAs } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

/*
 * The admin lists count their matches up to countCap (the orders filtered by more than
 * status and dates up to filteredCountCap), so a first page costs the same at a million orders.
 * Each test's rows carry their own word, searched for, so the counts are theirs.
 */
describe.each(testDatabases)('admin list counts stop at the cap on $name', (target) => {
  const suite = appPerSuite(target);
  let admin: { cookie: string };
  beforeAll(async () => {
    ({ admin } = await adminCustomerAndOrder(suite.app, suite.database));
  });
  const get = async (url: string) => {
    const answer = await injectAs(suite.app, admin.cookie, 'GET', url);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  it("orders: counts stop at the cap (a narrower filter's lower one), exact below it; past it a search has no count per status; later pages count nothing", async () => {
    const word = `capo${Math.random().toString(36).slice(2, 8)}`;
    // countCap + 1 paid orders, 3 completed and 2 processing, each with the word in its search text
    await suite.database.db.execute(sql`
      insert into orders (company_name_1, company_name_2, company_name_3, organizer_name, email, address_line1, address_city,
        address_state, address_zip, address_country, nationality, llc_state, order_amount, status, created_at, search_text)
      select 'Company ' || g || ' LLC', 'Alt LLC', 'Third LLC', 'Ana Pérez ' || g, 'cap' || g || '@example.com', 'Main St', 'City', 'State', '10001',
        'MX', 'MX', 'WY', 39900,
        (case when g <= 3 then 'completed' when g <= 5 then 'processing' else 'paid' end),
        now() - (g || ' seconds')::interval, ${word} || ' ' || g
      from generate_series(1, ${countCap + 6}) g`);

    // past the cap with a search: no count per status (each would read every match), the total "1,000+"
    const first = await get(`/api/admin/orders?q=${word}`);
    expect(first).toMatchObject({ counts: null, total: filteredCountCap, countCap: filteredCountCap });
    expect(await get(`/api/admin/orders?q=${word}&status=completed`)).toMatchObject({ counts: null, total: 3 });
    expect(await get(`/api/admin/orders?q=${word}&status=paid`)).toMatchObject({ counts: null, total: filteredCountCap });
    // "<word> 1", "… 10" to "… 19", … "… 10000" to "… 10006": 1,118 matches, past a search's cap
    expect(await get(`/api/admin/orders?q=${encodeURIComponent(`${word} 1`)}`)).toMatchObject({ counts: null, total: filteredCountCap });
    expect(await get(`/api/admin/orders?q=${word}&status=pending_payment`)).toMatchObject({ total: 0, orders: [] });
    // under the cap: exact ("<word> 100", "… 1000" to "… 1009", "… 10000" to "… 10006": 18 orders, all paid)
    expect(await get(`/api/admin/orders?q=${encodeURIComponent(`${word} 100`)}`)).toMatchObject({
      counts: { pending_payment: 0, paid: 18, processing: 0, completed: 0 },
      total: 18,
    });
    // dates only: each status up to the cap (the others are this suite's few orders); the orders
    // above go back up to three hours, so yesterday too
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const byDate = await get(`/api/admin/orders?from=${yesterday}&to=${today}`);
    expect(byDate.counts).toMatchObject({ paid: countCap, processing: 2, completed: 3 });
    expect(byDate).toMatchObject({ total: countCap, countCap });
    expect((await get(`/api/admin/orders?from=${yesterday}&to=${today}&status=completed`)).total).toBe(3);
    // any filter beyond status and dates counts to the lower cap, not only a search
    expect(await get(`/api/admin/orders?state=WY&from=${yesterday}&to=${today}`)).toMatchObject({
      counts: null,
      total: filteredCountCap,
      countCap: filteredCountCap,
    });
    const next = await get(`/api/admin/orders?q=${word}&cursor=${first.nextCursor}`);
    expect(next).toMatchObject({ total: null, counts: null });
    expect(next.orders).toHaveLength(first.orders.length);

    // "select all" of the filter: the first 500 ids and the capped total
    const ids = await get(`/api/admin/orders/ids?q=${word}`);
    expect(ids.ids).toHaveLength(500);
    expect(ids.total).toBe(filteredCountCap);
    expect((await get(`/api/admin/orders/ids?from=${yesterday}&to=${today}`)).total).toBe(countCap);
    expect((await get(`/api/admin/orders/ids?q=${word}&status=processing`)).total).toBe(2);
  });

  it('users: more matches than the cap count as the cap; fewer exactly', async () => {
    const word = `capu${Math.random().toString(36).slice(2, 8)}`;
    await suite.database.db.execute(sql`
      insert into users (id, name, email) select ${word} || '-' || g, 'Núñez ' || ${word} || ' ' || g, ${word} || g || '@example.com' from generate_series(1, ${countCap + 1}) g`);
    expect((await get(`/api/admin/users?q=${word}`)).total).toBe(countCap);
    // "Núñez <word> 1000", "… 10000" and "… 10001", accents folded
    expect((await get(`/api/admin/users?q=${encodeURIComponent(`nunez ${word} 1000`)}`)).total).toBe(3);
  });
});
