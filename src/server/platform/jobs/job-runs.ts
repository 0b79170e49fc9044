import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobQueue, jobRuns } from '../../db/schema';

export interface JobRunRecord {
  name: string;
  kind: 'periodic' | 'queued';
  everyMs: number;
  nextRunAt: Date;
  /** null until the job first ran */
  lastRun: {
    startedAt: Date;
    /** null while the run is under way */
    finishedAt: Date | null;
    durationMs: number | null;
    outcome: 'running' | 'succeeded' | 'failed' | 'dead';
    attempts: number;
    maxAttempts: number;
    error: string | null;
  } | null;
  lastSucceededAt: Date | null;
  /** queued jobs: rows waiting (including retries) and rows given up */
  queue: { pending: number; dead: number } | null;
}

/** Every job this database has seen (job_runs), by name, with the record of its last run. */
export async function listJobRuns(db: Db): Promise<JobRunRecord[]> {
  const rows = await db.select().from(jobRuns).orderBy(asc(jobRuns.name));
  const counts = await db
    .select({
      job: jobQueue.job,
      pending: sql<number>`(count(*) filter (where ${jobQueue.status} = 'pending'))::int`,
      dead: sql<number>`(count(*) filter (where ${jobQueue.status} = 'dead'))::int`,
    })
    .from(jobQueue)
    .where(sql`${jobQueue.status} <> 'done'`)
    .groupBy(jobQueue.job);
  const queueOf = new Map(counts.map((row) => [row.job, { pending: row.pending, dead: row.dead }]));
  return rows.map((row) => {
    const started = row.lastStartedAt;
    // a start after the last finish: a run under way (or cut short by a crash, until the next one)
    const running = started !== null && (row.lastFinishedAt === null || row.lastFinishedAt < started);
    return {
      name: row.name,
      kind: row.kind,
      everyMs: row.everyMs,
      nextRunAt: row.nextRunAt,
      lastRun: started
        ? {
            startedAt: started,
            finishedAt: running ? null : row.lastFinishedAt,
            durationMs: running ? null : row.lastDurationMs,
            outcome: running ? 'running' : (row.lastOutcome ?? 'succeeded'),
            attempts: row.attempts,
            maxAttempts: row.maxAttempts,
            error: running ? null : row.lastError,
          }
        : null,
      lastSucceededAt: row.lastSucceededAt,
      queue: row.kind === 'queued' ? (queueOf.get(row.name) ?? { pending: 0, dead: 0 }) : null,
    };
  });
}
