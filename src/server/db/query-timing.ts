import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Issue 38: the time a request spent waiting for the database (its `Server-Timing: db`), summed
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

export function currentQueryTally(): QueryTally | undefined {
  return tallies.getStore();
}

/** Adds the time until `result` settles to `tally` (the caller's, taken when the call began). */
export function tallyPromise<T>(tally: QueryTally | undefined, result: Promise<T>): Promise<T> {
  if (!tally) return result;
  const started = performance.now();
  const settle = () => {
    tally.ms += performance.now() - started;
  };
  result.then(settle, settle);
  return result;
}

/** `method` of `target`, timed into the tally of whoever calls it (PGlite's query, exec, transaction). */
export function tallyMethod<K extends string>(target: Record<K, (...args: never[]) => Promise<unknown>>, method: K): void {
  const original = target[method];
  target[method] = function (this: unknown, ...args: never[]) {
    return tallyPromise(tallies.getStore(), original.apply(this, args));
  } as (typeof target)[K];
}
