import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@shared/languages';
import { firstName } from '@shared/names';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { installationFacts, users } from './db/schema';
import { createFreshness, type Freshness } from './db/user-changes';
import { BackgroundWork } from './platform/auth/background-work';
import { createAuth, resetTokenSeconds, type Auth } from './platform/auth/better-auth';
import { authSecret, isLocalUrl } from './platform/auth/secret';
import { MailOutbox } from './platform/mail/outbox';
import { mailSenders } from './platform/mail/sender';
import { fileTransport } from './platform/mail/transport';
import { databaseRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter';
import { createHmac } from 'node:crypto';
import type { PaymentProvider } from './platform/payments/payment-provider';
import { testProvider } from './platform/payments/test-provider';
import { createStorage } from './platform/storage/create-storage';
import type { LegacyFiles } from './platform/storage/encrypted-storage';
import type { Storage } from './platform/storage/storage';
import { appPageUrl } from '@shared/locale-paths';
import { paths } from '@shared/client-paths';

/** What feature routes get: the database and the platform adapters, built once per app. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  /** keeps this instance's caches of sessions and order lists as fresh as a query (db/user-changes.ts) */
  freshness: Freshness;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  /** work finished after the answer (the password-reset email); the app waits for it on close */
  background: BackgroundWork;
  /** tests only: the reset email waits for `beforeResetEmail`, to prove the request does not */
  testHooks: { beforeResetEmail?: () => Promise<void> };
  storage: Storage;
  payments: PaymentProvider;
  /** signs the built-in test provider's sessions and events */
  testPaymentsSecret: string;
  /** what GET /api/ready checks: the database, the file storage and, when configured, Redis */
  readinessChecks: Record<string, () => Promise<unknown>>;
  /** releases the connections the services opened (not the database: the app owns it) */
  close(): Promise<void>;
}

/** Every instance given the same AUTH_SECRET derives the same secret, so any of them verifies any event. */
export function testPaymentsSecretFor(secret: string): string {
  return createHmac('sha256', secret).update('test-payments').digest('base64url');
}

/*
 * The adapters for optional services (Stripe, S3, Redis, SMTP) are imported only when configured:
 * their SDKs are a third of the server's start-up time and memory on the embedded default.
 */

/** Whether this installation may hold files from before (drizzle/0029 recorded it): served if so, refused if not. */
async function legacyFilesOf(db: Db): Promise<LegacyFiles> {
  const [fact] = await db.select({ name: installationFacts.name }).from(installationFacts).where(eq(installationFacts.name, 'files_before_encryption'));
  return fact ? 'serve' : 'refuse';
}

export async function createServices(config: Config, database: Database, log: FastifyBaseLogger): Promise<Services> {
  const { db } = database;
  const transport = config.SMTP_URL ? (await import('./platform/mail/smtp-transport')).smtpTransport(config.SMTP_URL) : fileTransport(config.outboxDir);
  const mail = new MailOutbox(db, transport, mailSenders(config.MAIL_FROM, config.MAIL_FROM_NAME_ES), log);
  const testHooks: Services['testHooks'] = {};
  const freshness = createFreshness(db);
  const auth = createAuth(db, config, {
    log,
    hooks: {
      async sendResetPassword({ user, token }) {
        await testHooks.beforeResetEmail?.();
        // the language the owner chose (sign-up, sign-in, /api/me/language), never one a visitor names
        const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
        const language = isLanguage(row?.language) ? row.language : 'en';
        await mail.enqueue({
          to: user.email,
          template: 'passwordReset',
          language,
          payload: {
            firstName: firstName(user.name),
            resetUrl: appPageUrl(config.APP_URL, paths.resetPassword({ token }), language),
            minutes: String(resetTokenSeconds / 60),
          },
        });
      },
    },
    freshness,
  });
  const testPaymentsSecret = testPaymentsSecretFor(authSecret(config));
  if (!config.AUTH_SECRET && !isLocalUrl(config.APP_URL)) {
    log.warn(
      { appUrl: config.APP_URL },
      'AUTH_SECRET is not set: using the development secret in DATA_DIR on a non-local APP_URL; set AUTH_SECRET (docs/deploy.md)',
    );
  }
  if (!config.FILE_ENCRYPTION_KEYS && !isLocalUrl(config.APP_URL)) {
    log.warn(
      { appUrl: config.APP_URL },
      'FILE_ENCRYPTION_KEYS is not set: files are encrypted with the development key in DATA_DIR on a non-local APP_URL; set FILE_ENCRYPTION_KEYS (docs/deploy.md)',
    );
  }
  const payments =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? (await import('./platform/payments/stripe-provider')).stripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiUrl: config.STRIPE_API_URL,
        })
      : testProvider(testPaymentsSecret, config.APP_URL);
  // with REDIS_URL the counters live in Redis; otherwise in the database, shared all the same
  const redisModule = config.REDIS_URL ? await import('./platform/rate-limit/redis-rate-limiter') : undefined;
  const redis = redisModule && config.REDIS_URL ? redisModule.connectRedis(config.REDIS_URL, log) : undefined;
  const rateLimiter = redisModule && redis ? redisModule.redisRateLimiter(redis, `${config.REDIS_KEY_PREFIX}rate:`) : databaseRateLimiter(db);
  const storage = await createStorage(config, config.FILE_PLAINTEXT ?? (await legacyFilesOf(db)));
  const readinessChecks = {
    database: () => database.ping(),
    storage: () => storage.ping(),
    ...(redis ? { redis: () => redis.ping() } : {}),
  };
  const close = async () => {
    storage.close?.();
    if (redisModule && redis) await redisModule.closeRedis(redis);
  };
  const background = new BackgroundWork(log);
  return { config, database, db, auth, freshness, mail, rateLimiter, background, testHooks, storage, payments, testPaymentsSecret, readinessChecks, close };
}
