import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/client';
import { buildTestApp, injectAs, promoteEnrolledAdmin, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import {
  captureQueries,
  explainJson,
  isExplainable,
  planNodes,
  seqScannedTables,
  type CapturedQuery,
  type PlanNode,
} from '../../../scripts/bench/lib/query-plans';
import { dashboardEmail, scaleSizes, seedScale } from '../../../scripts/bench/lib/seed-scale';

/*
 * No request path reads a big table whole. The scale seeder (scripts/bench/lib/seed-scale.ts,
 * the one `npm run bench -- seed-scale` runs) fills a fresh database with 12,000 orders, 11,000
 * users, 10,500 tickets and 24,000 activity rows, ANALYZE runs, then the request mix of
 * `npm run bench -- scale` is served by the app in this process while drizzle's logger catches its
 * SQL, and every statement is explained with its parameters. Two checks, because a small data set
 * cannot make the planner behave as it does at a million rows on its own:
 *
 * 1. Whether an index CAN serve each query, whatever the sizes: explained with enable_seqscan = off,
 *    the planner takes any index path there is over a sequential scan (which it then prices at
 *    10^10), so a Seq Scan of a big table left in that plan means no index fits the query. This is
 *    the check that holds at a million rows too.
 * 2. Whether the planner DOES choose it at this size: explained as it runs (default settings, fresh
 *    statistics from ANALYZE), no Seq Scan on a table of 10,000 rows or more (the issue's bar).
 *    The seeded sizes are checked first (pg_class.reltuples after ANALYZE): orders, users and tickets
 *    are above 10,000, so this check is not vacuous; smaller tables (status history, audit) are
 *    held by check 1.
 * 3. A later page of the Activity log starts each source's read at the cursor: a scan of a
 *    created_at index there has the cursor's moment as its Index Cond. Without it the scan starts
 *    at the newest row and filters out every row newer than the cursor (108.7 ms p95 at 2,000,000
 *    rows, ADR 0038).
 * 4. The test for a ticket waiting for its first reply (domain/promises.ts: the queue's counts, the
 *    overdue tickets) reads ticket_messages through the replies' partial index. Check 1 cannot see
 *    its absence: with sequential scans off the planner reads every message through the index on
 *    all of them instead, which is the same whole read (a Seq Scan of 100,000 rows at a million
 *    orders with default settings, ADR 0038).
 */

const big = [
  'orders',
  'users',
  'support_tickets',
  'order_status_history',
  'order_audit',
  'admin_audit',
  'order_messages',
  'order_notes',
  'ticket_messages',
  'documents',
  'identity_document_views',
  'order_milestones',
  'partners',
  'compliance_done',
  'compliance_schedule',
  'sessions',
  'accounts',
];
/**
 * Found by this test and fixed: the admin lists' first pages counted every match (a
 * window count and a GROUP BY over the orders, the users list's count), which the planner did by
 * reading the table; they now count up to the cap in an index's order (db/capped-count.ts). Also
 * the list filtered to administrators (users_admins_created_at_id_idx) and the Activity page's join
 * from admin_audit.target_id to a ticket (support_tickets_id_text_idx).
 *
 * One exemption from check 2 only: a capped count reads up to countCap (10,000) rows in an index's
 * order, which at this size is most of the table, so the planner rightly reads the table and sorts.
 * Check 1 still holds it to an index, and at a million rows the scale bench's EXPLAIN shows that
 * index chosen. Only the counts are exempt: the rows of the same requests are checked as before.
 */
const cappedCount = (sql: string) =>
  /^select .*count\(\*\)::int from \(select .* from "(orders|users)"( where .*)? limit \$\d+\) "matches"( group by "matches"\."status")?$/.test(sql);
const sizes = { ...scaleSizes({ ORDERS: '12000' }), users: 11_000, tickets: 10_500 };
/** The index scans of a plan read in a moment's order (created_at, or a review's resolved_at), and whether each starts at a bound on it. */
const momentScans = (plan: PlanNode) =>
  planNodes(plan)
    .filter((node) => /^Index (Only )?Scan$/.test(node['Node Type']) && /_(created|resolved)_at_idx$/.test(node['Index Name'] ?? ''))
    .map((node) => ({ index: node['Index Name']!, bounded: /\((created|resolved)_at <= /.test(node['Index Cond'] ?? '') }));
/** How a plan reads ticket_messages: the index of each scan of it (a bitmap scan's through its Bitmap Index Scans), or 'whole table'. */
const ticketMessageReads = (plan: PlanNode) =>
  planNodes(plan)
    .filter((node) => node['Relation Name'] === 'ticket_messages')
    .flatMap((node) =>
      node['Node Type'] === 'Bitmap Heap Scan' ? planNodes(node).flatMap((child) => child['Index Name'] ?? []) : [node['Index Name'] ?? 'whole table'],
    );

describe.each(testDatabases)('no sequential scan of a big table in a request path on $name', (target) => {
  it('explains every query of the request mix over the seeded data set', { timeout: 120_000 }, async () => {
    const database = await target.open();
    const capture = captureQueries(database);
    const { app } = await buildTestApp(database);
    try {
      await seedScale(database, sizes, { anchor: new Date().toISOString().slice(0, 10), log: () => undefined });
      const estimated = Object.fromEntries(
        (
          await queryRows<{ relname: string; n: number }>(
            database.db,
            sql`select relname, reltuples::int as n from pg_class where relname in ('orders', 'users', 'support_tickets')`,
          )
        ).map((row) => [row.relname, row.n]),
      );
      for (const table of ['orders', 'users', 'support_tickets']) expect(estimated[table], table).toBeGreaterThanOrEqual(10_000);

      const admin = await signUp(app, { name: 'Guard Admin' });
      await promoteEnrolledAdmin(database.db, admin.user.email);
      const customer = await signUp(app, { name: 'Guard Customer' });
      await database.db.execute(sql`update orders set user_id = ${customer.user.id} where email = ${dashboardEmail}`);
      const [mine] = await queryRows<{ id: string }>(database.db, sql`select id from orders where user_id = ${customer.user.id} limit 1`);
      const [formed] = await queryRows<{ id: string }>(database.db, sql`select order_id as id from compliance_schedule limit 1`);
      await database.db.execute(sql`update orders set user_id = ${customer.user.id} where id = ${formed!.id}`);
      await database.db.execute(sql`analyze`);
      const first = (await injectAs(app, admin.cookie, 'GET', '/api/admin/orders')).json() as { nextCursor: string };
      const activity = (await injectAs(app, admin.cookie, 'GET', '/api/admin/activity')).json() as { nextCursor: string };
      capture.take();

      const mix: [string, string][] = [
        ...[
          '',
          `?cursor=${first.nextCursor}`,
          '?sort=oldest',
          '?sort=status',
          '?status=paid',
          '?state=NM',
          '?nationality=GT',
          '?from=2024-03-01&to=2024-03-31',
          '?requests=open',
          '?refund=requested',
          '?owner=unassigned',
          '?owner=scale-admin-2',
          '?status=paid&state=WY&nationality=MX&sort=status',
          `?q=${encodeURIComponent('José Núñez')}`,
          '?q=nunez',
          '?q=guatemalan',
          '?q=guatemalteca',
          '?q=proton.me',
          `?q=${first.nextCursor.slice(0, 8).toUpperCase()}`,
          '?q=zzqxj',
        ].map((query): [string, string] => [admin.cookie, `/api/admin/orders${query}`]),
        [admin.cookie, '/api/admin/orders/ids?status=paid'],
        [admin.cookie, '/api/admin/queue'],
        [admin.cookie, '/api/admin/queue?owner=mine'],
        [admin.cookie, '/api/admin/queue?owner=unassigned'],
        [admin.cookie, '/api/admin/support-tickets'],
        [admin.cookie, `/api/admin/support-tickets?q=${encodeURIComponent('pérez')}`],
        [admin.cookie, '/api/admin/support-tickets?status=open&due=overdue'],
        [admin.cookie, '/api/admin/users'],
        [admin.cookie, `/api/admin/users?q=${encodeURIComponent('núñez')}`],
        [admin.cookie, '/api/admin/users?role=admin'],
        [admin.cookie, '/api/admin/activity'],
        [admin.cookie, `/api/admin/activity?cursor=${encodeURIComponent(activity.nextCursor)}`],
        [admin.cookie, '/api/admin/activity?actor=scale-admin-3'],
        [admin.cookie, '/api/admin/compliance'],
        [customer.cookie, '/api/session'],
        [customer.cookie, '/api/orders'],
        [customer.cookie, `/api/orders/${mine!.id}`],
        [customer.cookie, `/api/orders/${formed!.id}/compliance`],
      ];
      const found: string[] = [];
      let cursorScans = 0;
      let awaitingReply = 0;
      for (const [cookie, url] of mix) {
        const answer = await injectAs(app, cookie, 'GET', url);
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
        const queries: CapturedQuery[] = capture.take().filter(isExplainable);
        expect(queries.length, url).toBeGreaterThan(0);
        for (const query of queries) {
          const noIndex = seqScannedTables(await explainJson(database, query, { seqScan: false })).filter((table) => big.includes(table));
          const chosen = cappedCount(query.sql)
            ? []
            : seqScannedTables(await explainJson(database, query)).filter((table) => big.includes(table) && (estimated[table] ?? 0) >= 10_000);
          for (const table of new Set([...noIndex.map((t) => `${t} (no index serves it)`), ...chosen.map((t) => `${t} (chosen at this size)`)]))
            found.push(`${url}: Seq Scan on ${table}\n  ${query.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
          if (url.startsWith('/api/admin/activity?cursor=')) {
            const scansInOrder = momentScans(await explainJson(database, query, { seqScan: false }));
            cursorScans += scansInOrder.length;
            for (const scan of scansInOrder.filter((s) => !s.bounded)) found.push(`${url}: ${scan.index} read from the newest row, not from the cursor`);
          }
          if (query.sql.includes("m.kind = 'reply'")) {
            awaitingReply++;
            for (const read of ticketMessageReads(await explainJson(database, query, { seqScan: false }))) {
              if (read !== 'ticket_messages_replies_ticket_id_idx') found.push(`${url}: ticket replies read through ${read}, not the replies' partial index`);
            }
          }
        }
      }
      expect(found).toEqual([]);
      // every source of the Activity page was looked at (nine, ADR 0032)
      expect(cursorScans).toBeGreaterThanOrEqual(9);
      // the queue's three tabs and the overdue tickets each ask which tickets await a reply
      expect(awaitingReply).toBeGreaterThanOrEqual(4);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
