import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Db } from '../../db/client';
import { jobQueue, jobRuns } from '../../db/schema';
import { jobLocks, type JobLocks } from './job-locks';
import type { JobQueueKey } from './job-queue';
import { inSpan } from '../observability/tracing';

/**
 * The one way background work runs (ADR 0022). Every job is declared once, in
 * src/server/jobs.ts, with:
 *
 * - a schedule: `everyMs`. A periodic job's next run is a row of job_runs shared by every instance:
 *   the instance whose UPDATE moves `next_run_at` on runs that period, so N instances run it once
 *   per period. A queued job is polled every `everyMs` by every instance (and at once on `kick`);
 * - a lock that holds across instances: a PostgreSQL advisory lock per job (job-locks.ts), so a
 *   run longer than its period never overlaps another instance's;
 * - retries with exponential backoff and a dead state: a run (a period's, or a queued row's) that
 *   throws is tried again after `firstDelayMs`, doubling up to `maxDelayMs`, and after `attempts`
 *   tries it is `dead` (a periodic job then waits for its next period; a queued row stays dead);
 * - a run record: last start, duration, outcome, error and attempts, in job_runs, shown on
 *   /admin/integrations.
 *
 * stop() stops the timers, aborts the context's signal and waits for the runs under way, records
 * included, so it must come before the database closes.
 */

export interface RetryPolicy {
  /** tries of one run before it is dead */
  attempts: number;
  /** the wait after the first failure, doubled after each next one */
  firstDelayMs: number;
  maxDelayMs: number;
}

const defaultRetry: RetryPolicy = { attempts: 5, firstDelayMs: 30_000, maxDelayMs: 30 * 60_000 };

/** The wait after the `failedAttempts`-th failure in a row: firstDelayMs, twice that, four times ... at most maxDelayMs. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, failedAttempts - 1), policy.maxDelayMs);
}

export interface JobContext {
  /** aborted on shutdown: a long run stops after the item at hand, and the next run picks up the rest */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface PeriodicJob {
  kind: 'periodic';
  name: string;
  everyMs: number;
  /**
   * 'one': one instance a period, under the job's lock. 'each': every instance on its own timer,
   * for work that is shared out row by row (the mail outbox claims its messages with SKIP LOCKED).
   */
  instances: 'one' | 'each';
  retry: RetryPolicy;
  /** 'busy': a success that handled nothing is not recorded (the mail outbox looks every 2 s) */
  record: 'always' | 'busy';
  /** also run at each instance's start, due or not (the file sweep: a restart after a crash cleans up at once) */
  atStart: boolean;
  /** resolves with how many things it handled (logged, and read by record: 'busy'), or nothing */
  run(context: JobContext): Promise<number | void>;
}

export interface QueuedJob<P> {
  kind: 'queued';
  name: string;
  queue: JobQueueKey<P>;
  /** how often each instance looks for due rows */
  everyMs: number;
  retry: RetryPolicy;
  /** a claimed row is left alone this long by the other instances; a run must end within it */
  leaseMs: number;
  run(payload: P, context: JobContext): Promise<void>;
}

export type Job = PeriodicJob | QueuedJob<unknown>;

interface PeriodicDeclaration {
  name: string;
  everyMs: number;
  instances?: PeriodicJob['instances'];
  retry?: Partial<RetryPolicy>;
  record?: PeriodicJob['record'];
  atStart?: boolean;
  run: PeriodicJob['run'];
}

/** A job that runs every `everyMs`: by default once per period across every instance. */
export function periodicJob({ instances = 'one', retry, record = 'always', atStart = false, ...declaration }: PeriodicDeclaration): PeriodicJob {
  return { kind: 'periodic', instances, record, atStart, retry: { ...defaultRetry, ...retry }, ...declaration };
}

/** The job that runs the rows queued with enqueueJob(db, queue, payload), each with its typed payload. */
export function queuedJob<P>(
  queue: JobQueueKey<P>,
  { everyMs = 5000, retry, leaseMs = 5 * 60_000, run }: { everyMs?: number; retry?: Partial<RetryPolicy>; leaseMs?: number; run: QueuedJob<P>['run'] },
): QueuedJob<P> {
  return { kind: 'queued', name: queue.name, queue, everyMs, retry: { ...defaultRetry, ...retry }, leaseMs, run };
}

/** What one pass of a job did; `waitMs` is when the job is next worth a look. */
export interface JobPass {
  result: 'succeeded' | 'failed' | 'dead' | 'idle' | 'not-due' | 'locked' | 'error';
  /** queued jobs: rows run in this pass */
  handled?: number;
  waitMs: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
const seconds = (ms: number) => ms / 1000;
/** A timer fires on the local clock, due times are on the database's: look a little after. */
const slackMs = 25;
const batchSize = 10;

export class JobRegistry {
  private readonly jobs = new Map<string, Job>();
  private readonly db: Db;
  private readonly locks: JobLocks;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<JobPass>>();
  /** kicked while running: look again as soon as the pass ends */
  private readonly again = new Set<string>();
  /** 'each' jobs: failures in a row on this instance, and whether the last record was one */
  private readonly local = new Map<string, { attempts: number; failing: boolean }>();
  private readonly stopping = new AbortController();
  private started = false;

  constructor(
    database: Database,
    jobs: readonly Job[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = database.db;
    this.locks = jobLocks(database);
    for (const job of jobs) {
      if (this.jobs.has(job.name)) throw new Error(`two jobs named ${job.name}`);
      if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
      this.jobs.set(job.name, job);
    }
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Writes each job's row (a changed period applies at once), then looks at every job now. */
  async start(): Promise<void> {
    await this.register();
    this.started = true;
    for (const job of this.jobs.values()) void this.tick(job.name, { force: job.kind === 'periodic' && job.atStart });
  }

  /** Creates the rows of jobs never seen by this database; a shorter period moves the next run closer. */
  async register(): Promise<void> {
    for (const job of this.jobs.values()) {
      await this.db
        .insert(jobRuns)
        .values({ name: job.name, kind: job.kind, everyMs: job.everyMs, maxAttempts: job.retry.attempts })
        .onConflictDoUpdate({
          target: jobRuns.name,
          set: {
            kind: job.kind,
            everyMs: job.everyMs,
            maxAttempts: job.retry.attempts,
            nextRunAt: sql`least(${jobRuns.nextRunAt}, now() + make_interval(secs => ${seconds(job.everyMs)}))`,
          },
        });
    }
  }

  /** Look at the job soon (work was just queued); a pass under way looks again once it ends. */
  kick(name: string): void {
    if (!this.started || this.stopping.signal.aborted || !this.jobs.has(name)) return;
    if (this.running.has(name)) this.again.add(name);
    else void this.tick(name);
  }

  /**
   * One pass of the job now, exactly as its timer runs it (lock, claim, run, record): a periodic job
   * runs only when due. Waits for a pass under way first. For tests and the timers.
   */
  async runOnce(name: string): Promise<JobPass> {
    await this.running.get(name);
    return this.tick(name);
  }

  /** Stops the timers and waits for every run under way (they see their signal aborted). */
  async stop(): Promise<void> {
    this.stopping.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running.values());
  }

  /** `force`: a periodic job runs even if not due (still under its lock, and its claim moves the next run a period on) */
  private tick(name: string, { force = false } = {}): Promise<JobPass> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    const under = this.running.get(name);
    if (under) return under;
    clearTimeout(this.timers.get(name));
    const pass = this.pass(job, force)
      .catch((error: unknown): JobPass => {
        // the database itself failed (the claim, the record): look again later
        this.log.error({ err: error, job: name }, 'job could not run');
        return { result: 'error', waitMs: Math.min(job.everyMs, 30_000) };
      })
      .then((done) => {
        this.running.delete(name);
        if (this.started && !this.stopping.signal.aborted) {
          const wait = this.again.delete(name) ? 0 : Math.max(0, Math.min(done.waitMs, job.everyMs));
          this.timers.set(
            name,
            setTimeout(() => void this.tick(name), wait + slackMs),
          );
          this.timers.get(name)!.unref();
        }
        return done;
      });
    this.running.set(name, pass);
    return pass;
  }

  private pass(job: Job, force: boolean): Promise<JobPass> {
    if (job.kind === 'queued') return this.passQueue(job);
    return job.instances === 'one' ? this.passOne(job, force) : this.passEach(job);
  }

  private context(): JobContext {
    return { signal: this.stopping.signal, log: this.log };
  }

  /** How long until the job's next run is due, by the database's clock. */
  private async untilDue(job: Job): Promise<number> {
    const [row] = await queryRows<{ wait: number }>(
      this.db,
      sql`select greatest(0, extract(epoch from (${jobRuns.nextRunAt} - now())) * 1000)::float8 as wait from ${jobRuns} where ${jobRuns.name} = ${job.name}`,
    );
    return row ? Number(row.wait) : job.everyMs;
  }

  /** A periodic job one instance runs per period. */
  private async passOne(job: PeriodicJob, force: boolean): Promise<JobPass> {
    if (!(await this.locks.tryLock(job.name))) {
      // another instance is running it: look again once it should be done
      return { result: 'locked', waitMs: Math.max(await this.untilDue(job), Math.min(job.everyMs, 1000)) };
    }
    try {
      // the claim: one UPDATE, so of two instances the second re-reads the row and finds it not due
      const [claimed] = await this.db
        .update(jobRuns)
        .set({
          nextRunAt: sql`now() + make_interval(secs => ${seconds(job.everyMs)})`,
          attempts: sql`case when ${jobRuns.lastOutcome} = 'failed' then ${jobRuns.attempts} + 1 else 1 end`,
          lastStartedAt: sql`now()`,
        })
        .where(force ? eq(jobRuns.name, job.name) : and(eq(jobRuns.name, job.name), lte(jobRuns.nextRunAt, sql`now()`)))
        .returning({ attempts: jobRuns.attempts });
      if (!claimed) return { result: 'not-due', waitMs: await this.untilDue(job) };
      return await this.execute(job, claimed.attempts, { claimed: true });
    } finally {
      await this.locks.unlock(job.name).catch((error: unknown) => this.log.warn({ err: error, job: job.name }, 'job lock release failed'));
    }
  }

  /** A periodic job every instance runs on its own timer. */
  private async passEach(job: PeriodicJob): Promise<JobPass> {
    const state = this.local.get(job.name) ?? { attempts: 0, failing: false };
    this.local.set(job.name, state);
    return this.execute(job, state.attempts + 1, { claimed: false });
  }

  private async execute(job: PeriodicJob, attempts: number, { claimed }: { claimed: boolean }): Promise<JobPass> {
    const started = performance.now();
    const state = this.local.get(job.name);
    try {
      const handled = await inSpan(`job ${job.name}`, { 'job.name': job.name, 'job.attempt': attempts }, () => job.run(this.context()));
      const ms = performance.now() - started;
      if (handled) this.log.info({ job: job.name, handled, ms: Math.round(ms) }, 'job done');
      const worthRecording = job.record === 'always' || Boolean(handled) || state?.failing;
      if (state) Object.assign(state, { attempts: 0, failing: false });
      if (!worthRecording) return { result: 'succeeded', waitMs: job.everyMs };
      const waitMs = await this.record(job, { outcome: 'succeeded', attempts, ms, claimed, next: claimed ? undefined : job.everyMs });
      return { result: 'succeeded', waitMs };
    } catch (error) {
      const ms = performance.now() - started;
      const dead = attempts >= job.retry.attempts;
      const delay = retryDelayMs(job.retry, attempts);
      if (state) Object.assign(state, { attempts: dead ? 0 : attempts, failing: true });
      if (dead) this.log.error({ err: error, job: job.name, attempts }, 'job dead: gave up after its last attempt');
      else this.log.warn({ err: error, job: job.name, attempts, retryInMs: delay }, 'job failed, will retry');
      // dead: the next period as usual (a claimed run's claim set it already)
      const next = dead ? (claimed ? undefined : job.everyMs) : delay;
      const waitMs = await this.record(job, { outcome: dead ? 'dead' : 'failed', attempts, ms, error: errorText(error), claimed, next });
      return { result: dead ? 'dead' : 'failed', waitMs };
    }
  }

  /** Writes the run record; returns the wait until the next run. `next`: milliseconds from now; undefined keeps what the claim set. */
  private async record(
    job: Job,
    run: { outcome: 'succeeded' | 'failed' | 'dead'; attempts: number; ms: number; error?: string; claimed: boolean; next: number | undefined },
  ): Promise<number> {
    const nextRunAt = run.next === undefined ? undefined : sql`now() + make_interval(secs => ${seconds(run.next)})`;
    const [row] = await this.db
      .update(jobRuns)
      .set({
        attempts: run.attempts,
        lastFinishedAt: sql`now()`,
        lastDurationMs: Math.round(run.ms),
        lastOutcome: run.outcome,
        lastError: run.error ?? null,
        ...(run.outcome === 'succeeded' ? { lastSucceededAt: sql`now()` } : {}),
        // an unclaimed run (every instance's, a queued row's) started a duration ago, by the database's clock
        ...(run.claimed ? {} : { lastStartedAt: sql`now() - make_interval(secs => ${seconds(run.ms)})` }),
        ...(nextRunAt ? { nextRunAt } : {}),
      })
      .where(eq(jobRuns.name, job.name))
      .returning({ wait: sql<number>`greatest(0, extract(epoch from (${jobRuns.nextRunAt} - now())) * 1000)::float8` });
    return row ? Number(row.wait) : job.everyMs;
  }

  /** Runs the due rows of a queued job, a batch at a time, until none is due (or shutdown). */
  private async passQueue(job: QueuedJob<unknown>): Promise<JobPass> {
    let handled = 0;
    while (!this.stopping.signal.aborted) {
      const due = this.db
        .select({ id: jobQueue.id })
        .from(jobQueue)
        .where(and(eq(jobQueue.job, job.name), eq(jobQueue.status, 'pending'), lte(jobQueue.runAt, sql`now()`)))
        .orderBy(asc(jobQueue.runAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      // claimed with a lease: another instance leaves these rows alone until it ends
      const batch = await this.db
        .update(jobQueue)
        .set({ attempts: sql`${jobQueue.attempts} + 1`, runAt: sql`now() + make_interval(secs => ${seconds(job.leaseMs)})` })
        .where(inArray(jobQueue.id, due))
        .returning();
      if (batch.length === 0) break;
      for (const [index, row] of batch.entries()) {
        if (this.stopping.signal.aborted) {
          // not started: due again at once, for the next instance to run
          const left = batch.slice(index).map((rest) => rest.id);
          await this.db
            .update(jobQueue)
            .set({ attempts: sql`${jobQueue.attempts} - 1`, runAt: sql`now()` })
            .where(inArray(jobQueue.id, left));
          break;
        }
        await this.runQueued(job, row);
        handled += 1;
      }
    }
    return { result: handled ? 'succeeded' : 'idle', handled, waitMs: job.everyMs };
  }

  private async runQueued(job: QueuedJob<unknown>, row: typeof jobQueue.$inferSelect): Promise<void> {
    const started = performance.now();
    const parsed = job.queue.payload.safeParse(row.payload);
    try {
      // a payload the job no longer understands will not get better with retries
      if (!parsed.success) throw Object.assign(new Error(`payload does not match the job's schema: ${parsed.error.message}`), { permanent: true });
      await inSpan(`job ${job.name}`, { 'job.name': job.name, 'job.attempt': row.attempts }, () => job.run(parsed.data, this.context()));
      const ms = performance.now() - started;
      await this.db
        .update(jobQueue)
        .set({ status: 'done', finishedAt: sql`now()`, lastError: null })
        .where(eq(jobQueue.id, row.id));
      await this.record(job, { outcome: 'succeeded', attempts: row.attempts, ms, claimed: false, next: job.everyMs });
    } catch (error) {
      const ms = performance.now() - started;
      const dead = row.attempts >= job.retry.attempts || (error as { permanent?: boolean }).permanent === true;
      const delay = retryDelayMs(job.retry, row.attempts);
      if (dead) this.log.error({ err: error, job: job.name, jobId: row.id, attempts: row.attempts }, 'queued job dead: gave up after its last attempt');
      else this.log.warn({ err: error, job: job.name, jobId: row.id, attempts: row.attempts, retryInMs: delay }, 'queued job failed, will retry');
      await this.db
        .update(jobQueue)
        .set({
          status: dead ? 'dead' : 'pending',
          lastError: errorText(error),
          ...(dead ? { finishedAt: sql`now()` } : { runAt: sql`now() + make_interval(secs => ${seconds(delay)})` }),
        })
        .where(eq(jobQueue.id, row.id));
      await this.record(job, { outcome: dead ? 'dead' : 'failed', attempts: row.attempts, ms, error: errorText(error), claimed: false, next: job.everyMs });
    }
  }
}
