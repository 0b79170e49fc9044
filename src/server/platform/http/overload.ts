import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@shared/app-error';
import { databaseUnavailable } from '../../db/client';

/**
 * More work than this instance can do in time (the event loop lagging, the password
 * hashing queue full). Nothing the request did wrong: a 503 that says when to retry, never a 500
 * and never a wait longer than the client would bear.
 */
export class OverloadedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(
    readonly reason: string,
    retryAfterSeconds = 2,
  ) {
    super('unavailable');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The 503 behind `error`, through the causes that wrap it (drizzle's, the auth library's): the pool's or ours. */
export function unavailableCause(error: unknown): { retryAfterSeconds: number; reason: unknown; toBody: AppError['toBody'] } | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause instanceof OverloadedError) return cause;
  }
  return databaseUnavailable(error);
}

export interface OverloadLimits {
  /** mean event-loop delay (ms) over the last second above which requests are shed; 0 = never */
  maxEventLoopDelayMs: number;
  /** event-loop utilisation (0-1) above which requests are shed; 0 = never */
  maxEventLoopUtilization: number;
  retryAfterSeconds: number;
  /** nothing is shed this long after the app is ready (warm-up) */
  graceSeconds: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** answered even under pressure: liveness and the metrics scrape must see the instance as it is */
    underPressure?: 'answer';
  }
}

/**
 * Sheds requests early with 503 while the event loop is saturated (@fastify/under-pressure): the
 * requests already in progress finish sooner, and a load balancer's retry lands on a calmer
 * instance. Routes marked `underPressure: 'answer'` are always served.
 */
export async function registerOverloadShedding(app: FastifyInstance, limits: OverloadLimits): Promise<void> {
  if (!limits.maxEventLoopDelayMs && !limits.maxEventLoopUtilization) return;
  // a process just started compiles and warms up in long synchronous steps: not a queue of work
  let armedAt = Infinity;
  app.addHook('onReady', (done) => {
    armedAt = Date.now() + limits.graceSeconds * 1000;
    done();
  });
  const saturated = (type: string, value: number | undefined) =>
    Date.now() >= armedAt &&
    // under-pressure counts a sample interval without a single sample as infinite delay: that is one
    // long synchronous task (a PDF, a query on the embedded database), over by now; shedding the
    // requests that waited for it would not shorten it. A queue of work keeps sampling, slowly.
    !(type === 'eventLoopDelay' && value === Infinity);
  await app.register(underPressure, {
    sampleInterval: 1000,
    eventLoopUtilizationMode: 'interval',
    ...(limits.maxEventLoopDelayMs ? { maxEventLoopDelay: limits.maxEventLoopDelayMs } : {}),
    ...(limits.maxEventLoopUtilization ? { maxEventLoopUtilization: limits.maxEventLoopUtilization } : {}),
    // a rejection goes to the error handler (errors.ts): the usual body, Retry-After, a warning logged
    pressureHandler: (request, _reply, type, value) =>
      request.routeOptions.config.underPressure === 'answer' || !saturated(type, value)
        ? undefined
        : Promise.reject(new OverloadedError(`${type} ${value}`, limits.retryAfterSeconds)),
  });
}
