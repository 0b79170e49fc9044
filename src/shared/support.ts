import { z } from 'zod';
import { ZOwnerFilter } from './assignment';
import { ZLanguage } from './auth';
import {
  affiliateOrigin,
  countWords,
  messageMaxLength,
  messageMaxWords,
  messageMinWords,
  nameMaxLength,
  nameMinLength,
  ticketMessageMaxLength,
} from './support-rules';

export * from './support-rules';

/**
 * POST /api/support-tickets input (docs/product.md), the same on the client form and the server
 * route. Messages are keys of the `support` namespace; the affiliate form translates the message
 * keys with the context `affiliate` ('Affiliate request is required' instead of 'Support
 * message is required').
 */
export const ZSupportTicket = z.object({
  name: z
    .string({ error: 'support.nameRequired' })
    .trim()
    .min(1, 'support.nameRequired')
    .min(nameMinLength, 'support.nameLength')
    .max(nameMaxLength, 'support.nameTooLong'),
  email: z.string({ error: 'support.emailRequired' }).trim().min(1, 'support.emailRequired').max(254, 'support.validEmail').pipe(z.email('support.validEmail')),
  support_message: z
    .string({ error: 'support.messageRequired' })
    .trim()
    .min(1, 'support.messageRequired')
    .max(messageMaxLength, 'support.messageTooLong')
    .refine((text) => countWords(text) >= messageMinWords, 'support.messageMinWords')
    .refine((text) => countWords(text) <= messageMaxWords, 'support.messageMaxWords'),
  message_origin: z.literal(affiliateOrigin, { error: 'support.invalidOrigin' }).optional(),
  /**
   * The order a signed-in customer asks about (her own: the server checks), or none: the form's
   * "no particular order" is the empty string.
   */
  order_id: z
    .string({ error: 'support.orderInvalid' })
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.uuid('support.orderInvalid').optional())
    .optional(),
  /** the language the visitor wrote in, so the team knows which language to answer in */
  language: ZLanguage.optional(),
});
export type TSupportTicketInput = z.input<typeof ZSupportTicket>;
export type TSupportTicket = z.output<typeof ZSupportTicket>;

/** POST /api/support-tickets: the new ticket's id. */
export const ZTicketCreated = z.object({ ticket: z.object({ id: z.string() }) });

/** The admin list's origin filter: every ticket, ordinary tickets only, or affiliate applications. */
export const ticketOriginFilters = ['all', 'support', 'affiliate'] as const;
export type TTicketOriginFilter = (typeof ticketOriginFilters)[number];

export const ticketPageMaxSize = 100;

/** a ticket is open until answered; an administrator closes it (and may reopen it). */
export const ticketStatuses = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusFilters = ['all', ...ticketStatuses] as const;
export type TTicketStatusFilter = (typeof ticketStatusFilters)[number];

/** `?origin=Affiliate` (the stored value), `affiliate` and `AFFILIATE` are one filter. */
const lowerCased = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** every ticket, or only those past SUPPORT_REPLY_HOURS with no reply */
export const ticketDueFilters = ['all', 'overdue'] as const;
export type TTicketDueFilter = (typeof ticketDueFilters)[number];
/** newest first, or waiting longest first */
export const ticketSorts = ['newest', 'waiting'] as const;
export type TTicketSort = (typeof ticketSorts)[number];

const ticketFilterFields = {
  /** the requester's name, email or words of the request; folded like the orders search (ADR 0012) */
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  origin: z.preprocess(lowerCased, z.enum(ticketOriginFilters).default('all')),
  status: z.enum(ticketStatusFilters).default('all'),
  /** mine, unassigned, or an administrator's id */
  owner: ZOwnerFilter,
  due: z.enum(ticketDueFilters).default('all'),
  sort: z.enum(ticketSorts).default('newest'),
};

export const ZTicketListQuery = z.object({
  ...ticketFilterFields,
  limit: z.coerce.number().int().min(1).max(ticketPageMaxSize).default(20),
  /** the id of the last ticket of the previous page (keyset paging: stable while tickets arrive) */
  cursor: z.uuid().optional(),
});

/** GET /api/admin/support-tickets/export.csv: the filtered list, every ticket; `lang` names the header row. */
export const ZTicketExportQuery = z.object({ ...ticketFilterFields, lang: ZLanguage.default('en') });
export type TTicketListQuery = z.output<typeof ZTicketListQuery>;

export const ZSupportTicketView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  origin: z.literal(affiliateOrigin).nullable(),
  status: z.enum(ticketStatuses),
  language: ZLanguage,
  /** the administrator who owns the ticket (GET /api/admin/assignees names them) */
  assigneeId: z.string().nullable(),
  createdAt: z.string(),
});
export type TSupportTicketView = z.infer<typeof ZSupportTicketView>;

/** One entry of a ticket's thread after the request: a reply (emailed) or an internal note. */
export const ZTicketMessage = z.object({
  id: z.string(),
  kind: z.enum(['reply', 'note']),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

/** GET /api/admin/support-tickets/:id: the request and its thread, oldest first. */
export const ZTicketThread = z.object({ ticket: ZSupportTicketView, messages: z.array(ZTicketMessage) });
export type TTicketThread = z.infer<typeof ZTicketThread>;

/** POST …/replies and …/notes */
export const ZTicketMessageInput = z.object({
  body: z
    .string({ error: 'support.admin.thread.required' })
    .trim()
    .min(1, 'support.admin.thread.required')
    .max(ticketMessageMaxLength, 'support.admin.thread.tooLong'),
});
export type TTicketMessageInput = z.input<typeof ZTicketMessageInput>;

/** PATCH /api/admin/support-tickets/:id/status */
export const ZTicketStatusChange = z.object({ status: z.enum(ticketStatuses, { error: 'support.admin.thread.invalidStatus' }) });

export const ZTicketPage = z.object({ tickets: z.array(ZSupportTicketView), nextCursor: z.string().nullable() });
export type TTicketPage = z.infer<typeof ZTicketPage>;

/** docs/product.md, "Validation": the presale launch list takes an email only (stored by launch-list.ts). */
export const ZLaunchListEntry = z.object({ email: ZSupportTicket.shape.email });
export type TLaunchListEntry = z.infer<typeof ZLaunchListEntry>;
