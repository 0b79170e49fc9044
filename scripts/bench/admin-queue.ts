/**
 * The admin queue (GET /api/admin/queue) with 100,000 orders and 20,000 tickets on
 * PostgreSQL: its counts and first page per section, median and p95 over HTTP on loopback, for
 * anyone, "mine" and "unassigned". The data: five years of orders, a quarter of them paid and in
 * progress (their promise clocks spread over the last six weeks, so some are due, some late),
 * most of those owned by one of five administrators, 1 in 20 of them waiting for the team's answer;
 * tickets open, answered and closed.
 * Usage: npm run bench -- admin-queue   (PostgreSQL from BENCH_DATABASE_URL, default the local test server)
 * Env:   ORDERS=100000  TICKETS=20000  SAMPLES=200
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { benchAdmin, withBenchPostgres } from './lib/bench-database';

const orderCount = Number(process.env.ORDERS ?? 100_000);
const ticketCount = Number(process.env.TICKETS ?? 20_000);
const samples = Number(process.env.SAMPLES ?? 200);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function seedWork(database: Database, adminIds: string[]) {
  const admins = sql.raw(`array[${adminIds.map((id) => `'${id}'`).join(',')}]`);
  await database.db.execute(sql`
    insert into users (id, name, email)
    select 'bench-user-' || g, 'Customer ' || g, 'customer' || g || '@bench.example.com' from generate_series(1, 2000) g`);
  // a quarter paid or processing (in progress), the rest completed or unpaid; 1 in 30 with open requests; 1 in 500 held
  await database.db.execute(sql`
    insert into orders (user_id, company_name_1, company_name_2, company_name_3, organizer_name, email, address_line1, address_city,
      address_state, address_zip, address_country, nationality, llc_state, order_amount, order_amount_paid, status, paid_at,
      promise_kind, promise_from, assignee_id, open_requests, hold_reason, created_at, search_text)
    select 'bench-user-' || (1 + g % 2000), 'Company ' || g || ' LLC', 'Alt ' || g || ' LLC', 'Third ' || g || ' LLC',
      'Founder ' || g, 'founder' || g || '@example.com', g || ' Main St', 'City', 'State', '10001',
      (array['US','MX','PE','IN'])[1 + g % 4], (array['US','MX','PE','IN'])[1 + g % 4], 'WY', 39900,
      case when s in ('paid', 'processing', 'completed') then 39900 end,
      s, case when s in ('paid', 'processing', 'completed') then now() - (g % 60000 || ' minutes')::interval end,
      case when s = 'paid' then 'processing_start' when s = 'processing' then (case when g % 4 = 0 then 'state_approval' else 'ein_issued' end) end,
      case when s in ('paid', 'processing') then now() - (g % 60000 || ' minutes')::interval end,
      case when s in ('paid', 'processing') and g % 5 <> 0 then (${admins})[1 + g % 5] end,
      case when g % 30 = 0 then 1 else 0 end,
      case when s = 'pending_payment' and g % 500 = 0 then 'sanctioned_nationality' end,
      now() - (g * 26 || ' minutes')::interval, ''
    from (select g, case when g % 8 = 0 then 'paid' when g % 8 = 1 then 'processing' when g % 8 = 2 then 'pending_payment' else 'completed' end as s
          from generate_series(1, ${orderCount}) g) o`);
  // 1 in 20 in progress waits for the team's answer (ADR 0040), begun over the last 17 hours: some due, some late
  await database.db.execute(sql`
    update orders set attention_since = now() - ((abs(hashtext(id::text)) % 1024) || ' minutes')::interval,
      attention = jsonb_build_array(jsonb_build_object('kind', 'message', 'since', now()))
    where status in ('paid', 'processing') and abs(hashtext(id::text)) % 20 = 0`);
  // each open request is a team message in the order's thread
  await database.db.execute(sql`
    with asked as (
      insert into order_messages (order_id, from_team, body) select id, true, 'Please confirm the purpose.' from orders where open_requests > 0 returning id, order_id)
    insert into order_requests (order_id, message_id, kind, due_on, status)
    select order_id, id, 'answer', (now() + interval '3 days')::date, 'open' from asked`);
  await database.db.execute(sql`
    insert into support_tickets (name, email, support_message, status, assignee_id, created_at, search_text)
    select 'Requester ' || g, 'requester' || g || '@example.com', 'My EIN has not arrived yet, order ' || g,
      (array['open','answered','closed','closed','closed'])[1 + g % 5],
      case when g % 3 <> 0 then (${admins})[1 + g % 5] end,
      now() - (g * 7 || ' minutes')::interval, ''
    from generate_series(1, ${ticketCount}) g`);
  await database.db.execute(sql`
    insert into ticket_messages (ticket_id, kind, body)
    select id, 'reply', 'We are on it.' from support_tickets where status <> 'open'`);
  await database.db.execute(sql`analyze`);
}

async function main() {
  await withBenchPostgres(async (database) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-queue-'));
    try {
      const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'test' });
      const app = await buildApp(config, { database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      // five administrators; the first one's session reads the queue
      const admins = [];
      for (let i = 1; i <= 5; i++) admins.push(await benchAdmin(base, database, `bench-admin-${i}@example.com`, `Bench Admin ${i}`));
      const adminIds = admins.map((entry) => entry.id);
      const { cookie } = admins[0]!;
      const started = performance.now();
      await seedWork(database, adminIds);
      console.log(`seeded ${orderCount} orders and ${ticketCount} tickets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      for (const [label, query] of [
        ['anyone', ''],
        ['mine', '?owner=mine'],
        ['unassigned', '?owner=unassigned'],
        ['anyone, 200 per section', '?limit=200'],
      ] as const) {
        const target = `${base}/api/admin/queue${query}`;
        for (let i = 0; i < 10; i++) await fetch(target, { headers: { cookie } }).then((r) => r.arrayBuffer());
        const times: number[] = [];
        let counts = {};
        for (let i = 0; i < samples; i++) {
          const t0 = performance.now();
          const response = await fetch(target, { headers: { cookie } });
          const body = (await response.json()) as { counts: Record<string, number> };
          times.push(performance.now() - t0);
          if (response.status !== 200) throw new Error(`${target}: ${response.status}`);
          counts = body.counts;
        }
        times.sort((a, b) => a - b);
        console.log(
          `queue, ${label.padEnd(24)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   counts ${JSON.stringify(counts)}`,
        );
      }
      await app.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

await main();
