import { createHash, timingSafeEqual } from 'node:crypto';
import { and, count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { AppError } from '@shared/app-error';
import { promiseHoursOf } from '../../config';
import { queryRows } from '../../db/client';
import { orders, supportTickets } from '../../db/schema';
import { orderDueBetween, ticketDueBetween } from '../../domain/promises';
import { listJobRuns, type JobRunRecord } from '../../platform/jobs/job-runs';
import type { Services } from '../../services';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests: equal lengths, constant time, whatever the caller sent. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = header?.match(/^Bearer (.+)$/)?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** One read shared by the gauges of one scrape (they are collected at once), fresh for the next. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), value: read() };
    return last.value;
  };
}

interface OutboxRow {
  pending: number;
  failed: number;
  oldest: number | null;
}

/**
 * Gauges read from the database when Prometheus scrapes, so every instance reports the same,
 * whole-system truth (the outbox, the jobs, the promises): alert on `max`, not `sum`. A gauge
 * whose query fails is left out of that scrape (alert on it with `absent()`).
 */
function registerDatabaseGauges(registry: Registry, services: Services, log: FastifyBaseLogger): void {
  const { db, config, auth } = services;
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (set: (labels: Record<L, string>, value: number) => void) => Promise<void>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          await read((labels, value) => this.set(labels, value));
        } catch (error) {
          this.reset();
          log.warn({ err: error, metric: name }, 'metrics: a database gauge could not be read');
        }
      },
    });

  const outbox = perScrape(async () => {
    const [row] = await queryRows<OutboxRow>(
      db,
      sql`select (count(*) filter (where status = 'pending'))::int as pending, (count(*) filter (where status = 'failed'))::int as failed,
            extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest
          from mail_outbox where status in ('pending', 'failed')`,
    );
    return row ?? { pending: 0, failed: 0, oldest: null };
  });
  gauge('mail_outbox_emails', 'Emails in the outbox by status: pending (waiting or retrying) and failed (given up)', ['status'], async (set) => {
    const row = await outbox();
    set({ status: 'pending' }, row.pending);
    set({ status: 'failed' }, row.failed);
  });
  gauge('mail_outbox_oldest_pending_age_seconds', 'Age of the oldest email still waiting to be sent (0 when none waits)', [], async (set) => {
    set({}, Math.max(0, Number((await outbox()).oldest ?? 0)));
  });

  const jobs = perScrape(() => listJobRuns(db));
  const jobGauge = (name: string, help: string, value: (run: JobRunRecord) => number | undefined) =>
    gauge(name, help, ['job'], async (set) => {
      for (const run of await jobs()) {
        const v = value(run);
        if (v !== undefined) set({ job: run.name }, v);
      }
    });
  jobGauge('job_last_run_timestamp_seconds', 'When each background job last started (Unix time)', (run) =>
    run.lastRun ? run.lastRun.startedAt.getTime() / 1000 : undefined,
  );
  jobGauge('job_last_success_timestamp_seconds', 'When each background job last succeeded (Unix time)', (run) =>
    run.lastSucceededAt ? run.lastSucceededAt.getTime() / 1000 : undefined,
  );
  jobGauge('job_last_duration_seconds', 'How long the last finished run of each job took', (run) =>
    run.lastRun?.durationMs == null ? undefined : run.lastRun.durationMs / 1000,
  );
  jobGauge('job_last_run_failed', '1 when the last run of the job failed (retrying) or was given up (dead)', (run) =>
    run.lastRun ? Number(run.lastRun.outcome === 'failed' || run.lastRun.outcome === 'dead') : undefined,
  );
  gauge('job_queue_rows', 'Rows of the queued jobs: pending (including retries) and dead (given up)', ['job', 'status'], async (set) => {
    for (const run of await jobs()) {
      if (!run.queue) continue;
      set({ job: run.name, status: 'pending' }, run.queue.pending);
      set({ job: run.name, status: 'dead' }, run.queue.dead);
    }
  });

  gauge('promises_overdue', 'Orders and support tickets past the time promised to the customer (the admin queue\'s "late")', ['kind'], async (set) => {
    const hours = promiseHoursOf(config);
    const now = new Date();
    const [late] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(sql`${orders.promiseKind} is not null`, orderDueBetween(hours, null, now)));
    const [lateTickets] = await db
      .select({ n: count() })
      .from(supportTickets)
      .where(ticketDueBetween(hours, null, now));
    set({ kind: 'order' }, late?.n ?? 0);
    set({ kind: 'ticket' }, lateTickets?.n ?? 0);
  });

  gauge('password_hashes_waiting', 'Password hashes waiting for a turn (above PASSWORD_HASH_QUEUE, sign-ups and sign-ins get 503)', [], async (set) => {
    set({}, auth.passwordHashing.waiting);
  });
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN. Without
 * the setting it does not exist (404); a wrong or missing token is 401. Answered under pressure too:
 * an overloaded instance is exactly what its metrics must show.
 */
export function metricsRoutes(services: Services, registry: Registry): FastifyPluginAsync {
  return async (app) => {
    const token = services.config.METRICS_TOKEN;
    if (!token) return;
    registerDatabaseGauges(registry, services, app.log);
    app.get('/metrics', { schema: { hide: true }, config: { underPressure: 'answer' } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthorized');
      }
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  };
}
