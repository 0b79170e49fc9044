import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openPostgres, queryRows, type Database } from '@server/db/client';
import { jobQueue, jobRuns } from '@server/db/schema';
import { createEmptyPostgres, testDatabases } from '@server/test/databases';
import { enqueueJob, jobQueueKey } from './job-queue';
import { JobRegistry, periodicJob, queuedJob, retryDelayMs, type Job } from './job-registry';
import { listJobRuns } from './job-runs';

const log = pino({ level: 'silent' });
const hour = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('retryDelayMs', () => {
  it('doubles from the first delay up to the maximum', () => {
    const policy = { attempts: 8, firstDelayMs: 2000, maxDelayMs: 10_000 };
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt))).toEqual([2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('JobRegistry', () => {
  it('refuses two jobs of one name', () => {
    const job = periodicJob({ name: 'twice', everyMs: 1000, run: async () => undefined });
    expect(() => new JobRegistry({ db: undefined, kind: 'pglite' } as unknown as Database, [job, job], log)).toThrow('two jobs named twice');
  });
});

describe.each(testDatabases)('job registry on $name', { timeout: 60_000 }, (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  const record = async (name: string) => (await database.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0]!;
  const dbNow = async () => new Date((await queryRows<{ now: Date | string }>(database.db, sql`select now() as now`))[0]!.now).getTime();
  const makeDue = (name: string) =>
    database.db
      .update(jobRuns)
      .set({ nextRunAt: sql`now()` })
      .where(eq(jobRuns.name, name));

  it('retries a job that throws with growing backoff, records each failure, and gives it up (dead) after its last attempt', async () => {
    let calls = 0;
    let broken = true;
    const job = periodicJob({
      name: 'flaky',
      everyMs: hour,
      retry: { attempts: 3, firstDelayMs: 2000, maxDelayMs: 60_000 },
      run: async () => {
        calls += 1;
        if (broken) throw new Error(`boom ${calls}`);
      },
    });
    const registry = new JobRegistry(database, [job], log);
    await registry.register();
    /** One failing pass; returns the wait chosen, bounded by the database's clock before and after. */
    const failingPass = async (expected: 'failed' | 'dead') => {
      const before = await dbNow();
      expect((await registry.runOnce('flaky')).result).toBe(expected);
      const after = await dbNow();
      const next = (await record('flaky')).nextRunAt.getTime();
      return { atLeast: next - after, atMost: next - before };
    };

    const first = await failingPass('failed');
    expect(await record('flaky')).toMatchObject({ lastOutcome: 'failed', attempts: 1, lastError: 'boom 1', lastSucceededAt: null });
    expect(first.atLeast).toBeLessThanOrEqual(2000);
    expect(first.atMost).toBeGreaterThanOrEqual(2000);
    // not due yet: nothing runs before the backoff has passed
    expect((await registry.runOnce('flaky')).result).toBe('not-due');
    expect(calls).toBe(1);

    await makeDue('flaky');
    const second = await failingPass('failed');
    expect(await record('flaky')).toMatchObject({ lastOutcome: 'failed', attempts: 2, lastError: 'boom 2' });
    expect(second.atLeast).toBeLessThanOrEqual(4000);
    expect(second.atMost).toBeGreaterThanOrEqual(4000);

    await makeDue('flaky');
    // the third attempt is the last: dead, and the job waits for its next period (an hour)
    const third = await failingPass('dead');
    expect(third.atMost).toBeGreaterThan(hour - 60_000);
    expect(third.atLeast).toBeLessThanOrEqual(hour);
    const [shown] = await listJobRuns(database.db);
    expect(shown).toMatchObject({
      name: 'flaky',
      kind: 'periodic',
      everyMs: hour,
      lastRun: { outcome: 'dead', attempts: 3, maxAttempts: 3, error: 'boom 3', finishedAt: expect.any(Date), durationMs: expect.any(Number) },
      lastSucceededAt: null,
      queue: null,
    });

    // the next period starts over at attempt 1
    broken = false;
    await makeDue('flaky');
    expect((await registry.runOnce('flaky')).result).toBe('succeeded');
    expect(await record('flaky')).toMatchObject({ lastOutcome: 'succeeded', attempts: 1, lastError: null, lastSucceededAt: expect.any(Date) });
    expect(calls).toBe(4);
    await registry.stop();
  });

  it('on its own timer: retries after each backoff, not before, then waits for the next period', async () => {
    const calls: number[] = [];
    const job = periodicJob({
      name: 'timed',
      everyMs: hour,
      retry: { attempts: 3, firstDelayMs: 300, maxDelayMs: 60_000 },
      run: async () => {
        calls.push(performance.now());
        throw new Error('always');
      },
    });
    const registry = new JobRegistry(database, [job], log);
    await registry.start();
    try {
      await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 10_000, interval: 20 });
      const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
      console.info(`retries of a failing job (first delay 300 ms): ${gaps.map(Math.round).join(' ms, ')} ms apart`);
      expect(gaps[0]).toBeGreaterThanOrEqual(300);
      expect(gaps[1]).toBeGreaterThanOrEqual(600);
      await vi.waitFor(async () => expect(await record('timed')).toMatchObject({ lastOutcome: 'dead', attempts: 3 }), { timeout: 5000 });
      await sleep(700);
      expect(calls).toHaveLength(3);
    } finally {
      await registry.stop();
    }
  });

  it('stop() waits for a run under way, whose signal is aborted, and records it', async () => {
    let started = false;
    let sawAbort = false;
    const job = periodicJob({
      name: 'slow',
      everyMs: hour,
      run: async ({ signal }) => {
        started = true;
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        sawAbort = true;
        // the item at hand is finished after the abort
        await sleep(300);
        return 1;
      },
    });
    const registry = new JobRegistry(database, [job], log);
    await registry.start();
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 5000, interval: 10 });
    expect((await listJobRuns(database.db)).find((row) => row.name === 'slow')?.lastRun?.outcome).toBe('running');
    const stopping = performance.now();
    await registry.stop();
    expect(performance.now() - stopping).toBeGreaterThanOrEqual(290);
    expect(sawAbort).toBe(true);
    expect(await record('slow')).toMatchObject({ lastOutcome: 'succeeded', attempts: 1, lastDurationMs: expect.any(Number) });
    expect((await record('slow')).lastDurationMs).toBeGreaterThanOrEqual(290);
  });

  it('at start runs what is due, and a job marked atStart whether due or not (a restart after a crash sweeps at once)', async () => {
    const runs: string[] = [];
    const declare = () => [
      periodicJob({ name: 'hourly', everyMs: hour, run: async () => void runs.push('hourly') }),
      periodicJob({ name: 'hourlyAtStart', everyMs: hour, atStart: true, run: async () => void runs.push('hourlyAtStart') }),
    ];
    for (const restart of [1, 2]) {
      const registry = new JobRegistry(database, declare(), log);
      await registry.start();
      await vi.waitFor(() => expect(runs.filter((name) => name === 'hourlyAtStart')).toHaveLength(restart), { timeout: 5000, interval: 10 });
      await registry.stop();
    }
    // the first start ran both (a new database: due now); the restart, within the hour, only the one marked
    expect(runs.sort()).toEqual(['hourly', 'hourlyAtStart', 'hourlyAtStart']);
  });

  it('runs a job on every instance when asked to, recording a success only when it handled something', async () => {
    let handled = 0;
    const job = periodicJob({ name: 'everywhere', everyMs: 2000, instances: 'each', record: 'busy', run: async () => handled });
    const registry = new JobRegistry(database, [job], log);
    await registry.register();
    expect((await registry.runOnce('everywhere')).result).toBe('succeeded');
    expect(await record('everywhere')).toMatchObject({ lastStartedAt: null, lastOutcome: null });
    // no claim: runs again at once, whatever next_run_at says
    handled = 2;
    expect((await registry.runOnce('everywhere')).result).toBe('succeeded');
    expect(await record('everywhere')).toMatchObject({ lastOutcome: 'succeeded', attempts: 1, lastStartedAt: expect.any(Date) });
  });

  it('runs queued work with its typed payload, retries it with backoff and leaves it dead after its last attempt', async () => {
    const refunds = jobQueueKey('testRefunds', z.object({ orderId: z.string(), cents: z.number().int() }));
    const seen: { orderId: string; cents: number }[] = [];
    const job: Job = queuedJob(refunds, {
      retry: { attempts: 2, firstDelayMs: 1000, maxDelayMs: 60_000 },
      run: async (payload) => {
        seen.push(payload);
        if (payload.orderId === 'bad') throw new Error('provider refused');
      },
    });
    const registry = new JobRegistry(database, [job], log);
    await registry.register();
    // queued in the caller's transaction: a rollback queues nothing
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, refunds, { orderId: 'rolled-back', cents: 1 });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const good = await enqueueJob(database.db, refunds, { orderId: 'good', cents: 39_900 });
    const bad = await enqueueJob(database.db, refunds, { orderId: 'bad', cents: 100 });
    // a wrong payload fails its caller, not the job later
    await expect(enqueueJob(database.db, refunds, { orderId: 7 } as never)).rejects.toThrow();

    expect(await registry.runOnce('testRefunds')).toMatchObject({ result: 'succeeded', handled: 2 });
    expect(seen.map((payload) => payload.orderId).sort()).toEqual(['bad', 'good']);
    const row = async (id: string) => (await database.db.select().from(jobQueue).where(eq(jobQueue.id, id)))[0]!;
    expect(await row(good)).toMatchObject({ status: 'done', attempts: 1, finishedAt: expect.any(Date) });
    const retried = await row(bad);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider refused' });
    expect(retried.runAt.getTime() - (await dbNow())).toBeGreaterThan(500);
    // not due before its backoff
    expect(await registry.runOnce('testRefunds')).toMatchObject({ result: 'idle', handled: 0 });

    await database.db
      .update(jobQueue)
      .set({ runAt: sql`now()` })
      .where(eq(jobQueue.id, bad));
    await registry.runOnce('testRefunds');
    expect(await row(bad)).toMatchObject({ status: 'dead', attempts: 2, lastError: 'provider refused' });
    const shown = (await listJobRuns(database.db)).find((job) => job.name === 'testRefunds');
    expect(shown).toMatchObject({
      kind: 'queued',
      queue: { pending: 0, dead: 1 },
      lastRun: { outcome: 'dead', attempts: 2, maxAttempts: 2, error: 'provider refused' },
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  let fresh: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    fresh = await createEmptyPostgres(process.env.TEST_DATABASE_URL!);
    one = openPostgres(fresh.url, 5);
    two = openPostgres(fresh.url, 5);
    await one.migrate();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await fresh?.drop();
  });

  /** The same declaration on both instances, as every instance declares every job. */
  async function onBoth(make: (instance: 'one' | 'two') => Job, forMs: number) {
    const registries = [new JobRegistry(one, [make('one')], log), new JobRegistry(two, [make('two')], log)];
    await Promise.all(registries.map((registry) => registry.start()));
    await sleep(forMs);
    await Promise.all(registries.map((registry) => registry.stop()));
  }

  it('runs each job once per period, whichever instance claims it', async () => {
    const runs: { instance: string; at: number }[] = [];
    await onBoth((instance) => periodicJob({ name: 'perPeriod', everyMs: 1000, run: async () => void runs.push({ instance, at: performance.now() }) }), 4500);
    const starts = runs.map((run) => run.at).sort((a, b) => a - b);
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    console.info(
      `two instances, a job every 1000 ms for 4.5 s: ${runs.length} runs (${runs.map((run) => run.instance).join(', ')}), ${gaps.map(Math.round).join(', ')} ms apart`,
    );
    // five periods began in 4.5 s: no more runs than that, and never two in one period
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(5);
    for (const gap of gaps) expect(gap).toBeGreaterThan(900);
  });

  it('never overlaps two runs of a job longer than its period: the advisory lock holds across instances', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    await onBoth(
      () =>
        periodicJob({
          name: 'longerThanItsPeriod',
          everyMs: 200,
          run: async () => {
            runs += 1;
            active += 1;
            most = Math.max(most, active);
            await sleep(600);
            active -= 1;
          },
        }),
      2500,
    );
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    // the lock's connection went back to the pools
    const [held] = await queryRows<{ count: number }>(one.db, sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and classid = 4242`);
    expect(held!.count).toBe(0);
  });
});
