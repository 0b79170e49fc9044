import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownJobNames } from '@shared/admin-users';
import { migrationsFolder, type Database } from '@server/db/client';
import { mailOutbox, paymentEvents } from '@server/db/schema';
import { buildTestApp, sharedDatabase, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { declareJobs } from '@server/jobs';
import { JobRegistry, periodicJob } from '@server/platform/jobs/job-registry';
import { testDatabases } from '@server/test/databases';
import { fakeS3Config, startFakeS3, type FakeS3 } from '@server/test/fake-s3';
import type { TIntegrationsStatus } from '@shared/admin-users';
import { redactError } from './integrations.service';

const shipped = (JSON.parse(fs.readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] }).entries;

/** Every secret-looking setting, each with a value that must never appear in the answer. */
const secrets = {
  AUTH_SECRET: 'auth-secret-value-0123456789-abcdefghij',
  SMTP_URL: 'smtp://mailer:smtp-pa55word@127.0.0.1:1',
  STRIPE_SECRET_KEY: 'sk_test_stripeSecretKey987',
  STRIPE_WEBHOOK_SECRET: 'whsec_webhookSecret654',
  REDIS_URL: 'redis://:redis-pa55word@127.0.0.1:1',
  S3_ACCESS_KEY_ID: 'AKIAS3ACCESSKEYID',
  S3_SECRET_ACCESS_KEY: 's3-secret-access-key-value',
  DATABASE_URL: 'postgres://dbuser:db-pa55word@db.internal:5432/frontera',
};
const secretFragments = [
  'auth-secret-value',
  'smtp-pa55word',
  'mailer',
  'stripeSecretKey987',
  'webhookSecret654',
  'redis-pa55word',
  'AKIAS3ACCESSKEYID',
  's3-secret-access-key',
  'db-pa55word',
  'dbuser',
  'db.internal',
  '127.0.0.1',
];

describe.each(testDatabases)('admin integrations API on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let admin: { cookie: string };
  beforeAll(async () => {
    database = await target.open();
    // the same AUTH_SECRET as the configured app below, so one session cookie works on both
    ({ app } = await buildTestApp(sharedDatabase(database), { AUTH_SECRET: secrets.AUTH_SECRET }));
    const account = await signUp(app);
    await promoteEnrolledAdmin(database.db, account.user.email);
    admin = account;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('reports the default adapters: the database and its migrations, local files, .eml mail, test payments, database rate limits', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/admin/integrations', headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      checkedAt: expect.any(String),
      database: {
        kind: target.name === 'pglite' ? 'embedded' : 'postgres',
        reachable: 'up',
        migrationsApplied: shipped.length,
        migrationsKnown: shipped.length,
        lastMigration: shipped.at(-1)!.tag,
      },
      storage: { kind: 'local', reachable: 'up' },
      mail: { kind: 'files', backlog: expect.any(Number), failed: 0, lastFailure: null },
      payments: { kind: 'test', webhookSecretSet: true, lastEventAt: null },
      rateLimits: { kind: 'database', reachable: 'up' },
      // no instance has run the job registry on this database yet
      jobs: [],
    });
  });

  it("returns each job's last run: every declared job once, and a failing one with its retry due and its error redacted", async () => {
    const failing = periodicJob({
      name: 'zzFailing',
      everyMs: 3_600_000,
      retry: { attempts: 4, firstDelayMs: 30_000 },
      run: async () => {
        throw new Error('request to https://jobs:hook-pa55word@hooks.example.com/run?token=abc failed');
      },
    });
    const registry = new JobRegistry(database, [...declareJobs(app), failing], pino({ level: 'silent' }));
    await registry.register();
    for (const name of registry.names) await registry.runOnce(name);
    await registry.stop();

    const answer = await app.inject({ method: 'GET', url: '/api/admin/integrations', headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(200);
    const { jobs } = answer.json() as TIntegrationsStatus;
    expect(jobs.map((job) => job.name)).toEqual([...knownJobNames, 'zzFailing'].sort());
    const ran = { startedAt: expect.stringMatching(/^\d{4}-/), finishedAt: expect.stringMatching(/^\d{4}-/), durationMs: expect.any(Number) };
    // the outbox sent the administrator's welcome email: a run it records (one that sends nothing is not)
    for (const job of jobs.filter((job) => job.name !== 'zzFailing' && job.kind === 'periodic')) {
      expect(job, job.name).toMatchObject({
        lastRun: { ...ran, outcome: 'succeeded', attempts: 1, error: null },
        lastSucceededAt: expect.any(String),
        queue: null,
      });
    }
    // a queued job with nothing queued has not run: its queue is what it shows
    const queued = jobs.filter((job) => job.kind === 'queued');
    expect(queued.map((job) => job.name)).toEqual(['dataExports']);
    for (const job of queued) expect(job, job.name).toMatchObject({ lastRun: null, queue: { pending: 0, dead: 0 } });
    const failed = jobs.find((job) => job.name === 'zzFailing')!;
    expect(failed).toMatchObject({
      everyMs: 3_600_000,
      lastRun: { ...ran, outcome: 'failed', attempts: 1, maxAttempts: 4, error: 'request to https://hooks.example.com/run failed' },
      lastSucceededAt: null,
    });
    // its retry is due 30 s after the failure
    const retryIn = Date.parse(failed.nextRunAt) - Date.parse(failed.lastRun!.finishedAt!);
    expect(retryIn).toBeGreaterThan(29_000);
    expect(retryIn).toBeLessThan(31_000);
  });

  describe('with every production integration configured', () => {
    let s3: FakeS3;
    let configured: FastifyInstance;
    beforeAll(async () => {
      s3 = await startFakeS3();
      ({ app: configured } = await buildTestApp(sharedDatabase(database), { ...fakeS3Config(s3), ...secrets }));
      // a mail that failed for good, its error naming the SMTP URL with its password
      await database.db.insert(mailOutbox).values([
        {
          recipient: 'a@example.com',
          template: 'statusChanged',
          language: 'es',
          payload: {},
          status: 'failed',
          attempts: 8,
          lastError: `connect ECONNREFUSED ${secrets.SMTP_URL} (https://api.example.com/x?key=${secrets.STRIPE_SECRET_KEY})`,
        },
        {
          recipient: 'b@example.com',
          template: 'statusChanged',
          language: 'en',
          payload: {},
          status: 'pending',
          nextAttemptAt: new Date(Date.now() + 3_600_000),
        },
      ]);
      await database.db
        .insert(paymentEvents)
        .values({ eventId: `evt_${Date.now()}`, provider: 'stripe', type: 'checkout.session.completed', outcome: 'applied' });
    });
    afterAll(async () => {
      await configured?.close();
      await s3?.close();
    });

    it('says which, and whether each answers, with no secret, URL, host or key anywhere in the answer', async () => {
      const answer = await configured.inject({ method: 'GET', url: '/api/admin/integrations', headers: { cookie: admin.cookie } });
      expect(answer.statusCode).toBe(200);
      const status = answer.json();
      expect(status).toMatchObject({
        storage: { kind: 's3', reachable: 'up' },
        mail: { kind: 'smtp', failed: 1, lastFailure: { attempts: 8, final: true } },
        payments: { kind: 'stripe', webhookSecretSet: true, lastEventAt: expect.stringMatching(/^\d{4}-/) },
        rateLimits: { kind: 'redis', reachable: 'down' },
      });
      expect(status.mail.backlog).toBeGreaterThanOrEqual(1);
      expect(status.mail.lastFailure.error).toBe('connect ECONNREFUSED smtp://127.0.0.1:1 (https://api.example.com/x)');
      for (const fragment of secretFragments.filter((f) => f !== '127.0.0.1')) expect(answer.body, fragment).not.toContain(fragment);
      expect(answer.body).not.toContain(s3.url);
    });
  });
});

describe('redactError', () => {
  it('drops credentials in URLs and query strings, and bounds the length', () => {
    expect(redactError('auth failed for smtps://user%40x.com:p%3Ass@mail.example.com:465')).toBe('auth failed for smtps://mail.example.com:465');
    expect(redactError('GET https://h.example/a?token=abc def')).toBe('GET https://h.example/a def');
    expect(redactError('x'.repeat(1000))).toHaveLength(300);
  });
});
