import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@server/db/client';
import { JobRegistry, periodicJob } from '@server/platform/jobs/job-registry';
import { buildTestApp, sharedDatabase, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

const token = 'scrape-token-0123456789abcdef';
const scrape = (app: FastifyInstance, authorization?: string) => app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line of the Prometheus text, e.g. sample(text, 'mail_outbox_emails{status="pending"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases)('metrics and Server-Timing on $name', { timeout: 60_000 }, (target) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database, { METRICS_TOKEN: token }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a scrape without the token or with a wrong one (401), and does not exist without METRICS_TOKEN (404)', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${token}`, `Bearer ${token}x`]) {
      const response = await scrape(app, authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_request');
    }
    const { app: withoutToken } = await buildTestApp(sharedDatabase(database));
    try {
      expect((await scrape(withoutToken, `Bearer ${token}`)).statusCode).toBe(404);
    } finally {
      await withoutToken.close();
    }
  });

  it('shows each family with sane values after a short load', async () => {
    const customer = await signUp(app);
    await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: '/api/orders', headers: { cookie: customer.cookie } })));
    await app.inject({ url: '/api/no-such-route' });
    // an email waiting in the outbox (nothing sends it in this app: no jobs run)
    expect((await app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: customer.user.email } })).statusCode).toBe(202);
    await app.services.background.settled();
    // a job that ran once and failed
    const registry = new JobRegistry(
      database,
      [periodicJob({ name: `metrics-probe-${Date.now()}`, everyMs: 3_600_000, retry: { attempts: 2 }, run: () => Promise.reject(new Error('down')) })],
      pino({ level: 'silent' }),
    );
    await registry.register();
    const [jobName] = registry.names;
    expect((await registry.runOnce(jobName!)).result).toBe('failed');

    const response = await scrape(app, `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    // request rate and latency by route template and status
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/orders",status_code="200"}')).toBeGreaterThanOrEqual(5);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/auth/sign-up",status_code="201"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="10",method="GET",route="/api/orders",status_code="200"}')).toBeGreaterThanOrEqual(5);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d/);
    // Node's own: event-loop delay and memory
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // the outbox: at least the reset email waits, and it is not older than this test
    expect(sample(text, 'mail_outbox_emails{status="pending"}')).toBeGreaterThanOrEqual(1);
    const age = sample(text, 'mail_outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(0);
    // jobs: the probe's last run, failed
    expect(sample(text, `job_last_run_failed{job="${jobName}"}`)).toBe(1);
    expect(sample(text, `job_last_run_timestamp_seconds{job="${jobName}"}`)).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(sample(text, 'promises_overdue{kind="order"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'sse_connections')).toBe(0);
    expect(sample(text, 'password_hashes_waiting')).toBe(0);
    expect(sample(text, 'promises_overdue{kind="ticket"}')).toBeGreaterThanOrEqual(0);
    if (database.kind === 'postgres') {
      const max = sample(text, 'db_pool_connections{state="max"}')!;
      expect(max).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, 'db_pool_connections{state="in_use"}')).toBeLessThanOrEqual(max);
      expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    }
  });

  it('answers API requests with Server-Timing: the database time and the total', async () => {
    const customer = await signUp(app, { email: uniqueEmail('timing') });
    const response = await app.inject({ url: '/api/orders', headers: { cookie: customer.cookie } });
    const match = /^db;dur=(\d+\.\d), total;dur=(\d+\.\d)$/.exec(String(response.headers['server-timing']));
    expect(match, String(response.headers['server-timing'])).not.toBeNull();
    const [db, total] = [Number(match![1]), Number(match![2])];
    expect(total).toBeGreaterThan(0);
    // the order list reads the database (a cached session aside, at least the orders query)
    expect(db).toBeGreaterThan(0);
    // pages are not API answers
    expect((await app.inject({ url: '/robots.txt' })).headers['server-timing']).toBeUndefined();
  });
});
