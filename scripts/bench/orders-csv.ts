/**
 * Streams the admin CSV export of 20,000 orders over HTTP and reports the app's peak memory: the
 * export reads keyset batches and writes them as they come, so the peak stays flat whatever the
 * number of orders (compare ORDERS=20000 with ORDERS=100000).
 * The database is PostgreSQL (its own process, so the RSS measured is the app's alone): BENCH_DATABASE_URL,
 * default the local test server. Usage: npm run bench -- orders-csv
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { benchAdmin, withBenchPostgres } from './lib/bench-database';
import { seedOrders } from './lib/seed-orders';

const orderCount = Number(process.env.ORDERS ?? 20_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-csv-'));
try {
  await withBenchPostgres(async (database) => {
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'test' }), { database });
    await seedOrders(database, orderCount);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const { cookie } = await benchAdmin(base, database, 'bench-admin@example.com');

    /** One export, read chunk by chunk and dropped (the client keeps nothing): bytes, lines, peak RSS, time. */
    async function exportOnce(query: string) {
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const started = performance.now();
      const response = await fetch(`${base}/api/admin/orders/export.csv${query}`, { headers: { cookie } });
      if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines++;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      clearInterval(sampler);
      return { bytes, rows: lines - 1, baseline, peak, ms: performance.now() - started };
    }

    await exportOnce('?status=paid'); // warm up
    for (const [label, query] of [
      ['every order', ''],
      ['paid only', '?status=paid'],
      ['sorted by status, Spanish', '?sort=status&lang=es'],
    ] as const) {
      const run = await exportOnce(query);
      console.log(
        `${label.padEnd(28)} ${String(run.rows).padStart(7)} rows  ${mb(run.bytes).padStart(9)}  ${(run.ms / 1000).toFixed(2)} s   RSS before ${mb(run.baseline)}, peak ${mb(run.peak)} (+${mb(run.peak - run.baseline)})`,
      );
    }
    await app.close();
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
