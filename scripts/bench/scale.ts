/**
 * Every hot path over the scale data set (`npm run bench -- seed-scale` first). For each
 * path of a fixed request mix: SAMPLES (default 50) requests one after another after 3 warm-ups,
 * p50/p95/p99, the rows answered and the plan's scans (index names, Seq Scan) of its queries; then
 * EXPLAIN (ANALYZE, BUFFERS) of the main query of the SLOWEST (default 5) paths and of every path
 * over its budget (admin list/search/queue p95 < 100 ms, customer dashboard p95 < 50 ms); then the
 * CSV export of every order, streamed: rows per second and the server's peak RSS above idle
 * (/proc/<pid>/status, sampled every 20 ms; budget 50 MB).
 *
 * PostgreSQL: the built server (`npm run build` first) is started as the benches start it, against
 * DATABASE_URL (default the `scale` database seed-scale makes). The embedded database (DATA_DIR set,
 * seeded with `DATA_DIR=dir ORDERS=50000 npm run bench -- seed-scale`) is one process's alone, so the
 * app is built in this process on it (as the admin-orders bench does) and the CSV's RSS is this
 * process's. The queries are caught from an app built in this process (drizzle's logger), replayed
 * with their parameters under EXPLAIN.
 *
 * Usage: npm run bench -- scale
 * Env:   DATABASE_URL | DATA_DIR   SAMPLES=50 (10 for a path whose warm-ups took over 0.5 s)   SLOWEST=5   ONLY=substring
 * of the path names   CSV=0 (skip the export)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite, openPostgres, queryRows, type Database } from '../../src/server/db/client';
import { startServerProcess, type ServerProcess } from '../../src/server/test/server-process';
import { benchAdmin } from './lib/bench-database';
import { productionBenchEnv } from './lib/production-env';
import { captureQueries, explainAnalyze, explainJson, isExplainable, scans, type CapturedQuery } from './lib/query-plans';
import { dashboardEmail } from './lib/seed-scale';

const samples = Number(process.env.SAMPLES ?? 50);
const slowest = Number(process.env.SLOWEST ?? 5);
const only = process.env.ONLY;
const embeddedDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : undefined;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale';
const bundle = path.resolve('dist', 'server', 'main.js');

type Budget = 'admin' | 'dashboard' | undefined;
interface BenchPath {
  name: string;
  url: string;
  as: 'admin' | 'customer';
  budget: Budget;
}
const budgets: Record<Exclude<Budget, undefined>, number> = { admin: 100, dashboard: 50 };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** How many rows an answer carries: the length of its list (and the first page's total, when it has one). */
function rowsOf(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const record = body as Record<string, unknown>;
  const list = Object.values(record).find(Array.isArray) as unknown[] | undefined;
  const total = typeof record.total === 'number' ? ` of ${record.total}` : '';
  if (record.counts && typeof record.counts === 'object') return `counts ${Object.values(record.counts as Record<string, number>).join('/')}`;
  if (record.sections && typeof record.sections === 'object') return `${Object.keys(record.sections).length} sections`;
  return list ? `${list.length}${total}` : '1';
}

const databaseLabel = embeddedDir ? 'embedded' : 'postgresql';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-scale-'));
const env = productionBenchEnv(embeddedDir ? '' : databaseUrl, embeddedDir ?? workDir);

// the app whose queries are caught (and, embedded, the one measured)
const database: Database = embeddedDir ? await openPglite(path.join(embeddedDir, 'db')) : openPostgres(databaseUrl, 4);
const capture = captureQueries(database);
const inProcess: FastifyInstance = await buildApp(loadConfig({ ...env, DATA_DIR: embeddedDir ?? workDir, LOG_LEVEL: 'silent' }), { database });
let server: ServerProcess | undefined;
let base: string;
if (embeddedDir) {
  await inProcess.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(inProcess.server.address() as { port: number }).port}`;
} else {
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} missing: npm run build first`);
  server = await startServerProcess(env, bundle, { keepStdout: false });
  base = server.url;
}

try {
  const [orderCount] = await queryRows<{ n: string }>(database.db, sql`select reltuples::bigint as n from pg_class where relname = 'orders'`);
  console.log(`${databaseLabel}: about ${orderCount!.n} orders; ${samples} requests per path`);
  const admin = await benchAdmin(base, database, `scale-admin-${randomBytes(4).toString('hex')}@example.com`, 'Scale Bench Admin');
  capture.take();
  // the dashboard customer: a new account given the 100 orders seeded for it (by their organizer email)
  const customerEmail = `scale-customer-${randomBytes(4).toString('hex')}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Dashboard Customer', email: customerEmail, password: 'quartz lantern meadow 4417 ribbon' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const customerCookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await database.db.execute(sql`update orders set user_id = (select id from users where email = ${customerEmail}) where email = ${dashboardEmail}`);
  const [customerOrder] = await queryRows<{ id: string; formed: string | null }>(
    database.db,
    sql`select id, (select o.id from orders o where o.email = ${dashboardEmail} and o.formation_date is not null limit 1) as formed from orders where email = ${dashboardEmail} order by created_at desc limit 1`,
  );
  const [formed] = await queryRows<{ id: string }>(database.db, sql`select order_id as id from compliance_schedule where next_due is not null limit 1`);
  const complianceOrder = customerOrder!.formed ?? formed!.id;
  if (!customerOrder!.formed)
    await database.db.execute(sql`update orders set user_id = (select id from users where email = ${customerEmail}) where id = ${complianceOrder}`);
  // a deep page: the list's keyset cursor halfway down, and a searched order's number and email
  const [deep] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from orders order by created_at desc, id desc offset ${Math.floor(Number(orderCount!.n) / 2)} limit 1`,
  );
  const [some] = await queryRows<{ id: string; email: string }>(
    database.db,
    sql`select id, email from orders where user_id like 'scale-user-%' order by created_at desc offset 1234 limit 1`,
  );
  const [searchDeep] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from orders where search_text like '%nunez%' order by created_at desc, id desc offset 500 limit 1`,
  );
  const [activityCursor] = await queryRows<{ key: string }>(
    database.db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|status:' || id::text as key from order_status_history where source = 'admin' order by created_at desc offset 20000 limit 1`,
  );
  const q = (text: string) => encodeURIComponent(text);
  const a = (name: string, url: string): BenchPath => ({ name, url, as: 'admin', budget: 'admin' });
  const c = (name: string, url: string): BenchPath => ({ name, url, as: 'customer', budget: 'dashboard' });
  const paths: BenchPath[] = (
    [
      a('orders: newest, first page', '/api/admin/orders'),
      a('orders: newest, deep page (cursor)', `/api/admin/orders?cursor=${deep!.id}`),
      a('orders: oldest', '/api/admin/orders?sort=oldest'),
      a('orders: by status', '/api/admin/orders?sort=status'),
      a('orders: status=paid', '/api/admin/orders?status=paid'),
      a('orders: status=completed, deep', `/api/admin/orders?status=completed&cursor=${deep!.id}`),
      a('orders: state=NM', '/api/admin/orders?state=NM'),
      a('orders: nationality=GT', '/api/admin/orders?nationality=GT'),
      a('orders: one month (from/to)', '/api/admin/orders?from=2024-03-01&to=2024-03-31'),
      a('orders: requests=open', '/api/admin/orders?requests=open'),
      a('orders: refund=requested', '/api/admin/orders?refund=requested'),
      a('orders: owner=unassigned', '/api/admin/orders?owner=unassigned'),
      a('orders: owner=scale-admin-2', '/api/admin/orders?owner=scale-admin-2'),
      a('orders: paid+WY+MX by status', '/api/admin/orders?status=paid&state=WY&nationality=MX&sort=status'),
      a('search "José Núñez"', `/api/admin/orders?q=${q('José Núñez')}`),
      a('search "jose nunez"', `/api/admin/orders?q=${q('jose nunez')}`),
      a('search "zoë"', `/api/admin/orders?q=${q('zoë')}`),
      a('search "nunez", deep page', `/api/admin/orders?q=nunez&cursor=${searchDeep!.id}`),
      a('search "guatemalan" (en)', '/api/admin/orders?q=guatemalan'),
      a('search "guatemalteca" (es)', '/api/admin/orders?q=guatemalteca'),
      a('search "estadounidense"', '/api/admin/orders?q=estadounidense'),
      a('search email', `/api/admin/orders?q=${q(some!.email)}`),
      a('search "proton.me"', '/api/admin/orders?q=proton.me'),
      a('search order number', `/api/admin/orders?q=${some!.id.slice(0, 8).toUpperCase()}`),
      a('search no match', '/api/admin/orders?q=zzqxj'),
      a('search + status=paid', `/api/admin/orders?q=${q('pérez')}&status=paid`),
      a('orders: select all ids (status=paid)', '/api/admin/orders/ids?status=paid'),
      a('queue', '/api/admin/queue'),
      a('queue: mine', '/api/admin/queue?owner=mine'),
      a('queue: unassigned', '/api/admin/queue?owner=unassigned'),
      a('tickets', '/api/admin/support-tickets'),
      a('tickets: search "pérez"', `/api/admin/support-tickets?q=${q('pérez')}`),
      a('tickets: search "ein"', '/api/admin/support-tickets?q=ein'),
      a('tickets: open, overdue', '/api/admin/support-tickets?status=open&due=overdue'),
      a('users', '/api/admin/users'),
      a('users: search "núñez"', `/api/admin/users?q=${q('núñez')}`),
      a('users: search "conceicao"', '/api/admin/users?q=conceicao'),
      a('users: admins', '/api/admin/users?role=admin'),
      a('activity', '/api/admin/activity'),
      a('activity: deep page', `/api/admin/activity?cursor=${q(activityCursor!.key)}`),
      a('activity: one person', '/api/admin/activity?actor=scale-admin-3'),
      a('admin compliance', '/api/admin/compliance'),
      c('dashboard: /api/session', '/api/session'),
      c('dashboard: /api/orders (100)', '/api/orders'),
      c('dashboard: an order', `/api/orders/${customerOrder!.id}`),
      c('dashboard: its compliance', `/api/orders/${complianceOrder}/compliance`),
    ] satisfies BenchPath[]
  ).filter((entry) => !only || entry.name.includes(only));

  const cookieOf = (entry: BenchPath) => (entry.as === 'admin' ? admin.cookie : customerCookie);
  interface Result {
    entry: BenchPath;
    p50: number;
    p95: number;
    p99: number;
    rows: string;
    plans: string;
    queries: CapturedQuery[];
  }
  const results: Result[] = [];
  for (const entry of paths) {
    const get = async () => {
      const response = await fetch(base + entry.url, { headers: { cookie: cookieOf(entry) } });
      const body = (await response.json()) as unknown;
      if (response.status !== 200) throw new Error(`${entry.url}: ${response.status} ${JSON.stringify(body)}`);
      return body;
    };
    const warm = performance.now();
    for (let i = 0; i < 3; i++) await get();
    // a path that takes seconds is far over any budget: 10 samples tell as much, in minutes less
    const count = (performance.now() - warm) / 3 > 500 ? Math.min(samples, 10) : samples;
    const times: number[] = [];
    let body: unknown;
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      body = await get();
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    // the queries of one request, from the app in this process
    capture.take();
    const caught = await inProcess.inject({ url: entry.url, headers: { cookie: cookieOf(entry) } });
    if (caught.statusCode !== 200) throw new Error(`${entry.url} in process: ${caught.statusCode}`);
    const queries = capture.take().filter(isExplainable);
    const scanList = new Set<string>();
    for (const query of queries) for (const scan of scans(await explainJson(database, query))) scanList.add(scan);
    // the session's own lookups are in every request: left out of the highlights
    const plans = [...scanList].filter((scan) => !/sessions|users_pkey|two_factors/.test(scan) || entry.url.startsWith('/api/admin/users')).join(', ');
    results.push({ entry, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rows: rowsOf(body), plans, queries });
    const result = results.at(-1)!;
    const over = entry.budget && result.p95 > budgets[entry.budget] ? `  OVER ${budgets[entry.budget]} ms` : '';
    console.log(
      `${entry.name.padEnd(38)} ${result.p50.toFixed(1).padStart(7)} ${result.p95.toFixed(1).padStart(7)} ${result.p99.toFixed(1).padStart(7)}  ${result.rows.padEnd(16)} ${plans}${over}`,
    );
  }

  console.log(`\n| path (${databaseLabel}) | p50 ms | p95 ms | p99 ms | rows | plan |\n|---|---:|---:|---:|---|---|`);
  for (const r of results)
    console.log(
      `| ${r.entry.name}${r.entry.budget && r.p95 > budgets[r.entry.budget] ? ' **over budget**' : ''} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rows} | ${r.plans.replaceAll('|', '/')} |`,
    );

  const explained = new Set([...results].sort((x, y) => y.p95 - x.p95).slice(0, slowest));
  for (const r of results) if (r.entry.budget && r.p95 > budgets[r.entry.budget]) explained.add(r);
  for (const r of explained) {
    // its main query: the one that took longest when run (the planner's costs can point elsewhere)
    let main: { query: CapturedQuery; plan: string; ms: number } | undefined;
    for (const query of r.queries) {
      const plan = await explainAnalyze(database, query);
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
      if (!main || ms > main.ms) main = { query, plan, ms };
    }
    if (!main) continue;
    console.log(
      `\n== ${r.entry.name} (p95 ${r.p95.toFixed(1)} ms; ${r.queries.length} queries, the longest): EXPLAIN (ANALYZE, BUFFERS)\n${main.query.sql}\n-- params ${JSON.stringify(main.query.params).slice(0, 300)}\n${main.plan}`,
    );
  }

  if (process.env.CSV !== '0' && !only) {
    // the export of every order, streamed and dropped: rows per second, and the server's peak RSS over idle
    const rssOf = () =>
      server ? Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024 : process.memoryUsage().rss;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf())), 20);
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/orders/export.csv`, { headers: { cookie: admin.cookie } });
    if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nCSV export of every order: ${lines - 1} rows, ${mb(bytes)} in ${seconds.toFixed(1)} s = ${Math.round((lines - 1) / seconds)} rows/s; ${server ? 'server' : 'this process'} RSS idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)}, budget 50 MB${peak - idle > 50 * 1024 * 1024 ? ': OVER' : ''})`,
    );
  }
} finally {
  await server?.stop();
  await inProcess.close();
  await database.close();
  fs.rmSync(workDir, { recursive: true, force: true });
}
