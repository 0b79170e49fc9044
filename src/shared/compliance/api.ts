import { z } from 'zod';
import { deadlineKinds } from './calendar';

/** YYYY-MM-DD; whether it is a real occurrence of the company's calendar is checked on the server. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.validation_failed');

export const ZMarkDone = z.object({ kind: z.enum(deadlineKinds), dueDate: ZDay });
export type TMarkDone = z.output<typeof ZMarkDone>;

const ZAmount = z.object({ cents: z.number().int(), method: z.enum(['flat', 'minimum', 'no-fee']), basis: z.string().nullable() });
export const ZDeadline = z.object({
  kind: z.enum(['state-annual-report', 'state-tax', 'federal-5472', 'federal-1065', 'registered-agent', 'boi-note']),
  dueDate: z.string().nullable(),
  extendedDueDate: z.string().nullable(),
  amount: ZAmount.nullable(),
  descriptionKey: z.string(),
  taxName: z.string().nullable(),
  ruleText: z.string().nullable(),
  ruleKey: z.string(),
  everyYears: z.union([z.literal(1), z.literal(2)]).nullable(),
  sourceUrl: z.string().nullable(),
  lastVerified: z.string().nullable(),
  status: z.enum(['upcoming', 'due-soon', 'overdue', 'done', 'unknown', 'info']),
});

/** GET /api/orders/:id/compliance: the calendar, or none before the state approved the LLC. */
export const ZComplianceAnswer = z.object({
  /** null until an administrator records "state approved" */
  formationDate: z.string().nullable(),
  state: z.string(),
  owners: z.enum(['us', 'foreign']),
  members: z.enum(['single', 'multi']),
  deadlines: z.array(ZDeadline),
});
export type TComplianceAnswer = z.output<typeof ZComplianceAnswer>;

/** A calendar feed's secret: 32 random bytes, base64url (43 characters). Anything else is not a feed. */
export const calendarTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** GET/POST /api/orders/:id/calendar-link (owner only). The secret is stored hashed: `url` only in the answer that created it. */
export const ZCalendarLink = z.object({ active: z.boolean(), createdAt: z.string().nullable(), url: z.string().nullable() });
export type TCalendarLink = z.output<typeof ZCalendarLink>;

/**
 * GET /api/admin/compliance: every formed company's overdue deadlines and those due in the next
 * `ADMIN_HORIZON_DAYS`, a page of companies at a time, the company with the earliest first.
 */
export const ADMIN_HORIZON_DAYS = 90;
export const ZAdminDeadline = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  companyName: z.string(),
  email: z.string(),
  deadline: ZDeadline,
});
/** Companies per page of GET /api/admin/compliance: each with all its listed deadlines. */
export const ADMIN_COMPLIANCE_PAGE = 50;
/** The keyset cursor of the next page: the last company's earliest open deadline and its order id. */
export const ZAdminComplianceQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    .optional(),
});
export const ZAdminCompliance = z.object({ today: z.string(), items: z.array(ZAdminDeadline), nextCursor: z.string().nullable() });
export type TAdminCompliance = z.output<typeof ZAdminCompliance>;
