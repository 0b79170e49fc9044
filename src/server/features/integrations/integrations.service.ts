import fs from 'node:fs';
import path from 'node:path';
import { desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { TIntegrationsStatus } from '@shared/admin-users';
import { migrationsFolder, queryRows } from '@server/db/client';
import { mailOutbox, paymentEvents } from '@server/db/schema';
import { listJobRuns } from '@server/platform/jobs/job-runs';
import type { Services } from '@server/services';

/** A check that hangs counts as down, so the page answers in time. */
const checkTimeoutMs = 3000;

async function reachable(check: (() => Promise<unknown>) | undefined): Promise<'up' | 'down'> {
  if (!check) return 'down';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), checkTimeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** A transport error as shown to administrators: no URL credentials, no query strings, bounded. */
export function redactError(message: string): string {
  return message
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1')
    .replace(/(https?:\/\/[^\s?]*)\?[^\s)"'>]*/gi, '$1')
    .slice(0, 300);
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this version ships (drizzle/meta/_journal.json), read once. */
let journal: JournalEntry[] | undefined;
function shippedMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

async function migrationState(services: Services) {
  // drizzle's own table: one row per applied migration, created_at = the journal's `when`
  const [row] = await queryRows<{ applied: number; last: string | null }>(
    services.db,
    sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = row?.last == null ? undefined : shippedMigrations().find((entry) => String(entry.when) === row.last);
  return { migrationsApplied: Number(row?.applied ?? 0), migrationsKnown: shippedMigrations().length, lastMigration: last?.tag ?? null };
}

async function mailState(services: Services) {
  const { db } = services;
  const [counts] = await db
    .select({
      backlog: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'pending'))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'failed'))::int`,
    })
    .from(mailOutbox);
  const [failure] = await db
    .select({ createdAt: mailOutbox.createdAt, attempts: mailOutbox.attempts, status: mailOutbox.status, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.lastError))
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(1);
  return {
    kind: services.config.SMTP_URL ? ('smtp' as const) : ('files' as const),
    backlog: counts?.backlog ?? 0,
    failed: counts?.failed ?? 0,
    lastFailure: failure
      ? {
          queuedAt: failure.createdAt.toISOString(),
          attempts: failure.attempts,
          final: failure.status === 'failed',
          error: redactError(failure.lastError ?? ''),
        }
      : null,
  };
}

async function paymentState(services: Services) {
  const [last] = await services.db
    .select({ at: max(paymentEvents.createdAt) })
    .from(paymentEvents)
    .where(eq(paymentEvents.provider, services.payments.name));
  return {
    kind: services.payments.name,
    webhookSecretSet: services.payments.name === 'stripe' ? Boolean(services.config.STRIPE_WEBHOOK_SECRET) : true,
    lastEventAt: last?.at ? new Date(last.at).toISOString() : null,
  };
}

/** The job registry's run records (ADR 0022): dates as ISO strings, errors redacted like the mail's. */
async function jobsState(services: Services): Promise<TIntegrationsStatus['jobs']> {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return (await listJobRuns(services.db)).map(({ lastRun, ...job }) => ({
    ...job,
    nextRunAt: job.nextRunAt.toISOString(),
    lastSucceededAt: iso(job.lastSucceededAt),
    lastRun: lastRun && {
      ...lastRun,
      startedAt: lastRun.startedAt.toISOString(),
      finishedAt: iso(lastRun.finishedAt),
      error: lastRun.error === null ? null : redactError(lastRun.error),
    },
  }));
}

/**
 * GET /api/admin/integrations: which adapter each concern uses and whether it answers. Built from
 * kinds, counts, booleans and times only, never from the configuration's strings, so no secret,
 * URL or key can reach the page.
 */
export async function integrationsStatus(services: Services): Promise<TIntegrationsStatus> {
  const { config, database, readinessChecks } = services;
  const [databaseReachable, migrations, storage, mail, payments, redis, jobs] = await Promise.all([
    reachable(() => database.ping()),
    migrationState(services),
    reachable(readinessChecks.storage),
    mailState(services),
    paymentState(services),
    config.REDIS_URL ? reachable(readinessChecks.redis) : Promise.resolve(null),
    jobsState(services),
  ]);
  return {
    checkedAt: new Date().toISOString(),
    database: { kind: database.kind === 'pglite' ? 'embedded' : 'postgres', reachable: databaseReachable, ...migrations },
    storage: { kind: config.S3_BUCKET ? 's3' : 'local', reachable: storage },
    mail,
    payments,
    // the database counters share the database's fate
    rateLimits: redis ? { kind: 'redis', reachable: redis } : { kind: 'database', reachable: databaseReachable },
    jobs,
  };
}
