import path from 'node:path';
import { z } from 'zod';
import { isCountryCode } from '@shared/countries';
import { liveHeartbeatSeconds } from '@shared/live-events';
import { refundFeePercentBounds } from '@shared/refund-rules';
import { promiseHours, type PromiseHours, type PromiseWindow } from '@shared/promised-times';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A third-party script or media URL; lists are comma-separated. The CSP allows exactly their origins. */
const externalUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
const externalUrlList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(externalUrl));

/** A link target shown to visitors: an http(s) URL, a /path or '#' (never javascript: and the like). */
const linkUrl = z.string().regex(/^(#|\/(?!\/)|https?:\/\/\S+$)/, 'must be an http:// or https:// URL, a /path or #');

/**
 * Keys that encrypt stored files (ADR 0026): `id:base64key`, comma-separated; the first encrypts
 * new files, every one decrypts. A key is 32 random bytes (`openssl rand -base64 32`).
 */
const fileEncryptionKeys = z
  .string()
  .transform((value, context) => {
    const keys: { id: string; key: Buffer }[] = [];
    for (const item of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [id = '', encoded = '', ...extra] = item.split(':');
      const key = Buffer.from(encoded, 'base64');
      const problem =
        !item.includes(':') || !/^[\w.-]{1,64}$/.test(id)
          ? 'needs id:base64key items, the id 1-64 letters, digits or . _ -'
          : extra.length > 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || key.length !== 32
            ? `key "${id}" must be 32 bytes in base64 (openssl rand -base64 32)`
            : keys.some((other) => other.id === id)
              ? `lists the id "${id}" twice`
              : undefined;
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      keys.push({ id, key });
    }
    if (keys.length === 0) {
      context.addIssue({ code: 'custom', message: 'needs at least one id:base64key' });
      return z.NEVER;
    }
    return keys;
  })
  .optional();

const ZAgent = z.object({
  name: z.string().trim().min(1).max(120),
  line1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().length(2),
  zip: z.string().trim().min(1).max(20),
  county: z.string().trim().min(1).max(100),
});
export type AgentSetting = z.output<typeof ZAgent>;
const registeredAgentsSetting = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value?.trim()) return {};
    try {
      return z.record(z.string().regex(/^([A-Z]{2}|\*)$/), ZAgent).parse(JSON.parse(value));
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON keyed by state code or "*", each {"name","line1","city","state","zip","county"}' });
      return z.NEVER;
    }
  });

/** "24-48": a window in whole hours, its start not after its end. */
function hourWindow(fallback: PromiseWindow) {
  return z
    .string()
    .default(`${fallback.from}-${fallback.to}`)
    .transform((value, context) => {
      const match = /^\s*(\d{1,5})\s*-\s*(\d{1,5})\s*$/.exec(value);
      const window = match && { from: Number(match[1]), to: Number(match[2]) };
      if (!window || window.from > window.to) {
        context.addIssue({ code: 'custom', message: 'must be two whole numbers of hours, the first not larger, as "24-48"' });
        return z.NEVER;
      }
      return window;
    });
}

/** The promise hours of the configuration, for src/shared/promised-times.ts. */
export const promiseHoursOf = (
  config: Pick<Config, 'PROCESSING_START_HOURS' | 'STATE_APPROVAL_HOURS' | 'EIN_ISSUED_HOURS' | 'SUPPORT_REPLY_HOURS'>,
): PromiseHours => ({
  processingStart: config.PROCESSING_START_HOURS,
  stateApproval: config.STATE_APPROVAL_HOURS,
  einIssued: config.EIN_ISSUED_HOURS,
  supportReply: config.SUPPORT_REPLY_HOURS,
});

/**
 * Every setting comes from the environment; every default runs on a laptop with no services
 * (embedded database, local files, test payments, .eml outbox).
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number (0-65535)' }).int().min(0).max(65535, 'must be a port number (0-65535)').default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** unset: http://localhost:$PORT, so a laptop on another port gets working links and payment redirects */
  APP_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  MAIL_FROM: z.string().min(3).default('Frontera <no-reply@example.com>'),
  /** the sender's display name in emails to Spanish-speaking customers (same address); unset: see mailSenders */
  MAIL_FROM_NAME_ES: z.string().trim().min(1).max(100).optional(),
  /** the seller on receipts: the legal name and postal address; set both in production */
  BUSINESS_NAME: z.string().trim().min(1).max(120).default('Frontera LLC Formation'),
  BUSINESS_ADDRESS: z.string().trim().min(1).max(300).default('30 N Gould St, Sheridan, WY 82801, USA'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(64).default(8),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  MARKETING_URL: z.string().min(1).default('/v2'),
  // third-party widgets and tags (docs/decisions/0003): unset by default, and then nothing leaves the browser
  REVIEW_WIDGET_URL: externalUrl.optional(),
  TESTIMONIAL_WIDGET_URLS: externalUrlList,
  ANALYTICS_SCRIPT_URLS: externalUrlList,
  EXPLAINER_VIDEO_URL: externalUrl.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** unset: SMTP when SMTP_URL is set, else .eml files; production must choose files explicitly */
  MAIL_TRANSPORT: z.enum(['smtp', 'files'], { error: 'must be smtp or files' }).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  AUTH_RATE_LIMIT_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, 'must look like sk_... or rk_...')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must look like whsec_...')
    .optional(),
  /** only for tests: a loopback server standing in for the Stripe API */
  STRIPE_API_URL: z.url().optional(),
  ALLOW_TEST_PAYMENTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** support tickets and affiliate applications per IP per 15 minutes */
  SUPPORT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** the retailer checkout of the promotional page (/jv-sales) and the affiliate marketplace (/jv-partner) */
  JV_CHECKOUT_URL: linkUrl.default('#'),
  AFFILIATE_MARKETPLACE_URL: linkUrl.default('#'),
  /** the partner launch of /jv-presale (docs/product.md, "Constants and limits": June 01, 2025 at 12:00 PM EST); after it the page says it launched */
  PRESALE_LAUNCH_AT: z.iso
    .datetime({ offset: true, error: 'must be an ISO date and time, like 2025-06-01T12:00:00-05:00' })
    .default('2025-06-01T12:00:00-05:00'),
  // S3-compatible storage for uploaded files (docs/deploy.md: scaling to N instances); S3_BUCKET turns it on
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[\w-]+$/, 'must be a region name like us-east-1')
    .default('us-east-1'),
  /** unset = AWS; set for MinIO, R2, Spaces and the like */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** unset = the SDK's default credential chain (instance role, AWS_* variables) */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** shared rate-limit counters across instances (docs/deploy.md: scaling to N instances) */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** namespaces our keys when the Redis is shared with other apps */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits or : . _ -')
    .default('frontera:'),
  // brute force across many addresses: sign-in attempts per account from all IPs per
  // window. Reaching it never stops the owner: the reset email still goes out, and a completed
  // reset clears the account's counters.
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: z.coerce.number().int().positive().default(100),
  /**
   * Nationalities (ISO codes) under comprehensive US sanctions: their orders are held for review
   * before payment (ADR 0012). Default: OFAC's comprehensive country programs, Cuba, Iran and North
   * Korea; set to an empty string to hold none.
   */
  SANCTIONED_NATIONALITIES: z
    .string()
    .default('CU,IR,KP')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isCountryCode, 'must be ISO 3166-1 alpha-2 codes, comma-separated'))),
  // files and process lifecycle (the orphan-file sweeper and shutdown)
  /** unset outside production: a key generated into DATA_DIR/file-encryption-key (platform/storage/file-keys.ts) */
  FILE_ENCRYPTION_KEYS: fileEncryptionKeys,
  /**
   * Files from before (ADR 0026: written before encryption, or before files were bound to their
   * storage key): 'serve' them until `npm run admin -- rotate-file-key` has rewritten them, then
   * 'refuse' them as tampered. Unset: 'refuse' on an installation that never held such files,
   * 'serve' on one that did (installation_facts, recorded by drizzle/0029).
   */
  FILE_PLAINTEXT: z.enum(['serve', 'refuse']).optional(),
  /** stored files no row references are deleted once this old (a submission in flight is younger) */
  FILE_SWEEP_GRACE_MINUTES: z.coerce.number().int().min(0).default(60),
  FILE_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(30),
  /** an order still pending payment this long after it was made gets one reminder email */
  ORDER_REMINDER_AFTER_HOURS: z.coerce.number().int().min(1).default(24),
  ORDER_REMINDER_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(10),
  /** how often each instance looks for compliance deadlines 60, 30 and 7 days away (ADR 0015) */
  COMPLIANCE_REMINDER_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(60),
  /** documents added or replaced within this long go to the customer in one email */
  DOCUMENT_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(120),
  DOCUMENT_EMAIL_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** messages one user may post in the thread window (10 minutes), and how long the team's messages wait to be emailed together */
  MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  MESSAGE_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(120),
  /** A request in an order's thread still open this long after it was made gets one reminder email (job requestReminders) */
  REQUEST_REMINDER_AFTER_HOURS: z.coerce.number().int().min(1).default(48),
  /**
   * The promises the admin queue keeps (src/shared/promised-times.ts, docs/product.md, "Promises"):
   * processing starts within PROCESSING_START_HOURS of payment; a US citizen's LLC is approved
   * STATE_APPROVAL_HOURS ("from-to") after the filing; everyone else's EIN EIN_ISSUED_HOURS after
   * payment (2-4 weeks); a ticket is answered within SUPPORT_REPLY_HOURS of the customer's message.
   */
  PROCESSING_START_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(promiseHours.processingStart),
  STATE_APPROVAL_HOURS: hourWindow(promiseHours.stateApproval),
  EIN_ISSUED_HOURS: hourWindow(promiseHours.einIssued),
  SUPPORT_REPLY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(promiseHours.supportReply),
  /** how often each instance looks for work that just became overdue (one email per crossing, claimed once across instances) */
  OVERDUE_CHECK_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(5),
  /**
   * A customer's identity documents (SSN proof, passport, other ID) are deleted this many
   * days after the EIN is issued (docs/product.md says why); the daily identityRetention job does it
   */
  IDENTITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** docs/product.md, "Constants and limits": the processing fee kept when the country or the documents are the reason (8-11 %) */
  REFUND_FEE_PERCENT: z.coerce.number().min(refundFeePercentBounds.min).max(refundFeePercentBounds.max).default(refundFeePercentBounds.default),
  /** a comment line on every open live stream (GET /api/events) this often, so proxies and browsers keep it open (docs/product.md: 30) */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(liveHeartbeatSeconds),
  /**
   * Our registered agent per state, for the filings: JSON keyed by state code ("*" for
   * every state not named), each {"name","line1","city","state","zip","county"}. Unset: a
   * placeholder that says so on every document, so nothing is filed with an invented agent.
   */
  REGISTERED_AGENTS: registeredAgentsSetting,
  /**
   * Overload: requests are shed with 503 + Retry-After while the event loop's mean delay
   * (ms) or its utilisation (0-1) is above these (0 = never); liveness and /metrics still answer
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** no shedding this long after start: the warm-up (first queries, compiling) is not overload */
  OVERLOAD_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** password hashes (sign-up, sign-in, reset) computed at once, and waiting beyond those before a 503 (platform/auth/password-hash.ts) */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /** GET /metrics (Prometheus) answers only with `Authorization: Bearer <this>`; unset, /metrics is off (404) */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** OpenTelemetry traces go to this OTLP/HTTP endpoint (`/v1/traces` appended); unset, tracing is off and costs nothing */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('frontera'),
  /** unexpected errors (500s) reported to this Sentry-compatible DSN (platform/observability/error-reporting.ts); unset, none */
  SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  SENTRY_RELEASE: z.string().min(1).default('frontera'),
  /** on SIGTERM, in-flight requests get this long; then the remaining connections are cut */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(10),
});

export type Config = Omit<z.infer<typeof configSchema>, 'APP_URL'> & {
  APP_URL: string;
  /** absolute directories derived from DATA_DIR */
  dbDir: string;
  filesDir: string;
  outboxDir: string;
  /** built SPA; absent in API-only tests */
  clientDir: string | undefined;
};

export class ConfigError extends Error {}

/** Parse the environment; an invalid value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, clientDir?: string): Config {
  const cleaned = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, emptyAsUndefined(value)]));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && !config.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required when NODE_ENV=production');
  }
  // identity documents must not be encrypted with a key that lives beside them on one machine
  if (config.NODE_ENV === 'production' && !config.FILE_ENCRYPTION_KEYS) {
    throw new ConfigError('Invalid configuration: FILE_ENCRYPTION_KEYS is required when NODE_ENV=production');
  }
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  // the built-in test provider lets anyone "pay": never by accident in production
  if (config.NODE_ENV === 'production' && !config.STRIPE_SECRET_KEY && !config.ALLOW_TEST_PAYMENTS) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY is required when NODE_ENV=production (or set ALLOW_TEST_PAYMENTS=true)');
  }
  // reset links and payment emails must reach people: a forgotten SMTP_URL must not silently write files
  if (config.NODE_ENV === 'production' && !config.SMTP_URL && config.MAIL_TRANSPORT !== 'files') {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when NODE_ENV=production (or set MAIL_TRANSPORT=files)');
  }
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) throw new ConfigError('Invalid configuration: SMTP_URL is required when MAIL_TRANSPORT=smtp');
  if (config.MAIL_TRANSPORT === 'files' && config.SMTP_URL)
    throw new ConfigError('Invalid configuration: MAIL_TRANSPORT is files while SMTP_URL is set; choose one');
  const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const strayS3 = s3Settings.find((name) => config[name]);
  if (strayS3 && !config.S3_BUCKET) throw new ConfigError(`Invalid configuration: S3_BUCKET is required when ${strayS3} is set`);
  // one without the other would silently fall back to the default credential chain
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      `Invalid configuration: ${config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is required when the other S3 key is set`,
    );
  }
  const dataDir = path.resolve(config.DATA_DIR);
  return {
    ...config,
    APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}`,
    dbDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    outboxDir: path.join(dataDir, 'outbox'),
    clientDir,
  };
}
