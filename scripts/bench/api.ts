/**
 * The signed-in API against Fastify's own speed: one app process from the built bundle
 * on a fresh PostgreSQL database, and a bare Fastify "hello" process, loaded in the same run by
 * autocannon (CONNECTIONS keep-alive connections). One customer with a few orders signs in; each
 * round measures hello, /api/health, GET /api/me and GET /api/orders with that session, and the
 * script prints every round and the medians, with authenticated orders as a share of hello, and
 * of Fastify making the two PostgreSQL round trips such a request needs at least.
 *
 * Usage: npm run bench -- api      (after `npm run build`; without a bundle it runs the source via tsx)
 * Env:   RUNS=3  DURATION=10 (seconds per measure)  CONNECTIONS=50  ORDERS=3
 *        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a fresh database is created beside it)
 *        IN_DATABASE=postgres://postgres@127.0.0.1:5432/scale (run in this database as it is instead,
 *          e.g. the seeded million of `npm run bench -- seed-scale`: the customer is added to it)
 *        CPU_PROF=dir  (the app process writes a V8 CPU profile there on exit; open it in Chrome DevTools)
 *        ONLY=orders   (measure one path only, e.g. while profiling)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { productionBenchEnv } from './lib/production-env';
import { createEmptyPostgres } from '../../src/server/test/databases';
import { orderMultipart, passportFile, validOrder } from '../../src/server/test/orders';
import { startServerProcess, type ServerProcess } from '../../src/server/test/server-process';

const runs = Number(process.env.RUNS ?? 3);
const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const orderCount = Number(process.env.ORDERS ?? 3);
const only = process.env.ONLY;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const defaultBundle = path.resolve(process.env.DIST_DIR ?? 'dist', 'server', 'main.js');
const bundle = process.env.BUNDLE ?? (fs.existsSync(defaultBundle) ? defaultBundle : undefined);
const profileDir = process.env.CPU_PROF ? path.resolve(process.env.CPU_PROF) : undefined;

/** The reference: Fastify with its defaults and nothing else, in a process of its own like the app. */
const helloSource = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening ' + address);`;

/**
 * The floor the database sets: Fastify answering after two PostgreSQL round trips on a pool of the
 * app's size (10), what a signed-in list needs at least (the session, then the rows).
 */
const twoQueriesSource = (url: string) => `
import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: ${JSON.stringify(url)}, max: 10 });
const app = Fastify();
app.get('/', async () => {
  await pool.query('select $1::int as n', [1]);
  const { rows } = await pool.query('select $1::int as n', [2]);
  return { n: rows[0].n };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening ' + address);`;

function startHello(source = helloSource): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (http:\/\/\S+)/.exec(chunk.toString());
      if (match) resolve({ url: match[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`hello server exited (${code})`)));
  });
}

/** Requests per second over `duration` seconds, after a short warm-up; any non-2xx answer fails the bench. */
async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`);
  return result.requests.average;
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// kept as it is when given (its customer and orders stay: a few rows among a million)
const database = process.env.IN_DATABASE ? { url: process.env.IN_DATABASE, drop: async () => undefined } : await createEmptyPostgres(databaseUrl);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-api-'));
const env = productionBenchEnv(database.url, dataDir);
console.log(
  `app: ${bundle ? path.relative(process.cwd(), bundle) : 'src/server/main.ts via tsx'} on Node ${process.version} and ${database.url.replace(/\/[^/]*$/, '/…')}; ${connections} connections, ${duration} s per measure, ${runs} rounds`,
);
let app: ServerProcess | undefined;
let hello: Awaited<ReturnType<typeof startHello>> | undefined;
let twoQueries: Awaited<ReturnType<typeof startHello>> | undefined;
let failed = false;
try {
  app = await startServerProcess(env, bundle, { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [], keepStdout: false });
  hello = await startHello();
  twoQueries = await startHello(twoQueriesSource(database.url));
  const email = `load-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'a sturdy harbor passphrase';
  const signUp = await fetch(`${app.url}/api/auth/sign-up`, json({ name: 'Ana Pérez', email, password }));
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (let i = 0; i < orderCount; i++) {
    const { payload, headers } = await orderMultipart(validOrder({ companyName1: `Bench ${i} LLC` }), { passport: passportFile });
    const created = await fetch(`${app.url}/api/orders`, { method: 'POST', headers: { ...headers, cookie }, body: new Uint8Array(payload) });
    if (created.status !== 201) throw new Error(`order: ${created.status} ${await created.text()}`);
  }
  const listed = (await (await fetch(`${app.url}/api/orders`, { headers: { cookie } })).json()) as { orders: unknown[] };
  if (listed.orders.length !== orderCount) throw new Error(`expected ${orderCount} orders, listed ${listed.orders.length}`);

  const targets: [string, string, Record<string, string>][] = [
    ['hello (bare Fastify)', `${hello.url}/`, {}],
    ['Fastify + 2 PG queries', `${twoQueries.url}/`, {}],
    ['GET /api/health', `${app.url}/api/health`, {}],
    ['GET /api/me', `${app.url}/api/me`, { cookie }],
    ['GET /api/orders', `${app.url}/api/orders`, { cookie }],
  ];
  const chosen = only ? targets.filter(([name]) => name.includes(only)) : targets;
  const results = new Map<string, number[]>(chosen.map(([name]) => [name, []]));
  // the machine may be shared: each round's own ratio (hello and orders measured a few seconds apart) says more than the medians' ratio
  const ratios: number[] = [];
  for (let round = 1; round <= runs; round++) {
    const line: string[] = [];
    for (const [name, url, headers] of chosen) {
      const rate = await measure(url, headers);
      results.get(name)!.push(rate);
      line.push(`${name} ${rate.toFixed(0)}`);
    }
    const ratio = (results.get('GET /api/orders')?.at(-1) ?? NaN) / (results.get('hello (bare Fastify)')?.at(-1) ?? NaN);
    if (!Number.isNaN(ratio)) ratios.push(ratio);
    console.log(`round ${round}: ${line.join(' | ')} req/s${Number.isNaN(ratio) ? '' : `; orders/hello ${ratio.toFixed(3)}`}`);
  }
  console.log(`\nmedians of ${runs} rounds (req/s):`);
  for (const [name, rates] of results) console.log(`  ${name.padEnd(22)} ${median(rates).toFixed(0).padStart(7)}`);
  const helloRates = results.get('hello (bare Fastify)');
  const orderRates = results.get('GET /api/orders');
  if (helloRates && orderRates) {
    console.log(
      `authenticated GET /api/orders / hello: ${(median(orderRates) / median(helloRates)).toFixed(3)} (ratio of the medians), ${median(ratios).toFixed(3)} (median of the rounds' ratios; target >= 0.30)`,
    );
  }
  const floorRates = results.get('Fastify + 2 PG queries');
  if (floorRates && orderRates) console.log(`authenticated GET /api/orders / Fastify + 2 PG queries: ${(median(orderRates) / median(floorRates)).toFixed(3)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  hello?.stop();
  twoQueries?.stop();
  await app?.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (profileDir) console.log(`CPU profile of the app in ${path.relative(process.cwd(), profileDir)}`);
process.exit(failed ? 1 : 0);
