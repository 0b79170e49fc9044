/**
 * Seeds 20,000 orders and measures the administrators' list and search endpoints over HTTP on
 * loopback: median and p95 per query, on the embedded database and on PostgreSQL.
 * The embedded database is on disk, as the embedded default runs, so its cache settings count.
 * Usage: npm run bench -- admin-orders   (PostgreSQL from BENCH_DATABASE_URL, default the local test server: lib/bench-database.ts)
 * Env:   ORDERS=20000  SAMPLES=200  DATABASES=embedded,postgresql
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite, type Database } from '../../src/server/db/client';
import { seed } from '../../src/server/db/seed';
import { benchAdmin, withBenchPostgres } from './lib/bench-database';
import { seedOrders } from './lib/seed-orders';

const orderCount = Number(process.env.ORDERS ?? 20_000);
const samples = Number(process.env.SAMPLES ?? 200);
const databases = (process.env.DATABASES ?? 'embedded,postgresql').split(',');

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, database: Database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-admin-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'test' });
  const app = await buildApp(config, { database });
  const started = performance.now();
  await seedOrders(database, orderCount);
  console.log(`${label}: seeded ${orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { cookie } = await benchAdmin(base, database, 'bench-admin@example.com');

  const first = (await (await fetch(`${base}/api/admin/orders`, { headers: { cookie } })).json()) as { nextCursor: string };
  const queries: [string, string][] = [
    ['list, first page', '/api/admin/orders'],
    ['list, next page (cursor)', `/api/admin/orders?cursor=${first.nextCursor}`],
    ['search name "garcía 1"', `/api/admin/orders?q=${encodeURIComponent('garcía 1')}`],
    ['search name "nunez" (no accent)', '/api/admin/orders?q=nunez'],
    ['search email "proton"', '/api/admin/orders?q=proton'],
    ['search nationality "filipino"', '/api/admin/orders?q=FILIPINO'],
    ['search nationality "mexicana"', '/api/admin/orders?q=mexicana'],
    ['search country "guatemal"', '/api/admin/orders?q=guatemal'],
    ['search order number', '/api/admin/orders?q=ORDERNUMBER'],
    ['search company "company 1234"', `/api/admin/orders?q=${encodeURIComponent('company 1234')}`],
    ['search, no match', '/api/admin/orders?q=zzzz-nothing'],
  ];
  const number = first.nextCursor.slice(0, 8).toUpperCase();
  for (const [name, template] of queries) {
    const url = template.replace('ORDERNUMBER', number);
    for (let i = 0; i < 10; i++) await fetch(base + url, { headers: { cookie } }).then((r) => r.arrayBuffer());
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      const response = await fetch(base + url, { headers: { cookie } });
      const body = (await response.json()) as { total: number };
      times.push(performance.now() - t0);
      total = body.total;
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}  ${name.padEnd(30)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (${total} matches)`,
    );
  }
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function main() {
  if (databases.includes('embedded')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-pglite-'));
    const embedded = await openPglite(dataDir);
    try {
      await embedded.migrate();
      await seed(embedded.db);
      await measure('embedded  ', embedded);
    } finally {
      await embedded.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!databases.includes('postgresql')) return;

  await withBenchPostgres((postgres) => measure('postgresql', postgres));
}

await main();
