import { AsyncLocalStorage } from 'node:async_hooks';
import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';

/**
 * The time a request spent waiting for the database (its `Server-Timing: db`), summed
 * over its queries and transactions, including the wait for a pooled connection. The HTTP layer
 * opens a tally per request (`withQueryTally`); the drivers in client.ts add to it.
 */
export interface QueryTally {
  ms: number;
}

const tallies = new AsyncLocalStorage<QueryTally>();

export function withQueryTally<T>(tally: QueryTally, run: () => T): T {
  return tallies.run(tally, run);
}

/** The caller's tally; with tracing on, a throwaway one outside requests, so a job's queries are spans too. */
export function currentQueryTally(): QueryTally | undefined {
  return tallies.getStore() ?? (spans ? { ms: 0 } : undefined);
}

let spans: Tracer | undefined;
/** With tracing on (platform/observability/tracing.ts), each database call is a span too. */
export function traceQueries(tracer: Tracer | undefined): void {
  spans = tracer;
}

/** Adds the time until `result` settles to `tally` (the caller's, taken when the call began), and makes it a span when traced. */
export function tallyPromise<T>(tally: QueryTally | undefined, result: Promise<T>, operation = 'query'): Promise<T> {
  if (!tally && !spans) return result;
  const started = performance.now();
  // the statement's text is not recorded: spans leave the process, and a raw statement may hold values
  const span = spans?.startSpan(`db ${operation}`, { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation } });
  result.then(
    () => {
      if (tally) tally.ms += performance.now() - started;
      span?.end();
    },
    (error: unknown) => {
      if (tally) tally.ms += performance.now() - started;
      span?.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      span?.end();
    },
  );
  return result;
}

/** `method` of `target`, timed into the tally of whoever calls it (PGlite's query, exec, transaction). */
export function tallyMethod<K extends string>(target: Record<K, (...args: never[]) => Promise<unknown>>, method: K): void {
  const original = target[method];
  target[method] = function (this: unknown, ...args: never[]) {
    return tallyPromise(tallies.getStore(), original.apply(this, args), method);
  } as (typeof target)[K];
}
