import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { withQueryTally, type QueryTally } from '../../db/query-timing';
import { registerRequestSpans } from './tracing';

declare module 'fastify' {
  interface FastifyRequest {
    /** the database time of this request so far (Server-Timing: db) */
    queryTally: QueryTally | null;
  }
}

/**
 * One Prometheus registry per app (tests build several in one process). Node's own
 * figures (event-loop delay, memory, GC) come from prom-client's defaults; the rest is ours.
 */
export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * What every request leaves: its latency by route template and status (the count is the rate),
 * open live streams, the database pool, and the `Server-Timing` header of API answers (database
 * time and total, ms) that a browser's network panel shows.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry, database: Database): void {
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template and status (its _count is the request rate)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const streams = new Gauge({ name: 'sse_connections', help: 'Open live streams (GET /api/events)', registers: [registry] });
  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL connections of this instance: in use, idle, requests waiting for one, and the most it opens',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool();
        this.set({ state: 'in_use' }, now.total - now.idle);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
        this.set({ state: 'max' }, now.max);
      },
    });
  }

  app.decorateRequest('queryTally', null);
  const inRequestSpan = registerRequestSpans(app);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.eventStream) streams.inc();
    const tally: QueryTally = { ms: 0 };
    request.queryTally = tally;
    // every query this request makes, in any hook or handler after this, adds to its tally (and is a span of its trace)
    withQueryTally(tally, () => inRequestSpan(request, done));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.queryTally && request.url.startsWith('/api/')) {
      reply.header('server-timing', `db;dur=${request.queryTally.ms.toFixed(1)}, total;dur=${reply.elapsedTime.toFixed(1)}`);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // a stream's "latency" is how long it stayed open: counted as open streams, not as a response time
    if (request.routeOptions.config.eventStream) streams.dec();
    else
      latency.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    done();
  });
}
