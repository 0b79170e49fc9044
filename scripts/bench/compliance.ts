/**
 * The compliance reminder job and the administrators' deadline list over many formed companies
 * (ADR 0037), on PostgreSQL: COMPANIES (default 100,000) formed over five years, each
 * with its past deadlines marked done except for one company in DONE_GAP (default 20) whose
 * deadlines stay overdue. Prints each run's time, and how many companies it read and reminded:
 * - the first run, which computes every company's schedule (a new deployment, new calendar rules);
 * - a second run the same day: nothing due (the hourly runs of a day after the first);
 * - a run on each of the next DAYS (default 5) days: what is due that day;
 * - GET /api/admin/compliance's query (adminCompliance): its first page (median of RUNS, default 5),
 *   then every page in turn.
 * Usage: npm run bench -- compliance
 */
import { sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import { complianceCalendar, type DoneKind } from '../../src/shared/compliance';
import { queryRows, type Database } from '../../src/server/db/client';
import { complianceDone, complianceSchedule } from '../../src/server/db/schema';
import { MailOutbox } from '../../src/server/platform/mail/outbox';
import { adminCompliance } from '../../src/server/features/compliance/admin-compliance';
import { sendComplianceReminders } from '../../src/server/features/compliance/compliance-reminders';
import { addDays } from '../../src/server/domain/orders/identity-documents';
import { withBenchPostgres } from './lib/bench-database';
import { seedOrders } from './lib/seed-orders';

const companies = Number(process.env.COMPANIES ?? 100_000);
const doneGap = Number(process.env.DONE_GAP ?? 20);
const days = Number(process.env.DAYS ?? 5);
const runs = Number(process.env.RUNS ?? 5);
const today = '2031-06-10';
const states = ['WY', 'DE', 'NM', 'FL', 'TX', 'NV', 'CA', 'NY'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** Counts what the mail outbox received, to print what each run queued. */
const count = async (database: Database, query: SQL) => Number((await queryRows<{ n: string }>(database.db, query))[0]!.n);
const outboxCount = (database: Database) => count(database, sql`select count(*) as n from mail_outbox`);

async function seedCompanies(database: Database) {
  const started = performance.now();
  await seedOrders(database, companies);
  // formation dates spread over the five years before `today`, several states and both kinds of owner
  // formation dates spread over the five years before `today`, several states; the same for the same COMPANIES (seedOrders numbers them by created_at)
  await database.db.execute(sql`
    with numbered as (select id, row_number() over (order by created_at desc) as n from orders)
    update orders set
      formation_date = (${today}::date - ((numbered.n * 7919) % 1826) * interval '1 day')::date,
      llc_state = (array[${sql.join(
        states.map((s) => sql`${s}::text`),
        sql`, `,
      )}])[1 + (numbered.n * 31) % ${states.length}]
    from numbered where numbered.id = orders.id`);
  // the past deadlines marked done, as customers who keep their company in good standing do
  const rows = await queryRows<{ id: string; formation_date: string; llc_state: string; nationality: string; n: string }>(
    database.db,
    sql`select id, formation_date::text, llc_state, nationality, row_number() over (order by created_at desc) as n from orders`,
  );
  let batch: (typeof complianceDone.$inferInsert)[] = [];
  for (const order of rows) {
    if (Number(order.n) % doneGap === 0) continue;
    const calendar = complianceCalendar({
      state: order.llc_state as 'WY',
      formationDate: order.formation_date,
      owners: order.nationality === 'US' ? 'us' : 'foreign',
      members: 'single',
      today,
    });
    for (const d of calendar) if (d.status === 'overdue') batch.push({ orderId: order.id, kind: d.kind as DoneKind, dueDate: d.dueDate! });
    if (batch.length >= 5_000) {
      await database.db.insert(complianceDone).values(batch);
      batch = [];
    }
  }
  if (batch.length) await database.db.insert(complianceDone).values(batch);
  await database.db.execute(sql`analyze`);
  const done = await count(database, sql`select count(*) as n from compliance_done`);
  console.log(`seeded ${companies} formed companies (${done} deadlines marked done) in ${seconds(performance.now() - started)}`);
}

await withBenchPostgres(async (database) => {
  await seedCompanies(database);
  // the real outbox, never drained: the bench counts what it queues
  const transport = {
    send: async () => {
      throw new Error('the bench sends nothing');
    },
    close: () => {},
  };
  const outbox = new MailOutbox(database.db, transport, { en: 'bench@example.com', es: 'bench@example.com' }, pino({ level: 'silent' }));
  const mailer = { mail: outbox, appUrl: 'http://localhost:3000' };
  const job = async (day: string) => {
    const before = await outboxCount(database);
    const due = await count(database, sql`select count(*) as n from ${complianceSchedule} where stale or remind_on <= ${day}`);
    const started = performance.now();
    await sendComplianceReminders(database.db, mailer, { now: new Date(`${day}T12:00:00Z`) });
    const ms = performance.now() - started;
    console.log(`  ${day}: ${seconds(ms)}, ${due} companies read, ${(await outboxCount(database)) - before} reminders queued`);
    return ms;
  };
  console.log('reminder job, first run (every schedule computed):');
  await job(today);
  console.log('reminder job, again the same day (nothing due), medians of runs:');
  const idle: number[] = [];
  for (let i = 0; i < runs; i++) idle.push(await job(today));
  console.log(`  median ${seconds(median(idle))}`);
  console.log('reminder job, the next days:');
  for (let i = 1; i <= days; i++) await job(addDays(today, i));
  // the administrators' list: its first page, then every page in turn (a deep page costs the same as the first)
  const listDay = addDays(today, days);
  const first: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await adminCompliance(database.db, { today: listDay });
    first.push(performance.now() - started);
  }
  const pages: number[] = [];
  let items = 0;
  for (let cursor: string | undefined, more = true; more;) {
    const started = performance.now();
    const page = await adminCompliance(database.db, { today: listDay, cursor });
    pages.push(performance.now() - started);
    items += page.items.length;
    cursor = page.nextCursor ?? undefined;
    more = cursor !== undefined;
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const read = await count(database, sql`select count(*) as n from ${complianceSchedule} where next_due <= ${addDays(listDay, 90)}`);
  console.log(
    `/api/admin/compliance: first page median ${seconds(median(first))}; all ${pages.length} pages (${read} companies, ${items} deadlines): median ${seconds(median(pages))}, p95 ${seconds(sorted[Math.floor(sorted.length * 0.95)]!)}, max ${seconds(sorted.at(-1)!)}`,
  );
});
