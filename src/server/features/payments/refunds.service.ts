import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { formatUsd } from '@shared/formats';
import { isLanguage, type Language } from '@shared/languages';
import { appPageUrl } from '@shared/locale-paths';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/order-model';
import { paths } from '@shared/client-paths';
import { applicableRefundReasons, refundAmountProblem, refundDueOn, suggestedRefund, type RefundReason } from '@shared/refund-rules';
import type { Milestone } from '@shared/milestones';
import { creditNoteLabel, openRefundStatuses, type TRefund, type TRefundDecision, type TRefundRequestInput } from '@shared/refunds';
import type { Db } from '../../db/client';
import { orderAudit, orderMilestones, orders, paymentEvents, paymentReviews, refundRequests, users } from '../../db/schema';
import type { MailOutbox } from '../../platform/mail/outbox';
import { checkoutCurrency, RefundRefusedError, type PaymentProvider, type RefundEvent } from '../../platform/payments/payment-provider';
import { publishOrderEvent } from '../../domain/live-events';
import { findViewableOrder } from '../../domain/orders/order-access';
import { refreshOrderPromise } from '../../domain/orders/promise';
import { refundView } from '../../domain/orders/refunds';
import type { Services } from '../../services';
import { queueReviewEmail } from './payments.service';

/*
 * The money-back guarantee (ADR 0033): the customer asks, an administrator decides by
 * the rules (src/shared/refund-rules.ts), the provider refunds, and its verified event completes
 * the refund exactly once. Every step is one transaction with the order's row locked.
 */

export interface RefundSettings {
  mail: MailOutbox;
  appUrl: string;
  /** where the team is told about a new request */
  teamEmail: string;
  feePercent: number;
}

/** What every refund step works with, built once for the routes that use it (refundContext). */
export interface RefundContext extends RefundSettings {
  db: Db;
  provider: PaymentProvider;
}

/** The refunds' settings from the app's services: the refund routes and the payment webhook share them. */
export const refundContext = ({ db, mail, config }: Pick<Services, 'db' | 'mail' | 'config'>, provider: PaymentProvider): RefundContext => ({
  db,
  provider,
  mail,
  appUrl: config.APP_URL,
  teamEmail: config.SUPPORT_EMAIL,
  feePercent: config.REFUND_FEE_PERCENT,
});

/** An administrator's step on one request: which, by whom, and where to log the provider's refusal. */
interface AdminStep {
  orderId: string;
  requestId: string;
  admin: TSessionUser;
  log: FastifyBaseLogger;
}

type RefundRow = typeof refundRequests.$inferSelect;

/** The failure of an attempt that got no answer (network, timeout, the provider's own error): its refund may have happened. */
const unreachableReason = 'the payment provider could not be reached';
type OrderRow = typeof orders.$inferSelect;

/** The order and the request, both locked; 404 for a request not of this order (or an order the viewer may not see). */
async function lockRequest(tx: Db, orderId: string, requestId: string, viewer: TSessionUser) {
  await findViewableOrder(tx, orderId, viewer);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const [request] = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.orderId, orderId)))
    .for('update');
  if (!order || !request) throw new AppError('not_found', 'refunds.notFound');
  return { order, request };
}

/** The customer's email details, or null for an order whose account is gone. */
async function customerOf(tx: Db, order: OrderRow) {
  if (!order.userId) return null;
  const [customer] = await tx.select({ name: users.name, email: users.email, language: users.language }).from(users).where(eq(users.id, order.userId));
  if (!customer) return null;
  const language: Language = isLanguage(customer.language) ? customer.language : 'en';
  return { ...customer, language, firstName: firstName(customer.name) || customer.name };
}

/**
 * How long the approval's email is held. The provider usually completes a refund within moments of
 * the approval: its completion then withdraws the held approval and its own email (with the
 * note) is the only one she gets, not "approved" and "refunded" a few milliseconds apart. A refund
 * still pending after this gets its approval emailed, and the completion days later its own.
 */
export const approvalMailHoldSeconds = 120;

const dashboardUrl = (settings: RefundSettings, order: OrderRow, language: Language) =>
  appPageUrl(settings.appUrl, paths.dashboard({ order: order.id }), language);

/** POST /api/orders/:id/refund-requests: the owner of a paid order asks; one open request per order. */
export async function requestRefund(
  { db, ...settings }: RefundContext,
  { orderId, viewer, input }: { orderId: string; viewer: TSessionUser; input: Required<TRefundRequestInput> },
): Promise<TRefund> {
  const refund = await db.transaction(async (tx) => {
    const visible = await findViewableOrder(tx, orderId, viewer);
    // administrators decide; only the customer asks
    if (visible.userId !== viewer.id) throw new AppError('forbidden', 'refunds.customersOnly');
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status === 'pending_payment' || !order.orderAmountPaid) throw new AppError('conflict', 'refunds.notPaid');
    if (order.refundedAt || order.orderAmountRefunded >= order.orderAmountPaid) throw new AppError('conflict', 'refunds.alreadyRefunded');
    const [open] = await tx
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, orderId), inArray(refundRequests.status, [...openRefundStatuses])));
    if (open) throw new AppError('conflict', 'refunds.alreadyOpen');
    // a reason what happened to the order rules out (the EIN was issued) is not hers to give: the dashboard does not offer it either
    const recorded = await tx.select({ milestone: orderMilestones.milestone }).from(orderMilestones).where(eq(orderMilestones.orderId, orderId));
    if (!applicableRefundReasons(recorded.map((entry) => entry.milestone as Milestone)).includes(input.reason))
      throw new AppError('validation_failed', 'errors.validation_failed', { reason: 'refunds.reasonNotApplicable' });
    const suggestion = suggestedRefund({
      reason: input.reason,
      paidCents: order.orderAmountPaid,
      refundedCents: order.orderAmountRefunded,
      feePercent: settings.feePercent,
    });
    const [row] = await tx
      .insert(refundRequests)
      .values({
        orderId,
        requestedBy: viewer.id,
        reason: input.reason,
        details: input.details,
        suggestedCents: suggestion.cents,
        feeCents: suggestion.feeCents,
      })
      .returning();
    await tx.insert(orderAudit).values({
      orderId,
      action: 'refund_requested',
      actorId: viewer.id,
      detail: { refundId: row!.id, reason: input.reason, suggestedCents: suggestion.cents },
    });
    await publishOrderEvent(tx, order, 'order');
    await settings.mail.enqueue(
      {
        to: settings.teamEmail,
        template: 'refundRequested',
        language: 'en',
        payload: {
          orderNumber: orderNumber(orderId),
          companyName: order.companyName1,
          name: viewer.name,
          email: viewer.email,
          reason: input.reason,
          details: input.details,
          suggested: formatUsd(suggestion.cents, 'en'),
          orderUrl: new URL(paths.adminOrder({ id: orderId }), settings.appUrl).toString(),
        },
      },
      tx,
    );
    return refundView(row!, order, null);
  });
  settings.mail.kick();
  return refund;
}

/** POST /api/orders/:id/refund-requests/:requestId/withdraw: the customer takes back a request not decided yet. */
export async function withdrawRefund(db: Db, orderId: string, requestId: string, viewer: TSessionUser): Promise<TRefund> {
  return db.transaction(async (tx) => {
    const { order, request } = await lockRequest(tx, orderId, requestId, viewer);
    if (order.userId !== viewer.id) throw new AppError('forbidden', 'refunds.customersOnly');
    if (request.status !== 'requested') throw new AppError('conflict', 'refunds.notOpen');
    const [row] = await tx.update(refundRequests).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(refundRequests.id, requestId)).returning();
    await tx.insert(orderAudit).values({ orderId, action: 'refund_withdrawn', actorId: viewer.id, detail: { refundId: requestId } });
    await publishOrderEvent(tx, order, 'order');
    return refundView(row!, order, null);
  });
}

/**
 * POST /api/admin/orders/:id/refund-requests/:requestId/decision. Declining closes the request
 * with the administrator's words. Approving records the amount (within what is left to refund; an
 * amount other than the rules' needs a note) and then asks the provider: the row lock makes two
 * approvals at once one decision and one provider refund.
 */
export async function decideRefund(
  context: RefundContext,
  { orderId, requestId, admin, decision, log }: AdminStep & { decision: TRefundDecision },
): Promise<TRefund> {
  const { db, ...settings } = context;
  const decided = await db.transaction(async (tx) => {
    const { order, request } = await lockRequest(tx, orderId, requestId, admin);
    if (request.status !== 'requested') throw new AppError('conflict', 'refunds.notOpen');
    const exception = decision.exception ?? null;
    const note = decision.note?.trim() ?? '';
    const now = new Date();
    const customer = await customerOf(tx, order);
    if (decision.decision === 'decline') {
      const [row] = await tx
        .update(refundRequests)
        .set({ status: 'declined', exception, decisionNote: note, decidedBy: admin.id, decidedAt: now, updatedAt: now })
        .where(eq(refundRequests.id, requestId))
        .returning();
      await tx.insert(orderAudit).values({ orderId, action: 'refund_declined', actorId: admin.id, detail: { refundId: requestId, exception, note } });
      if (customer)
        await settings.mail.enqueue(
          {
            to: customer.email,
            template: 'refundDeclined',
            language: customer.language,
            payload: {
              firstName: customer.firstName,
              orderNumber: orderNumber(orderId),
              companyName: order.companyName1,
              note,
              dashboardUrl: dashboardUrl(settings, order, customer.language),
            },
          },
          tx,
        );
      await publishOrderEvent(tx, order, 'order');
      return { row: row!, order, attempt: 0 };
    }

    const paidCents = order.orderAmountPaid ?? 0;
    const problem = refundAmountProblem(decision.amountCents, { paidCents, refundedCents: order.orderAmountRefunded });
    if (problem)
      throw new AppError('validation_failed', 'errors.validation_failed', {
        amountCents: problem === 'above_paid' ? 'refunds.amountAbovePaid' : 'refunds.amountInvalid',
      });
    const suggestion = suggestedRefund({
      reason: request.reason as RefundReason,
      exception,
      paidCents,
      refundedCents: order.orderAmountRefunded,
      feePercent: settings.feePercent,
    });
    // granting more or less than the rules say is allowed, with the reason written down
    if (decision.amountCents !== suggestion.cents && !note)
      throw new AppError('validation_failed', 'errors.validation_failed', { note: 'refunds.noteRequired' });
    const dueOn = refundDueOn(now.toISOString().slice(0, 10));
    // all that is left always closes the order; the guarantee's own amount closes it unless the
    // administrator says otherwise; another amount (a goodwill refund) leaves it open unless they say so
    const everything = decision.amountCents >= paidCents - order.orderAmountRefunded;
    const closesOrder = everything || (decision.closeOrder ?? decision.amountCents === suggestion.cents);
    const [row] = await tx
      .update(refundRequests)
      .set({
        status: 'approved',
        exception,
        amountCents: decision.amountCents,
        closesOrder,
        decisionNote: note || null,
        decidedBy: admin.id,
        decidedAt: now,
        dueOn,
        attempts: 1,
        updatedAt: now,
      })
      .where(eq(refundRequests.id, requestId))
      .returning();
    await tx.insert(orderAudit).values({
      orderId,
      action: 'refund_approved',
      actorId: admin.id,
      detail: { refundId: requestId, amountCents: decision.amountCents, suggestedCents: suggestion.cents, exception, note, closesOrder },
    });
    if (customer)
      await settings.mail.enqueue(
        {
          to: customer.email,
          template: 'refundApproved',
          language: customer.language,
          payload: {
            firstName: customer.firstName,
            orderNumber: orderNumber(orderId),
            companyName: order.companyName1,
            amount: formatUsd(decision.amountCents, customer.language),
            dueOn,
            note,
            dashboardUrl: dashboardUrl(settings, order, customer.language),
            refundId: requestId,
          },
          holdSeconds: approvalMailHoldSeconds,
        },
        tx,
      );
    await publishOrderEvent(tx, order, 'order');
    return { row: row!, order, attempt: 1 };
  });
  settings.mail.kick();
  if (decided.attempt === 0) return refundView(decided.row, decided.order, { feePercent: settings.feePercent, decidedBy: admin.name });
  return sendToProvider(context, { ...decided, admin, log });
}

/** POST …/refund-requests/:requestId/retry: a refund the provider refused is asked for again (a new attempt, a new idempotency key). */
export async function retryRefund(context: RefundContext, { orderId, requestId, admin, log }: AdminStep): Promise<TRefund> {
  const { db } = context;
  const retried = await db.transaction(async (tx) => {
    const { order, request } = await lockRequest(tx, orderId, requestId, admin);
    if (request.status !== 'failed') throw new AppError('conflict', 'refunds.notFailed');
    // a refusal is final for its attempt: a new one, with a new key. An attempt whose answer never
    // came may have refunded: it is asked again with the same key, so the provider does it once
    const attempt = request.failureReason === unreachableReason ? request.attempts : request.attempts + 1;
    const [row] = await tx
      .update(refundRequests)
      .set({ status: 'approved', attempts: attempt, failureReason: null, updatedAt: new Date() })
      .where(eq(refundRequests.id, requestId))
      .returning();
    await tx.insert(orderAudit).values({ orderId, action: 'refund_retried', actorId: admin.id, detail: { refundId: requestId, attempt } });
    return { order, row: row!, attempt };
  });
  return sendToProvider(context, { ...retried, admin, log });
}

/**
 * Asks the provider for the approved refund, outside any transaction (a network call holds no
 * lock). Its answer stores the refund's id; a refusal or an error marks the request failed with
 * the reason, for the administrator to retry. The refund completes on the provider's event.
 */
async function sendToProvider(
  { db, provider, feePercent }: RefundContext,
  { order, row, attempt, admin, log }: { order: OrderRow; row: RefundRow; attempt: number; admin: TSessionUser; log: FastifyBaseLogger },
): Promise<TRefund> {
  let failure: string | null = null;
  try {
    const answer = await provider.refund({
      paymentId: order.paymentId ?? '',
      amountCents: row.amountCents!,
      orderId: order.id,
      refundRequestId: row.id,
      attempt,
    });
    if (answer.status === 'failed' || answer.status === 'canceled') failure = `the provider answered ${answer.status}`;
    // the event may have completed it already: the id is stored where it is still missing
    else
      await db
        .update(refundRequests)
        .set({ providerRefundId: answer.id })
        .where(and(eq(refundRequests.id, row.id), sql`${refundRequests.providerRefundId} is null`));
  } catch (error) {
    failure = error instanceof RefundRefusedError ? error.message : unreachableReason;
    log.warn({ orderId: order.id, refundId: row.id, attempt, reason: failure }, 'refund refused by the payment provider');
  }
  if (failure) {
    await db.transaction(async (tx) => {
      // only this attempt's: a retry already under way is not marked failed by an older answer
      const [failed] = await tx
        .update(refundRequests)
        .set({ status: 'failed', failureReason: failure.slice(0, 500), updatedAt: new Date() })
        .where(and(eq(refundRequests.id, row.id), eq(refundRequests.status, 'approved'), eq(refundRequests.attempts, attempt)))
        .returning({ id: refundRequests.id });
      if (failed)
        await tx
          .insert(orderAudit)
          .values({ orderId: order.id, action: 'refund_failed', actorId: null, detail: { refundId: row.id, attempt, reason: failure.slice(0, 500) } });
    });
  }
  const [fresh] = await db.select().from(refundRequests).where(eq(refundRequests.id, row.id));
  const [freshOrder] = await db.select().from(orders).where(eq(orders.id, order.id));
  return refundView(fresh!, freshOrder ?? order, { feePercent, decidedBy: admin.name });
}

/**
 * POST /api/admin/orders/:id/reopen: an order a refund closed goes back to work (the customer paid
 * again by other means, or the refund was a goodwill part): its promise restarts from its status.
 * Audited with the administrator's reason; 409 for an order no refund closed.
 */
export async function reopenOrder(db: Db, orderId: string, admin: TSessionUser, reason: string): Promise<{ reopened: true }> {
  return db.transaction(async (tx) => {
    await findViewableOrder(tx, orderId, admin);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order?.refundedAt) throw new AppError('conflict', 'refunds.notClosed');
    await tx.update(orders).set({ refundedAt: null, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await refreshOrderPromise(tx, orderId);
    await tx.insert(orderAudit).values({ orderId, action: 'order_reopened', actorId: admin.id, detail: { reason } });
    await publishOrderEvent(tx, order, 'status');
    return { reopened: true as const };
  });
}

export type RefundOutcome = 'refunded' | 'refund_failed' | 'refund_reversed' | 'ignored' | 'duplicate' | 'mismatch' | 'unknown_refund';

/**
 * A verified refund event, applied exactly once (its id recorded with its effect, as payment
 * events are). It completes only the approved request it names, of the same order, for the amount
 * approved, in USD; a refund id other than the one stored is not this request's. Completing adds
 * the amount to the order, closes the order (no reminders, no promise), numbers the credit note
 * and emails the customer. A failure of a refund that had completed (a bank returning it days
 * later) goes to the payment reviews: the customer was told they were paid back, and a person
 * settles it with the provider (docs/decisions/0010).
 */
export async function applyRefundEvent({ db, provider, ...settings }: RefundContext, event: RefundEvent, log: FastifyBaseLogger): Promise<RefundOutcome> {
  const providerName = provider.name;
  const outcome = await db.transaction(async (tx): Promise<RefundOutcome> => {
    const [request] = event.refundRequestId ? await tx.select().from(refundRequests).where(eq(refundRequests.id, event.refundRequestId)) : [];
    const matches = request && request.orderId === event.orderId && (request.providerRefundId === null || request.providerRefundId === event.refundId);
    const [order] = matches ? await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update') : [];
    const [locked] = order ? await tx.select().from(refundRequests).where(eq(refundRequests.id, request!.id)).for('update') : [];
    const final = event.status === 'succeeded' ? 'refunded' : event.status === 'failed' || event.status === 'canceled' ? 'refund_failed' : 'ignored';
    let decision: RefundOutcome;
    if (!order || !locked) decision = 'unknown_refund';
    else if (final === 'refund_failed' && locked.status === 'refunded') decision = 'refund_reversed';
    else if (final === 'ignored' || !(locked.status === 'approved' || (locked.status === 'failed' && final === 'refunded'))) decision = 'ignored';
    else if (
      event.currency !== checkoutCurrency ||
      event.amount !== locked.amountCents ||
      order.orderAmountRefunded + event.amount > (order.orderAmountPaid ?? 0)
    )
      decision = 'mismatch';
    else decision = final;
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, provider: providerName, type: event.type, orderId: order?.id ?? null, outcome: decision })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return 'duplicate';
    if (decision === 'unknown_refund' || decision === 'mismatch') {
      log.warn({ eventId: event.id, refundId: event.refundId, amount: event.amount, currency: event.currency, outcome: decision }, 'refund event not applied');
      return decision;
    }
    if (decision === 'ignored') return decision;
    if (decision === 'refund_reversed') {
      const reason = event.failureReason ?? event.status;
      await tx.insert(paymentReviews).values({
        orderId: order!.id,
        claimedOrderId: order!.id,
        eventId: event.id,
        sessionId: null,
        refundId: event.refundId,
        reason: 'refund_failed_after_success',
        amount: event.amount,
        currency: event.currency,
      });
      await tx.insert(orderAudit).values({ orderId: order!.id, action: 'refund_reversed', actorId: null, detail: { refundId: locked!.id, reason } });
      await publishOrderEvent(tx, order!, 'order');
      await queueReviewEmail(
        tx,
        settings.mail,
        { appUrl: settings.appUrl, supportEmail: settings.teamEmail },
        {
          reason: 'refund_failed_after_success',
          orderId: order!.id,
          amount: formatUsd(event.amount, 'en'),
          refundId: event.refundId,
          eventId: event.id,
        },
      );
      log.warn({ orderId: order!.id, refundId: locked!.id, eventId: event.id }, 'a completed refund failed afterwards: put on payment review');
      return decision;
    }
    const now = new Date();
    if (decision === 'refund_failed') {
      const reason = event.failureReason ?? event.status;
      await tx
        .update(refundRequests)
        .set({ status: 'failed', failureReason: reason, providerRefundId: event.refundId, updatedAt: now })
        .where(eq(refundRequests.id, locked!.id));
      await tx.insert(orderAudit).values({ orderId: order!.id, action: 'refund_failed', actorId: null, detail: { refundId: locked!.id, reason } });
      await publishOrderEvent(tx, order!, 'order');
      return decision;
    }
    const [done] = await tx
      .update(refundRequests)
      .set({
        status: 'refunded',
        refundedAt: now,
        providerRefundId: event.refundId,
        failureReason: null,
        creditNoteNumber: sql`nextval('credit_note_numbers')`,
        updatedAt: now,
      })
      .where(eq(refundRequests.id, locked!.id))
      .returning();
    const refundedCents = order!.orderAmountRefunded + event.amount;
    // the decision said whether work stops; nothing left to refund always stops it
    const closes = done!.closesOrder || refundedCents >= (order!.orderAmountPaid ?? 0);
    await tx
      .update(orders)
      .set({ orderAmountRefunded: refundedCents, refundedAt: closes ? now : order!.refundedAt, updatedAt: now })
      .where(eq(orders.id, order!.id));
    // a closed order's work stops: nothing more is promised
    await refreshOrderPromise(tx, order!.id);
    await tx.insert(orderAudit).values({
      orderId: order!.id,
      action: 'refund_completed',
      actorId: null,
      detail: { refundId: locked!.id, amountCents: event.amount, creditNote: creditNoteLabel(done!.creditNoteNumber!) },
    });
    await publishOrderEvent(tx, order!, 'status');
    const customer = await customerOf(tx, order!);
    // the approval's email still held says nothing this one does not: it goes, this one stays
    await settings.mail.withdrawPending(tx, 'refundApproved', { key: 'refundId', value: locked!.id });
    if (customer)
      await settings.mail.enqueue(
        {
          to: customer.email,
          template: 'refundCompleted',
          language: customer.language,
          payload: {
            firstName: customer.firstName,
            orderNumber: orderNumber(order!.id),
            companyName: order!.companyName1,
            amount: formatUsd(event.amount, customer.language),
            creditNote: creditNoteLabel(done!.creditNoteNumber!),
            note: done!.decisionNote ?? '',
            // the credit note is private: the link opens the order on the dashboard, through sign-in if need be
            dashboardUrl: dashboardUrl(settings, order!, customer.language),
          },
        },
        tx,
      );
    log.info({ orderId: order!.id, refundId: locked!.id, eventId: event.id }, 'order refunded');
    return decision;
  });
  if (outcome === 'refunded' || outcome === 'refund_reversed') settings.mail.kick();
  return outcome;
}
