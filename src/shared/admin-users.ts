import { z } from 'zod';

/* Issue 21: the administrators' Users and Integrations pages. */

export const userRoleFilters = ['all', 'admin', 'customer'] as const;
export type TUserRoleFilter = (typeof userRoleFilters)[number];

export const ZAdminUsersQuery = z.object({
  /** part of the name or email; case and accents ignored */
  q: z.string().trim().max(100).optional().transform((value) => value || undefined),
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
  language: z.string(),
  createdAt: z.iso.datetime(),
  orderCount: z.number().int(),
  /** sessions not yet expired */
  activeSessions: z.number().int(),
});
export type TAdminUserRow = z.output<typeof ZAdminUserRow>;

export const ZAdminUserPage = z.object({
  users: z.array(ZAdminUserRow),
  total: z.number().int().nullable().describe('matches in all; counted on the first page only (null when a cursor was given)'),
  nextCursor: z.string().nullable(),
});
export type TAdminUserPage = z.output<typeof ZAdminUserPage>;

export const ZRoleChange = z.object({ isAdmin: z.boolean({ error: 'admin.users.invalidRole' }) });
export type TRoleChange = z.output<typeof ZRoleChange>;

export const ZRoleChangeResult = z.object({
  id: z.string(),
  isAdmin: z.boolean(),
  /** false when the account already had this role (nothing written) */
  changed: z.boolean(),
});
export type TRoleChangeResult = z.output<typeof ZRoleChangeResult>;

export const ZSessionsEnded = z.object({ id: z.string(), ended: z.number().int().describe('sessions deleted') });
export type TSessionsEnded = z.output<typeof ZSessionsEnded>;

/* ---- integrations (read-only; never a secret, a URL or a key) ---- */

const ZReachable = z.enum(['up', 'down']);

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
});
export type TIntegrationsStatus = z.output<typeof ZIntegrationsStatus>;
