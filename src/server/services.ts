import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@shared/languages';
import { firstName } from '@shared/names';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { users } from './db/schema';
import { createAuth, devSecret, resetTokenSeconds, type Auth } from './platform/auth/better-auth';
import { MailOutbox } from './platform/mail/outbox';
import { fileTransport, smtpTransport } from './platform/mail/transport';
import { databaseRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter';
import { createHmac } from 'node:crypto';
import type { PaymentProvider } from './platform/payments/payment-provider';
import { stripeProvider } from './platform/payments/stripe-provider';
import { testProvider } from './platform/payments/test-provider';
import { localStorage } from './platform/storage/local-storage';
import type { Storage } from './platform/storage/storage';

/** What feature routes get: the database and the platform adapters, built once per app. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  storage: Storage;
  payments: PaymentProvider;
  /** signs the built-in test provider's sessions and events */
  testPaymentsSecret: string;
}

export function createServices(config: Config, database: Database, log: FastifyBaseLogger): Services {
  const { db } = database;
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(config.outboxDir);
  const mail = new MailOutbox(db, transport, config.MAIL_FROM, log);
  const auth = createAuth(db, config, log, {
    async sendResetPassword({ user, token }) {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
      await mail.enqueue({
        to: user.email,
        template: 'passwordReset',
        language: isLanguage(row?.language) ? row.language : 'en',
        payload: {
          firstName: firstName(user.name),
          resetUrl: new URL(`/reset-password?token=${encodeURIComponent(token)}`, config.APP_URL).toString(),
          minutes: String(resetTokenSeconds / 60),
        },
      });
    },
  });
  const testPaymentsSecret = createHmac('sha256', config.AUTH_SECRET ?? devSecret).update('test-payments').digest('base64url');
  const payments =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? stripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
      : testProvider(testPaymentsSecret, config.APP_URL);
  return { config, database, db, auth, mail, rateLimiter: databaseRateLimiter(db), storage: localStorage(config.filesDir), payments, testPaymentsSecret };
}
