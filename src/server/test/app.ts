import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { openPostgres, type Database, type Db } from '@server/db/client';
import { mailOutbox, sessions, twoFactors, users } from '@server/db/schema';
import { seed } from '@server/db/seed';
import { promoteAdmin } from '@server/domain/admin-accounts';
import { createEmptyPostgres, type TestDatabase } from './databases';
import type { Injector } from './injector';
import { submitOrder } from './orders';

export type { Injector, InjectAnswer } from './injector';

/** A temporary DATA_DIR for one test app; removed by the returned cleanup. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'llc-test-'));
}

export function testConfig(overrides: Record<string, string> = {}, clientDir?: string): Config {
  // overload shedding off unless a test asks: one test's PGlite blocking the shared event loop must not shed another's requests
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tempDataDir(), OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...overrides }, clientDir);
}

export async function buildTestApp(
  database: Database,
  overrides: Record<string, string> = {},
  clientDir?: string,
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = testConfig(overrides, clientDir);
  const app = await buildApp(config, { database });
  return { app, config };
}

/**
 * One app on `target` for the tests of a describe block: opened before them, closed after them.
 * `suite.app` and `suite.database` are there inside tests and hooks, once the block has started.
 */
export function appPerSuite(target: TestDatabase, overrides: Record<string, string> = {}): { readonly app: FastifyInstance; readonly database: Database } {
  const suite = {} as { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    suite.database = await target.open();
    ({ app: suite.app } = await buildTestApp(suite.database, overrides));
  });
  afterAll(async () => {
    await suite.app?.close();
  });
  return suite;
}

let userCounter = 0;
/** A unique email per call, so every test makes its own data. */
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${userCounter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The Cookie header to send back, from a response's Set-Cookie headers. */
export function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((cookie: string) => cookie.split(';')[0]).join('; ');
}

export const strongPassword = 'correct horse battery staple';

/** Signs up a fresh customer; returns the session cookie and the user. */
export async function signUp(app: Injector, overrides: { name?: string; email?: string; password?: string; language?: 'en' | 'es' } = {}) {
  const body = { name: 'Ana María Pérez', email: uniqueEmail(), password: strongPassword, ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    cookie: cookieFrom(response),
    user: response.json().user as { id: string; name: string; email: string; emailVerified: boolean; isAdmin: boolean },
    password: body.password,
  };
}

/**
 * The same database for a second app (another instance, or the next process after a restart):
 * closing that app leaves the database open for the others; the test closes it itself.
 */
export function sharedDatabase(database: Database): Database {
  return { ...database, close: async () => undefined };
}

/**
 * A fresh customer (in `language`) with one submitted, unpaid order: the account and the order's
 * id. Here, not in ./orders.ts, which the browser tests import without the server.
 */
export async function customerWithOrder(app: FastifyInstance, language: 'en' | 'es' = 'en') {
  const customer = await signUp(app, { language });
  const response = await submitOrder(app, customer.cookie);
  if (response.statusCode !== 201) throw new Error(`order refused: ${response.body}`);
  return { ...customer, orderId: response.json().order.id as string };
}

/**
 * Two instances' connection pools on a fresh PostgreSQL (migrated, seeded) and an app on the
 * first: for the jobs every instance runs at once. Everything is closed and dropped afterwards.
 */
export async function onTwoPostgresInstances(adminUrl: string, run: (instances: { one: Database; two: Database; app: FastifyInstance }) => Promise<void>) {
  const fresh = await createEmptyPostgres(adminUrl);
  const one = openPostgres(fresh.url, 5);
  const two = openPostgres(fresh.url, 5);
  try {
    await one.migrate();
    await seed(one.db);
    const { app } = await buildTestApp(one);
    try {
      await run({ one, two, app });
    } finally {
      await app.close();
    }
  } finally {
    await two.close();
    await one.close();
    await fresh.drop();
  }
}

/**
 * An administrator as the tests of other features need one: promoted, with a second
 * factor on record, so the admin endpoints open to the session the test already holds. The
 * factor's secret is a stand-in: these accounts never sign in again with a code. The enrolment
 * itself is tested through the API in features/security (enrollSecondFactor in ./second-factor.ts).
 */
export async function promoteEnrolledAdmin(db: Db, email: string) {
  const user = await promoteAdmin(db, email);
  await db.insert(twoFactors).values({ id: randomUUID(), userId: user.id, secret: 'stand-in', backupCodes: 'stand-in', verified: true }).onConflictDoNothing();
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  // the sessions a real enrolment leaves were opened with the factor (ADR 0027)
  await db.update(sessions).set({ secondFactor: true }).where(eq(sessions.userId, user.id));
  return user;
}

/** An administrator and a Spanish-speaking customer with a submitted order, on `app`. */
export async function adminCustomerAndOrder(app: FastifyInstance, database: Database) {
  const admin = await signUp(app, { name: 'Erin Admin' });
  await promoteEnrolledAdmin(database.db, admin.user.email);
  const customer = await signUp(app, { language: 'es' });
  const orderId = (await submitOrder(app, customer.cookie)).json().order.id as string;
  return { admin, customer, orderId };
}

/** A request as the holder of `cookie` (none: a visitor). */
export const injectAs = (
  app: FastifyInstance,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  extra: { payload?: unknown; headers?: Record<string, string> } = {},
) => app.inject({ method, url, payload: extra.payload as never, headers: { ...(cookie ? { cookie } : {}), ...extra.headers } });

/** Opens the confirmation link of `email`'s welcome email (its newest link), as its owner would: the address is then verified. */
export async function confirmEmail(app: FastifyInstance, email: string) {
  const [mail] = await app.services.database.db
    .select({ payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), inArray(mailOutbox.template, ['welcome', 'verifyEmail'])))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = new URL(String(mail?.payload.verifyUrl));
  const answer = await app.inject({ url: `${link.pathname}${link.search}` });
  if (answer.statusCode !== 303 || !String(answer.headers.location).endsWith('?email=verified'))
    throw new Error(`the link did not confirm ${email}: ${answer.statusCode} ${String(answer.headers.location)}`);
}
