import type { z } from 'zod';
import type { Db } from '../../db/client';
import { jobQueue } from '../../db/schema';

/**
 * A queued job's name and the type of its payload, shared by the code that queues work (a feature,
 * in the transaction of its cause) and the job's declaration (src/server/jobs.ts), which runs it.
 */
export interface JobQueueKey<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
}

export function jobQueueKey<P>(name: string, payload: z.ZodType<P>): JobQueueKey<P> {
  return { name, payload };
}

/**
 * Queues one run of a queued job. Pass the transaction of the change that causes it, so the work
 * is committed with the change or not at all (as the mail outbox does, ADR 0006). The payload is
 * checked against the job's schema here, so a wrong one fails its caller, not the job later.
 * Due at once, or at `runAt`; every instance polls its queued jobs (ADR 0022).
 */
export async function enqueueJob<P>(db: Db, queue: JobQueueKey<P>, payload: P, { runAt }: { runAt?: Date } = {}): Promise<string> {
  const [row] = await db
    .insert(jobQueue)
    .values({ job: queue.name, payload: queue.payload.parse(payload) as object, ...(runAt ? { runAt } : {}) })
    .returning({ id: jobQueue.id });
  return row!.id;
}
