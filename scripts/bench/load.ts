/**
 * Load on two app instances behind a round-robin "load balancer" (this script), sharing one fresh
 * PostgreSQL database, one Redis and one files directory: CUSTOMERS virtual customers at once, each
 * looping visits for DURATION seconds: sign in, then ORDERS_PER_VISIT times list orders -> create
 * an order (with a passport PDF). Prints throughput, p50/p99 latency per request type (until the
 * whole response is read), the error count (must be 0) and a row check (every accepted order is in
 * the database exactly once). Loopback only.
 *
 * Usage: npm run bench -- load     (after `npm run build`; without a bundle it runs the source via tsx)
 * Env:   DURATION=60  CUSTOMERS=200  ORDERS_PER_VISIT=5  BUNDLE=dist/server/main.js
 *        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a fresh database is created beside it)
 *        BENCH_REDIS_URL=redis://127.0.0.1:6379
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../../src/server/db/client';
import { productionBenchEnv } from './lib/production-env';
import { createEmptyPostgres } from '../../src/server/test/databases';
import { orderMultipart, passportFile, validOrder } from '../../src/server/test/orders';
import { startServerProcess, type ServerProcess } from '../../src/server/test/server-process';

const durationMs = Number(process.env.DURATION ?? 60) * 1000;
const customerCount = Number(process.env.CUSTOMERS ?? 200);
/** a sign-in costs a deliberately slow scrypt hash: customers sign in once and then do several things */
const ordersPerVisit = Number(process.env.ORDERS_PER_VISIT ?? 5);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const defaultBundle = path.resolve(process.env.DIST_DIR ?? 'dist', 'server', 'main.js');
const bundle = process.env.BUNDLE ?? (fs.existsSync(defaultBundle) ? defaultBundle : undefined);
const password = 'a sturdy test passphrase';
/** a request slower than this counts as an error */
const requestTimeoutMs = 60_000;

type Kind = 'sign-in' | 'list orders' | 'create order';
const latencies: Record<Kind, number[]> = { 'sign-in': [], 'list orders': [], 'create order': [] };
const errors: string[] = [];
const accepted: { id: string; companyName1: string }[] = [];

let next = 0;
let instances: ServerProcess[] = [];
/** round robin over the instances, like a load balancer without stickiness */
const pick = () => instances[next++ % instances.length]!;

/** One request, timed until its body has arrived; undefined (and an error counted) unless `expected`. */
async function timed(kind: Kind, expected: number, url: string, init: RequestInit): Promise<{ response: Response; body: string } | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(`${pick().url}${url}`, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
    const body = await response.text();
    if (response.status === expected) return { response, body };
    errors.push(`${kind}: HTTP ${response.status} ${body.slice(0, 200)}`);
  } catch (error) {
    errors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    latencies[kind].push(performance.now() - started);
  }
  return undefined;
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** One virtual customer: visits until the time is up. */
async function customer(email: string, index: number, deadline: number): Promise<void> {
  for (let visit = 0; Date.now() < deadline; visit++) {
    const signIn = await timed('sign-in', 200, '/api/auth/sign-in', json({ email, password }));
    if (!signIn) continue;
    const cookie = cookieOf(signIn.response);
    for (let step = 0; step < ordersPerVisit && Date.now() < deadline; step++) {
      await timed('list orders', 200, '/api/orders', { headers: { cookie } });
      const companyName1 = `Load ${index}-${visit}-${step} LLC`;
      const { payload, headers } = await orderMultipart(validOrder({ companyName1 }), { passport: passportFile });
      const created = await timed('create order', 201, '/api/orders', { method: 'POST', headers: { ...headers, cookie }, body: new Uint8Array(payload) });
      if (created) accepted.push({ id: (JSON.parse(created.body) as { order: { id: string } }).order.id, companyName1 });
    }
  }
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const fresh = await createEmptyPostgres(databaseUrl);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-load-'));
const database = openPostgres(fresh.url, 2);
let failed: boolean;
try {
  const env = {
    ...productionBenchEnv(fresh.url, dataDir),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `frontera-bench-${randomBytes(4).toString('hex')}:`,
    // every virtual customer comes from 127.0.0.1: the brute-force limits would stop the run
    AUTH_RATE_LIMIT_IP: '1000000000',
    AUTH_RATE_LIMIT_ACCOUNT: '1000000000',
    AUTH_RATE_LIMIT_ACCOUNT_CEILING: '1000000000',
  };
  console.log(
    `starting 2 instances (${bundle ? path.relative(process.cwd(), bundle) : 'src/server/main.ts via tsx'}) on ${fresh.url.replace(/\/[^/]*$/, '/…')} and ${redisUrl}`,
  );
  instances = await Promise.all([startServerProcess(env, bundle), startServerProcess(env, bundle)]);
  for (const instance of instances) {
    const ready = (await (await fetch(`${instance.url}/api/ready`)).json()) as { status: string; checks: Record<string, string> };
    // a bundle built before REDIS_URL existed would silently ignore it
    if (ready.status !== 'ready' || ready.checks.redis !== 'up')
      throw new Error(`instance ${instance.url} not ready with Redis: ${JSON.stringify(ready)} (rebuild with npm run build?)`);
  }

  const emails = Array.from({ length: customerCount }, (_, i) => `load-${i}-${randomBytes(3).toString('hex')}@example.com`);
  const setupStarted = performance.now();
  await inBatches(emails, 16, async (email) => {
    const response = await fetch(`${pick().url}/api/auth/sign-up`, json({ name: 'Load Customer', email, password }));
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  });
  console.log(
    `${customerCount} customers signed up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; running ${customerCount} virtual customers for ${durationMs / 1000} s`,
  );

  const started = performance.now();
  const deadline = Date.now() + durationMs;
  await Promise.all(emails.map((email, index) => customer(email, index, deadline)));
  const elapsed = (performance.now() - started) / 1000;

  const total = Object.values(latencies).reduce((sum, list) => sum + list.length, 0);
  console.log(`\n${total} requests in ${elapsed.toFixed(1)} s: ${(total / elapsed).toFixed(1)} req/s over both instances`);
  console.log('request type   count   req/s   p50 ms   p99 ms');
  for (const [kind, list] of Object.entries(latencies)) {
    console.log(
      `${kind.padEnd(14)} ${String(list.length).padStart(5)} ${(list.length / elapsed).toFixed(1).padStart(7)} ${percentile(list, 50).toFixed(0).padStart(8)} ${percentile(list, 99).toFixed(0).padStart(8)}`,
    );
  }
  console.log(`errors: ${errors.length}${errors.length ? ` (first: ${errors.slice(0, 5).join(' | ')})` : ''}`);

  // every submission has its own company name: a lost or doubled insert shows as a missing or repeated name
  const rows = await queryRows<{ id: string; company_name_1: string }>(
    database.db,
    sql`select id, company_name_1 from orders where company_name_1 like 'Load %'`,
  );
  const stored = new Map(rows.map((row) => [row.id, row.company_name_1]));
  const names = new Set(rows.map((row) => row.company_name_1));
  const rowsOk = rows.length === accepted.length && names.size === rows.length && accepted.every((order) => stored.get(order.id) === order.companyName1);
  console.log(
    `row check: ${accepted.length} orders accepted, ${rows.length} rows in the database, ${names.size} distinct submissions: ${rowsOk ? 'each accepted order exactly once' : 'MISMATCH'}`,
  );
  failed = errors.length > 0 || !rowsOk;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await database.close();
  await fresh.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
