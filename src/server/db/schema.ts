import { sql } from 'drizzle-orm';
import type { AttentionReason } from '@shared/attention';
import type { OrderStage } from '@shared/order-stage';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { bigint, boolean, check, customType, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userSearchExpression } from './user-search';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/* ---- accounts (Better Auth's user/session/account/verification models) ---- */

/** docs/product.md, "Entities": Profile: id, email, name, is_admin. `language` is the one the customer last used. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    isAdmin: boolean('is_admin').notNull().default(false),
    language: text('language').notNull().default('en'),
    /** Better Auth's two-factor plugin: set once a TOTP secret is confirmed with a code */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** what the administrators' user search matches: name and email, folded, kept by the database (db/user-search.ts) */
    searchText: text('search_text').generatedAlwaysAs(sql.raw(userSearchExpression)),
  },
  (t) => [
    index('users_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // the user list's keyset order, newest first
    index('users_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the list filtered to administrators (a few among 200,000), in the same order
    index('users_admins_created_at_id_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isAdmin}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * The session was opened by completing a second factor (an app or recovery code, a passkey, or
     * the enrolment's first code). Set once, when Better Auth creates it (ADR 0027): a session of an
     * enrolled account without it is no session, and adding a passkey needs it.
     */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Better Auth's two-factor model: the TOTP secret and the recovery codes, both encrypted
 * with the auth secret by the plugin; `verified` false until the first code confirms the secret.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    /** wrong codes in a row across sign-ins, for the account's limit (features/security/code-guard.ts) */
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** the last 30-second step whose app code was accepted: a code at or before it is refused (a code works once) */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);

/**
 * Better Auth's passkey plugin: WebAuthn credentials, a second way to sign in that is
 * itself two factors (the device, and the fingerprint or PIN that unlocks it). Only public keys.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId), uniqueIndex('passkeys_credential_id_idx').on(t.credentialID)],
);

/** Rate-limit counters shared by every app instance (used when no Redis is configured). */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** A transaction id (PostgreSQL's 64-bit xid8), as text: compared only by the database. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * One row per change to a user, their sessions or their orders, written by triggers in the
 * changing transaction (drizzle/0012): read by each instance's freshness check (db/user-changes.ts).
 */
export const userChanges = pgTable(
  'user_changes',
  {
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    userId: text('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_changes_xid_idx').on(t.xid), index('user_changes_at_idx').on(t.at)],
);

/* ---- product ---- */

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('services_price_nonnegative', sql`${t.priceCents} >= 0`)],
);

const statusCheck = (column: unknown) => sql`${column} in ('pending_payment', 'paid', 'processing', 'completed')`;

/**
 * docs/product.md, "Entities": Order. Identity files are private storage keys (never URLs): ssn_doc_key, passport_key,
 * other_id_key; they are served only through the authorized download endpoint.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null once the customer deleted their account: a paid order stays as the tax record (docs/product.md) */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyName1: text('company_name_1').notNull(),
    companyName2: text('company_name_2').notNull(),
    companyName3: text('company_name_3').notNull(),
    organizerName: text('organizer_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    addressLine1: text('address_line1').notNull(),
    /** the optional second line (colonia, floor, suite); '' when none */
    addressLine2: text('address_line2').notNull().default(''),
    addressCity: text('address_city').notNull(),
    addressState: text('address_state').notNull(),
    addressZip: text('address_zip').notNull(),
    addressCountry: text('address_country').notNull(),
    nationality: text('nationality').notNull(),
    llcState: text('llc_state').notNull(),
    ssnDocKey: text('ssn_doc_key'),
    passportKey: text('passport_key'),
    otherIdKey: text('other_id_key'),
    status: text('status', { enum: ['pending_payment', 'paid', 'processing', 'completed'] })
      .notNull()
      .default('pending_payment'),
    orderAmount: integer('order_amount').notNull(),
    orderDiscount: integer('order_discount').notNull().default(0),
    orderAmountPaid: integer('order_amount_paid'),
    paymentId: text('payment_id'),
    /**
     * Why the order waits for an administrator before it can be paid (ADR 0012): today only
     * 'sanctioned_nationality'. Null: nothing holds it.
     */
    holdReason: text('hold_reason', { enum: ['sanctioned_nationality'] }),
    /** who released a hold, and when: the audit of the review (null while held or never held) */
    holdReleasedBy: text('hold_released_by').references(() => users.id, { onDelete: 'set null' }),
    holdReleasedAt: timestamp('hold_released_at', { withTimezone: true }),
    /**
     * What administrators search (ADR 0012): order number, organizer name, email, company names,
     * and the nationality's code, names and demonyms in English and Spanish, folded (lower-case,
     * no accents), one per line so a one-line query never matches across two. Written by the
     * application (orderSearchText), never by hand; an old row with '' is filled by the data
     * migration. ANALYZE samples 1,000 of its values, not 100 (drizzle/0027: a search's estimate).
     */
    searchText: text('search_text').notNull(),
    /** when the payment was applied (the receipt's date); null until paid */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** how it was paid, as the provider reported it (the receipt's "payment method"): the card's brand and last four digits; null when not a card or not told */
    paymentCardBrand: text('payment_card_brand'),
    paymentCardLast4: text('payment_card_last4'),
    /** set by the "state approved" milestone */
    formationDate: date('formation_date'),
    /** the EIN the IRS issued: nine digits, shown as 12-3456789 */
    ein: text('ein'),
    /** the Terms version the customer accepted at checkout, when, and the 18-or-older confirmation with it */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** the one reminder of an unpaid order: claimed atomically, so several instances send it once */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** documents were added or replaced: one email listing them is due at this time */
    documentsNotifyAfter: timestamp('documents_notify_after', { withTimezone: true }),
    /** the team wrote in the order's thread: one email with the unread messages is due at this time */
    messagesNotifyAfter: timestamp('messages_notify_after', { withTimezone: true }),
    /** the thread's requests still open: kept with them, so the cached order lists and the admin filter see them */
    openRequests: integer('open_requests').notNull().default(0),
    /** the administrator who owns the order's work; null: unassigned */
    assigneeId: text('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * The promise the order is under and when its clock started (ADR 0031): written by
     * domain/orders/promise.ts whenever payment, status or milestones change; null when nothing
     * more is promised. Its due moment is promise_from plus the configured hours of its kind.
     */
    promiseKind: text('promise_kind', { enum: ['processing_start', 'state_approval', 'ein_issued'] }),
    promiseFrom: timestamp('promise_from', { withTimezone: true }),
    /** the owner (or the team) was emailed that this promise is overdue: once per promise, cleared when the promise changes */
    overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
    /** when the identity files were deleted (retention after the EIN, or the account's deletion); the keys are null from then on */
    identityDeletedAt: timestamp('identity_deleted_at', { withTimezone: true }),
    /** cents given back, as the provider's verified refund events said (never more than was paid) */
    orderAmountRefunded: integer('order_amount_refunded').notNull().default(0),
    /** when a refund under the guarantee completed: the order is closed (no reminders, no work) until reopened */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * What waits for the team's answer (src/shared/attention.ts, ADR 0040): each reason with when it
     * began, written by domain/orders/order-state.ts in the transaction of every change the team is told
     * of; null when nothing waits. attention_since is the earliest, which the queue's clock counts from.
     */
    attention: jsonb('attention').$type<AttentionReason[]>(),
    attentionSince: timestamp('attention_since', { withTimezone: true }),
    /** the order's stage (src/shared/order-stage.ts), written with the attention: what the team's list and CSV show; null until first written */
    stage: text('stage').$type<OrderStage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_valid', statusCheck(t.status)),
    // the queue's orders waiting for an answer, by how long they have waited (the owner read from the index)
    index('orders_attention_idx')
      .on(t.attentionSince, t.assigneeId)
      .where(sql`${t.attentionSince} is not null`),
    // the identity retention job's refunded orders, oldest refund first
    index('orders_refunded_at_idx')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
    // the identity retention job reads the orders whose identity files are still on file
    // (recent ones), not every order it ever cleared: refunded ones by refund date, the rest to join their EIN
    index('orders_identity_on_file_idx')
      .on(t.refundedAt, t.id)
      .where(sql`${t.identityDeletedAt} is null and (${t.ssnDocKey} is not null or ${t.passportKey} is not null or ${t.otherIdKey} is not null)`),
    check('orders_refund_within_paid', sql`${t.orderAmountRefunded} >= 0 and ${t.orderAmountRefunded} <= coalesce(${t.orderAmountPaid}, 0)`),
    check('orders_amounts_nonnegative', sql`${t.orderAmount} >= 0 and ${t.orderDiscount} >= 0 and coalesce(${t.orderAmountPaid}, 0) >= 0`),
    check('orders_llc_state_code', sql`${t.llcState} ~ '^[A-Z]{2}$'`),
    check('orders_hold_reason_valid', sql`${t.holdReason} in ('sanctioned_nationality')`),
    check('orders_ein_digits', sql`${t.ein} ~ '^[0-9]{9}$'`),
    // unpaid orders waiting for their reminder
    index('orders_pending_reminder_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending_payment' and ${t.reminderSentAt} is null`),
    index('orders_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // orders whose documents email is waiting
    index('orders_documents_notify_idx')
      .on(t.documentsNotifyAfter)
      .where(sql`${t.documentsNotifyAfter} is not null`),
    index('orders_messages_notify_idx')
      .on(t.messagesNotifyAfter)
      .where(sql`${t.messagesNotifyAfter} is not null`),
    // the admin list's owner filter: an administrator's orders, in the keyset order
    index('orders_assignee_id_created_at_id_idx').on(t.assigneeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the queue (ADR 0031): what is due or late, per promise kind in its clock's order (the
    // owner read from the index); the unassigned pool apart; held orders
    index('orders_promise_idx')
      .on(t.promiseKind, t.promiseFrom, t.assigneeId)
      .where(sql`${t.promiseKind} is not null`),
    index('orders_unassigned_promise_idx')
      .on(t.promiseKind, t.promiseFrom)
      .where(sql`${t.promiseKind} is not null and ${t.assigneeId} is null`),
    index('orders_held_idx')
      .on(t.createdAt)
      .where(sql`${t.holdReason} is not null`),
    check('orders_promise_kind_valid', sql`${t.promiseKind} in ('processing_start', 'state_approval', 'ein_issued')`),
    // the admin list's "open requests" filter, in its keyset order
    index('orders_open_requests_created_at_id_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.openRequests} > 0`),
    // the admin list's keyset order: (created_at desc, id desc) without a sort
    index('orders_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('orders_payment_id_idx').on(t.paymentId),
    // administrators search by substring in one folded column (pg_trgm for large tables)
    index('orders_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // the admin list's filters, each in the list's keyset order
    index('orders_status_created_at_id_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_llc_state_created_at_id_idx').on(t.llcState, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_nationality_created_at_id_idx').on(t.nationality, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // sorted by status: workflow order, oldest first within a status (statusRank in admin-orders.service.ts)
    index('orders_status_rank_created_at_id_idx').on(
      sql`(CASE "status" WHEN 'pending_payment' THEN 0 WHEN 'paid' THEN 1 WHEN 'processing' THEN 2 ELSE 3 END)`,
      t.createdAt,
      t.id,
    ),
  ],
);

/** docs/product.md, "Entities": Partner: at most one per order (unique order_id). */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partners_order_id_idx').on(t.orderId)],
);

/** docs/product.md, "Entities": Document: files an administrator adds to an order; stored privately by key. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** what the document is to the customer (src/shared/customer-documents.ts): its name and purpose in her language */
    kind: text('kind', { enum: ['other', 'articles_filed', 'operating_agreement', 'ein_letter'] })
      .notNull()
      .default('other'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** a replaced document keeps its id (links to it keep working); each file is a new version */
    version: integer('version').notNull().default(1),
    /** when the current version's file arrived */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_order_id_created_at_idx').on(t.orderId, t.createdAt.desc().nullsFirst()),
    index('documents_uploaded_created_at_idx')
      .on(t.createdAt)
      .where(sql`uploaded_by is not null`),
  ],
);

/** Audit of every status change: who, from, to, when (DESIGN improvement 6). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** null when the system made the change (e.g. a verified payment event) */
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['admin', 'payment', 'system'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_status_history_to_valid', statusCheck(t.toStatus)),
    index('order_status_history_order_id_idx').on(t.orderId, t.createdAt),
    index('order_status_history_admin_created_at_idx')
      .on(t.createdAt)
      .where(sql`source = 'admin'`),
  ],
);

/** docs/product.md, "Entities": Support ticket; message_origin is 'Affiliate' for affiliate applications, else null. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    supportMessage: text('support_message').notNull(),
    messageOrigin: text('message_origin', { enum: ['Affiliate'] }),
    /** open until an administrator answers; closed by an administrator */
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    /** the language the visitor wrote in: replies are emailed in it */
    language: text('language', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    /** the administrator who owns the ticket; null: unassigned */
    assigneeId: text('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** its owner (or the team) was emailed that the reply is overdue: once */
    overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * What the administrators' ticket search matches: name, email and the request, folded, one per
     * line (ticketSearchText in features/support/ticket-search.ts). Written by the application;
     * rows older than 0014 were filled by its data migration.
     */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    check('support_tickets_origin_valid', sql`${t.messageOrigin} is null or ${t.messageOrigin} = 'Affiliate'`),
    check('support_tickets_status_valid', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('support_tickets_language_valid', sql`${t.language} in ('en', 'es')`),
    index('support_tickets_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('support_tickets_status_created_at_id_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('support_tickets_assignee_id_created_at_idx').on(t.assigneeId, t.createdAt.desc().nullsFirst()),
    // substring search in one folded column, as orders and users (pg_trgm)
    index('support_tickets_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // the activity log joins the audit's text target_id to a ticket (features/activity/activity.ts)
    index('support_tickets_id_text_idx').on(sql`(${t.id}::text)`),
  ],
);

/** A ticket's thread after the request: replies emailed to the requester, and internal notes. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'note'] }).notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ticket_messages_kind_valid', sql`${t.kind} in ('reply', 'note')`),
    check('ticket_messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('ticket_messages_ticket_id_created_at_idx').on(t.ticketId, t.createdAt),
    index('ticket_messages_created_at_idx').on(t.createdAt),
    // "waits for a reply" (domain/promises.ts): the queue's and the tickets list's anti-join reads
    // these entries alone, not every message (a Seq Scan of 100,000 at a million orders, ADR 0038)
    index('ticket_messages_replies_ticket_id_idx')
      .on(t.ticketId)
      .where(sql`kind = 'reply'`),
  ],
);

/**
 * Outgoing email, written in the same transaction as what caused it and sent by a worker off the
 * request path, with retries; nothing is lost when a process restarts.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    /** the Reply-To header, when answers should go elsewhere than the sender */
    replyTo: text('reply_to'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Every payment event is processed once: its id is recorded in the same transaction as its effect. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  orderId: uuid('order_id'),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

/**
 * A payment event that did not match its order (amount, currency, unpaid, a session that is not
 * the order's) or a second payment of a paid order (to refund): the order is left as it was and an
 * administrator looks at it. Open while resolved_at is null; who resolved it is kept.
 */
export const paymentReviews = pgTable(
  'payment_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null when the order is gone: discarded while its checkout was open */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** the order the event named, kept after that order is gone (no foreign key) */
    claimedOrderId: uuid('claimed_order_id'),
    eventId: text('event_id')
      .notNull()
      .references(() => paymentEvents.eventId),
    /** the checkout session a payment event named; null for a refund event's review */
    sessionId: text('session_id'),
    /** the provider's refund a refund event named */
    refundId: text('refund_id'),
    reason: text('reason', {
      enum: ['amount_mismatch', 'currency_mismatch', 'not_paid', 'wrong_session', 'duplicate_payment', 'unknown_order', 'refund_failed_after_success'],
    }).notNull(),
    /** what the event said, in the event's currency's minor unit */
    amount: integer('amount'),
    currency: text('currency'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'payment_reviews_reason_valid',
      sql`${t.reason} in ('amount_mismatch', 'currency_mismatch', 'not_paid', 'wrong_session', 'duplicate_payment', 'unknown_order', 'refund_failed_after_success')`,
    ),
    // a payment event names its checkout session, a refund event its refund
    check('payment_reviews_names_its_source', sql`(${t.sessionId} is not null) <> (${t.refundId} is not null)`),
    uniqueIndex('payment_reviews_event_id_idx').on(t.eventId),
    // the administrators' list: open reviews, newest first
    index('payment_reviews_open_idx')
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`resolved_at is null`),
    // "flagged for payment review" on the admin list and order page
    index('payment_reviews_open_order_id_idx')
      .on(t.orderId)
      .where(sql`resolved_at is null`),
    index('payment_reviews_resolved_at_idx')
      .on(t.resolvedAt)
      .where(sql`resolved_by is not null`),
  ],
);

/** A compliance deadline marked done (the customer or an administrator); one row per occurrence. */
export const complianceDone = pgTable(
  'compliance_done',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['state-annual-report', 'state-tax', 'federal-5472', 'federal-1065', 'registered-agent'] }).notNull(),
    /** the occurrence's due date (YYYY-MM-DD) */
    dueDate: date('due_date').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
    doneBy: text('done_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('compliance_done_kind_valid', sql`${t.kind} in ('state-annual-report', 'state-tax', 'federal-5472', 'federal-1065', 'registered-agent')`),
    uniqueIndex('compliance_done_occurrence_idx').on(t.orderId, t.kind, t.dueDate),
  ],
);

/** The secret of an order's calendar feed (/api/calendar/<token>.ics), stored as its SHA-256; one live per order. */
export const calendarTokens = pgTable(
  'calendar_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_tokens_live_idx')
      .on(t.orderId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** Each compliance reminder sent (60, 30, 7 days before a deadline); the unique index makes it once (ADR 0015). */
export const complianceReminders = pgTable(
  'compliance_reminders',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dueDate: date('due_date').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('compliance_reminders_once_idx').on(t.orderId, t.kind, t.dueDate, t.daysBefore)],
);

/**
 * When each formed company next needs looking at (ADR 0037), so the reminder job and the
 * administrators' list read only the companies with something due instead of every company's
 * calendar. One row per order with a formation date; triggers (migration 0025) create it, mark it
 * `stale` and count `changes` whenever what the calendar reads changes; the job recomputes stale
 * rows. `rules` is the calendar rules' version it was computed with (calendarRulesVersion).
 */
export const complianceSchedule = pgTable(
  'compliance_schedule',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** the earliest deadline not done, overdue included (does not move with time); null: none dated */
    nextDue: date('next_due'),
    /** the next day the reminder job must read this company; null: never (none ahead, refunded, no account) */
    remindOn: date('remind_on'),
    stale: boolean('stale').notNull().default(true),
    /** bumped by the triggers: a recomputation writes its result only if nothing changed meanwhile */
    changes: integer('changes').notNull().default(0),
    rules: text('rules').notNull().default(''),
    computedAt: timestamp('computed_at', { withTimezone: true }),
  },
  (t) => [
    index('compliance_schedule_next_due_idx')
      .on(t.nextDue, t.orderId)
      .where(sql`${t.nextDue} is not null`),
    index('compliance_schedule_remind_on_idx')
      .on(t.remindOn, t.orderId)
      .where(sql`${t.remindOn} is not null`),
    index('compliance_schedule_stale_idx')
      .on(t.orderId)
      .where(sql`${t.stale}`),
    index('compliance_schedule_rules_idx').on(t.rules),
  ],
);

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  services,
  orders,
  partners,
  documents,
  orderStatusHistory,
  supportTickets,
  ticketMessages,
  mailOutbox,
  paymentEvents,
  paymentReviews,
  complianceDone,
  calendarTokens,
  complianceReminders,
  complianceSchedule,
};
export type Schema = typeof schema;

/**
 * Facts about the installation itself, recorded once by a migration: `files_before_encryption`
 * when the database already held orders as stored files became bound to their place (ADR 0026),
 * so files from before may still be served (FILE_PLAINTEXT unset).
 */
export const installationFacts = pgTable('installation_facts', {
  name: text('name').primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migrations written in TypeScript (src/server/db/data-migrations.ts), run once each after the SQL ones. */
export const dataMigrations = pgTable('data_migrations', {
  id: text('id').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Milestones of an order: one row per milestone, its date and an optional note. Order
 * received and payment received are written by the system; the rest by an administrator.
 */
export const orderMilestones = pgTable(
  'order_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    milestone: text('milestone').notNull(),
    occurredOn: date('occurred_on').notNull(),
    note: text('note'),
    /** the state's filing number (filed_with_state), as on its stamped copy */
    reference: text('reference'),
    /** null: recorded by the system */
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_milestones_order_id_milestone_idx').on(t.orderId, t.milestone),
    // the identity-retention job reads EINs issued before a date
    index('order_milestones_ein_issued_idx')
      .on(t.occurredOn)
      .where(sql`${t.milestone} = 'ein_issued'`),
    check(
      'order_milestones_milestone_valid',
      sql`${t.milestone} in ('order_received', 'payment_received', 'filed_with_state', 'state_approved', 'ein_requested', 'ein_issued', 'documents_ready')`,
    ),
  ],
);

/**
 * What was done to an order besides status changes: milestones recorded or corrected,
 * an unpaid order edited or discarded. No foreign key: the record outlives a discarded order.
 */
export const orderAudit = pgTable(
  'order_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_audit_order_id_idx').on(t.orderId, t.createdAt),
    // the Activity page: what people did (not the system), newest first
    index('order_audit_actor_created_at_idx')
      .on(t.createdAt)
      .where(sql`actor_id is not null`),
  ],
);

/**
 * then second factors enabled, disabled (by their owner) or reset (by an
 * administrator), accounts deleted; a ticket's owner set (target: the ticket), the price
 * set by `npm run admin -- set-price` (no actor, no target).
 */
export const adminAuditActions = [
  'promote',
  'demote',
  'end_sessions',
  'enable_two_factor',
  'disable_two_factor',
  'reset_two_factor',
  'delete_account',
  'add_passkey',
  'remove_passkey',
  'assign_ticket',
  'set_price',
] as const;

/**
 * What administrators did to accounts: promote, demote, end_sessions. No foreign keys:
 * the record outlives the accounts; `detail` keeps the target's email at the time.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    targetId: text('target_id'),
    action: text('action', { enum: adminAuditActions }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('admin_audit_action_valid', sql.raw(`"action" in (${adminAuditActions.map((action) => `'${action}'`).join(', ')})`)),
    index('admin_audit_target_id_idx').on(t.targetId, t.createdAt),
    // the Activity page: newest first across the site
    index('admin_audit_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Every time an administrator opened or downloaded a customer's identity document: who,
 * which, when, from which address. No foreign keys: the record outlives the order and the viewer.
 */
export const identityDocumentViews = pgTable(
  'identity_document_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** an identity document, or 'threadFile': a file the customer sent in the order's thread */
    document: text('document', { enum: ['ssnDoc', 'passport', 'otherId', 'threadFile'] }).notNull(),
    /** a thread file's name when it was opened (its message may be gone since) */
    fileName: text('file_name'),
    viewerId: text('viewer_id'),
    /** the viewer's name at the time, shown after the account is gone */
    viewerName: text('viewer_name').notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    check('identity_document_views_document_valid', sql`${t.document} in ('ssnDoc', 'passport', 'otherId', 'threadFile')`),
    check('identity_document_views_file_name', sql`(${t.document} = 'threadFile') = (${t.fileName} is not null)`),
    index('identity_document_views_order_id_idx').on(t.orderId, t.createdAt),
    index('identity_document_views_created_at_idx').on(t.createdAt),
  ],
);

/**
 * A customer's "Download my data": prepared in the background into an encrypted ZIP in
 * private storage, downloadable by its owner until `expires_at` (24 hours), then deleted.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('data_exports_status_valid', sql`${t.status} in ('pending', 'ready', 'failed')`),
    index('data_exports_user_id_idx').on(t.userId, t.createdAt),
    index('data_exports_expires_at_idx').on(t.expiresAt),
  ],
);

/** The presale page's launch list: one row per address, case-insensitively, with its language. */
export const launchList = pgTable(
  'launch_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('launch_list_language_valid', sql`${t.language} in ('en', 'es')`),
    uniqueIndex('launch_list_email_idx').using('btree', sql`lower(${t.email})`),
    index('launch_list_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The order's thread: messages between its customer and the team. `from_team` says the
 * side; `read_at` is when the other side read it; `emailed_at` when a team message went out in the
 * customer's batch email. Internal notes are `order_notes`, never this table.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromTeam: boolean('from_team').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    // empty only beside a file (an attachment, or the document a request asked for): checked by the service
    check('order_messages_body_length', sql`char_length(${t.body}) <= 4000`),
    index('order_messages_order_id_created_at_idx').on(t.orderId, t.createdAt),
    // the unread counts: a customer's (the team's messages) and the team's (customers' messages)
    index('order_messages_unread_idx')
      .on(t.orderId, t.fromTeam)
      .where(sql`${t.readAt} is null`),
    index('order_messages_team_created_at_idx')
      .on(t.createdAt)
      .where(sql`from_team`),
  ],
);

/** A file attached to a thread message: checked by content and stored encrypted, as identity documents are. */
export const orderMessageAttachments = pgTable(
  'order_message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => orderMessages.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_message_attachments_file_name_length', sql`char_length(${t.fileName}) between 1 and 200`),
    index('order_message_attachments_message_id_idx').on(t.messageId),
    index('order_message_attachments_order_id_idx').on(t.orderId),
  ],
);

/**
 * A team message that asks the customer for something: an answer, or a file (which
 * replaces the identity document the request names). Open until answered or withdrawn.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** the team's message that asks */
    messageId: uuid('message_id')
      .notNull()
      .unique()
      .references(() => orderMessages.id, { onDelete: 'cascade' }),
    /** 'answer' | 'document' */
    kind: text('kind').notNull(),
    /** the identity document a 'document' request replaces; null: a file for the thread */
    document: text('document'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** 'open' | 'answered' | 'withdrawn' */
    status: text('status').notNull().default('open'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** the customer's message that answered it */
    answerMessageId: uuid('answer_message_id').references(() => orderMessages.id, { onDelete: 'set null' }),
    /** when the one reminder email went (48 hours after the request) */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    check('order_requests_kind', sql`${t.kind} in ('answer', 'document')`),
    check('order_requests_document', sql`${t.document} is null or (${t.kind} = 'document' and ${t.document} in ('ssnDoc', 'passport', 'otherId'))`),
    check('order_requests_status', sql`${t.status} in ('open', 'answered', 'withdrawn')`),
    // the admin list's filter and badge, and the customer's "Action needed"
    index('order_requests_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
    // the reminder job: open requests not reminded yet, oldest first
    index('order_requests_remind_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open' and ${t.remindedAt} is null`),
    // which customer messages answered a request (the queue's "request answered")
    index('order_requests_answer_message_id_idx')
      .on(t.answerMessageId)
      .where(sql`${t.answerMessageId} is not null`),
  ],
);

/** Credit notes are numbered in their own sequence: CN-000001, CN-000002, … */
export const creditNoteNumbers = pgSequence('credit_note_numbers', { startWith: 1 });

/**
 * The money-back guarantee (ADR 0033): a customer's request for a refund of a paid order,
 * the administrator's decision, and the provider's refund. One open request per order (requested,
 * approved and waiting for the provider, or failed at the provider and to be retried).
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** refundReasons (src/shared/refund-rules.ts) */
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** 'requested' | 'withdrawn' | 'declined' | 'approved' | 'refunded' | 'failed' */
    status: text('status').notNull().default('requested'),
    /** what the rules suggested when it was asked, and the fee they keep (cents) */
    suggestedCents: integer('suggested_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    /** the decision: an exception the administrator found, the amount granted, and the words the customer reads */
    exception: text('exception'),
    amountCents: integer('amount_cents'),
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** the decision closes the order when the refund completes (its work stops); a partial goodwill refund may leave it open */
    closesOrder: boolean('closes_order').notNull().default(true),
    /** the business day the refund is promised by (10 after the approval) */
    dueOn: date('due_on', { mode: 'string' }),
    /** the provider's refund, its attempts (each with its own idempotency key) and its last failure */
    providerRefundId: text('provider_refund_id').unique(),
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** the credit note's number, from its own sequence, given when the refund completes */
    creditNoteNumber: integer('credit_note_number').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'refund_requests_reason',
      sql`${t.reason} in ('state_refused', 'ein_not_issued', 'country_not_allowed', 'documents_rejected', 'changed_mind', 'other')`,
    ),
    check('refund_requests_status', sql`${t.status} in ('requested', 'withdrawn', 'declined', 'approved', 'refunded', 'failed')`),
    check('refund_requests_exception', sql`${t.exception} is null or ${t.exception} in ('data_mismatch', 'authority_delay')`),
    check('refund_requests_amounts', sql`${t.suggestedCents} >= 0 and ${t.feeCents} >= 0 and (${t.amountCents} is null or ${t.amountCents} > 0)`),
    // one open request per order: a second one, or two at once, is refused by the database too
    uniqueIndex('refund_requests_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'approved', 'failed')`),
    // the admin list's filter and badge: requests waiting for a decision, oldest first
    index('refund_requests_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
    index('refund_requests_order_idx').on(t.orderId, t.createdAt),
  ],
);

/**
 * What the live stream (GET /api/events) carries, kept a day so a reconnecting client resumes
 * from its Last-Event-ID. No personal data: the kind and the order, which the reader
 * refetches. `user_id` null is the team (every administrator). An insert notifies `app_events`.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_events_user_id_id_idx').on(t.userId, t.id), index('user_events_created_at_idx').on(t.createdAt)],
);

/** Internal notes on an order: administrators only, never sent to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('order_notes_order_id_created_at_idx').on(t.orderId, t.createdAt),
    index('order_notes_created_at_idx').on(t.createdAt),
  ],
);

/** A database handle or a transaction on it; defined here so db/ modules that client.ts runs need not import it back. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/* ---- background jobs (ADR 0022): src/server/platform/jobs, declared in src/server/jobs.ts ---- */

/**
 * One row per declared job: when it is next due (shared by every instance: the instance that moves
 * `next_run_at` on runs that period) and the record of its last run, shown on /admin/integrations.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').primaryKey(),
    /** periodic: runs every `every_ms`; queued: runs the rows of job_queue, polled every `every_ms` */
    kind: text('kind', { enum: ['periodic', 'queued'] })
      .notNull()
      .default('periodic'),
    everyMs: integer('every_ms').notNull().default(0),
    /** tries of one run before it is dead */
    maxAttempts: integer('max_attempts').notNull().default(1),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    /** attempts of the last run: 1, or more once it failed and was retried */
    attempts: integer('attempts').notNull().default(0),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    lastDurationMs: integer('last_duration_ms'),
    /** succeeded; failed (a retry is due at next_run_at); dead (given up after the last attempt) */
    lastOutcome: text('last_outcome', { enum: ['succeeded', 'failed', 'dead'] }),
    lastError: text('last_error'),
    lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
  },
  (t) => [
    check('job_runs_kind_valid', sql`${t.kind} in ('periodic', 'queued')`),
    check('job_runs_outcome_valid', sql`${t.lastOutcome} in ('succeeded', 'failed', 'dead')`),
  ],
);

/**
 * Work queued for a queued job (a refund to process, a message to deliver): its typed payload, due
 * at `run_at`, retried with backoff until `dead`. Inserted in the transaction of its cause.
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('job_queue_status_valid', sql`${t.status} in ('pending', 'done', 'dead')`), index('job_queue_due_idx').on(t.job, t.status, t.runAt)],
);

/**
 * An order's filing packet: the company facts the filings ask for (facts-model.ts),
 * and where the team has taken it. Its status is read from these columns and the signatures
 * (domain/filing/packet.ts). One row per order, written when the customer first saves the facts.
 */
export const filingPackets = pgTable('filing_packets', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** CompanyFacts (src/shared/filing/facts-model.ts), validated by ZCompanyFactsInput */
  facts: jsonb('facts').notNull(),
  factsUpdatedAt: timestamp('facts_updated_at', { withTimezone: true }).notNull().defaultNow(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
  filedAt: timestamp('filed_at', { withTimezone: true }),
  filedBy: text('filed_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Each version of a packet document, made from an immutable snapshot of
 * what it says (FilingInput). The PDF is rendered deterministically from the snapshot, so its
 * SHA-256 is what a signer signs; a change of the order or the facts makes a new version and
 * leaves the old one, and its signatures, superseded. Rows are never updated except to supersede.
 */
export const filingDocuments = pgTable(
  'filing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'articles' | 'ss4_worksheet' | 'operating_agreement' */
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    /** the FilingInput the document was made from */
    input: jsonb('input').notNull(),
    /** sha256 of the FilingInput's canonical JSON: a new version only when what it says changed */
    inputHash: text('input_hash').notNull(),
    /** sha256 of the unsigned PDF (hex) */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    check('filing_documents_kind', sql`${t.kind} in ('articles', 'ss4_worksheet', 'operating_agreement')`),
    uniqueIndex('filing_documents_version_idx').on(t.orderId, t.kind, t.version),
    // one current version per kind: two saves at once cannot both make one
    uniqueIndex('filing_documents_current_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.supersededAt} is null`),
  ],
);

/** An electronic signature (ESIGN/UETA evidence) of one document version, once per signer. */
export const filingSignatures = pgTable(
  'filing_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => filingDocuments.id, { onDelete: 'cascade' }),
    /** 'organizer' | 'partner' */
    role: text('role').notNull(),
    /** the signed-in account (the organizer), null for the partner who signed through the emailed link */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the account's email, or the email the link was sent to */
    account: text('account').notNull(),
    typedName: text('typed_name').notNull(),
    /** the consent sentence as the signer read it, in their language */
    consent: text('consent').notNull(),
    sha256: text('sha256').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('filing_signatures_role', sql`${t.role} in ('organizer', 'partner')`), uniqueIndex('filing_signatures_once_idx').on(t.documentId, t.role)],
);

/** The partner's signing link: only its hash is kept; it works once and expires. */
export const signingLinks = pgTable(
  'signing_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** the partner signed through this link (used_at alone also means replaced or expired): the link then says so and gives the copy */
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('signing_links_order_idx').on(t.orderId, t.createdAt)],
);
