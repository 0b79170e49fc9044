import { z } from 'zod';

/* The administrators' Users and Integrations pages. */

export const userRoleFilters = ['all', 'admin', 'customer'] as const;
export type TUserRoleFilter = (typeof userRoleFilters)[number];

export const ZAdminUsersQuery = z.object({
  /** part of the name or email; case and accents ignored */
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  role: z.enum(userRoleFilters).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** keyset cursor: the id of the previous page's last account */
  cursor: z.string().min(1).max(100).optional(),
});
export type TAdminUsersQuery = z.output<typeof ZAdminUsersQuery>;

const ZAdminUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** an authenticator app is set up (an administrator without one sees only the enrolment screen) */
  twoFactorEnabled: z.boolean(),
  language: z.string(),
  createdAt: z.iso.datetime(),
  orderCount: z.number().int(),
  /** sessions not yet expired */
  activeSessions: z.number().int(),
});
export type TAdminUserRow = z.output<typeof ZAdminUserRow>;

export const ZAdminUserPage = z.object({
  users: z.array(ZAdminUserRow),
  total: z
    .number()
    .int()
    .nullable()
    .describe(
      'matches in all, counted up to the cap (countCap, 10,000: at the cap, at least that many); on the first page only (null when a cursor was given)',
    ),
  nextCursor: z.string().nullable(),
});
export type TAdminUserPage = z.output<typeof ZAdminUserPage>;

export const ZRoleChange = z.object({ isAdmin: z.boolean({ error: 'admin.users.invalidRole' }) });
export type TRoleChange = z.output<typeof ZRoleChange>;

/** The one-time link an administrator without a second factor sets it up with (ADR 0027), to pass on to them; null when none is needed. */
const ZEnrolmentLink = z.object({ url: z.string(), expiresAt: z.iso.datetime() }).nullable();

export const ZRoleChangeResult = z.object({
  id: z.string(),
  isAdmin: z.boolean(),
  /** false when the account already had this role (nothing written) */
  changed: z.boolean(),
  enrolmentLink: ZEnrolmentLink,
});
export type TRoleChangeResult = z.output<typeof ZRoleChangeResult>;

export const ZSessionsEnded = z.object({ id: z.string(), ended: z.number().int().describe('sessions deleted') });
/** POST /api/admin/users/:id/reset-two-factor: the factor removed, every session of the account ended. */
export const ZSecondFactorReset = z.object({ id: z.string(), sessionsEnded: z.number().int(), enrolmentLink: ZEnrolmentLink });
export type TSecondFactorReset = z.output<typeof ZSecondFactorReset>;
export type TSessionsEnded = z.output<typeof ZSessionsEnded>;

/* ---- integrations (read-only; never a secret, a URL or a key) ---- */

const ZReachable = z.enum(['up', 'down']);

/** The jobs this version declares (src/server/jobs.ts); the page names them in both languages. */
export const knownJobNames = [
  'mailOutbox',
  'paymentReminders',
  'documentEmails',
  'messageEmails',
  'requestReminders',
  'overdueAlerts',
  'complianceReminders',
  'fileSweep',
  'userChangesPruning',
  'identityRetention',
  'dataExports',
  'dataExportCleanup',
] as const;
export type TKnownJobName = (typeof knownJobNames)[number];

export const jobOutcomes = ['running', 'succeeded', 'failed', 'dead'] as const;

const ZJobStatus = z.object({
  name: z.string().describe("the job's name, e.g. paymentReminders"),
  kind: z.enum(['periodic', 'queued']),
  everyMs: z.number().int().describe('periodic: its period; queued: how often each instance looks for work'),
  nextRunAt: z.iso.datetime().describe('periodic: when its next run (or retry) is due'),
  lastRun: z
    .object({
      startedAt: z.iso.datetime(),
      finishedAt: z.iso.datetime().nullable().describe('null while it runs'),
      durationMs: z.number().int().nullable(),
      outcome: z.enum(jobOutcomes).describe('failed: a retry is due at nextRunAt; dead: given up after its last attempt'),
      attempts: z.number().int(),
      maxAttempts: z.number().int().describe('the attempts a run gets before it is dead'),
      error: z.string().nullable().describe('the error of a failed run, with any URL credentials removed'),
    })
    .nullable(),
  lastSucceededAt: z.iso.datetime().nullable(),
  queue: z.object({ pending: z.number().int(), dead: z.number().int() }).nullable().describe('queued jobs: rows waiting and rows given up'),
});
export type TJobStatus = z.output<typeof ZJobStatus>;

export const ZIntegrationsStatus = z.object({
  checkedAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['embedded', 'postgres']),
    reachable: ZReachable,
    migrationsApplied: z.number().int(),
    migrationsKnown: z.number().int().describe('migrations this version ships'),
    lastMigration: z.string().nullable().describe('the tag of the newest migration applied, e.g. 0008_admin_users_launch_list'),
  }),
  storage: z.object({ kind: z.enum(['local', 's3']), reachable: ZReachable }),
  mail: z.object({
    kind: z.enum(['files', 'smtp']),
    /** waiting to be sent (including retries) */
    backlog: z.number().int(),
    /** given up after every retry */
    failed: z.number().int(),
    lastFailure: z
      .object({
        queuedAt: z.iso.datetime(),
        attempts: z.number().int(),
        final: z.boolean().describe('true: no more retries'),
        error: z.string().describe('the transport error, with any URL credentials removed'),
      })
      .nullable(),
  }),
  payments: z.object({
    kind: z.enum(['test', 'stripe']),
    webhookSecretSet: z.boolean(),
    lastEventAt: z.iso.datetime().nullable(),
  }),
  rateLimits: z.object({ kind: z.enum(['database', 'redis']), reachable: ZReachable }),
  /** the background jobs of the job registry (ADR 0022), by name */
  jobs: z.array(ZJobStatus),
});
export type TIntegrationsStatus = z.output<typeof ZIntegrationsStatus>;
