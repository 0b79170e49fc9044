import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentReviewReason } from '@shared/admin';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { isLanguage, type Language } from '@shared/languages';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/orders';
import { termsVersion, type PaymentOutcome } from '@shared/payments';
import type { Db } from '../../db/client';
import { orders, orderStatusHistory, paymentEvents, paymentReviews, users } from '../../db/schema';
import type { MailOutbox } from '../../platform/mail/outbox';
import { checkoutCurrency, completedEventTypes, type CheckoutRequest, type PaymentEvent, type PaymentProvider } from '../../platform/payments/payment-provider';
import { recordSystemMilestone } from '../../domain/orders/milestones';
import { publishOrderEvent } from '../../domain/live-events';
import { findViewableOrder } from '../../domain/orders/order-access';
import { serverTexts } from '../../platform/i18n/texts';
import { standardPriceCents } from '../../domain/price';
import { appPageUrl } from '@shared/locale-paths';
import { formatUsd } from '@shared/formats';
import { paths } from '@shared/client-paths';
import { refreshOrderState } from '../../domain/orders/order-state';
import { refreshOrderPromise } from '../../domain/orders/promise';

/** The line item the hosted checkout shows, in the customer's language (docs/glossary.md). */
export function checkoutProductName(language: Language, state: string, companyName: string): string {
  return serverTexts(language, 'payment')('hostedCheckout.productName', { state, companyName });
}

/**
 * The body's consent (ZCheckoutConsent) was validated by the route. The first acceptance is the one
 * kept: a retry or a second click leaves the version and time as first recorded (coalesce).
 */
const firstConsent = {
  termsVersion: sql`coalesce(${orders.termsVersion}, ${termsVersion})`,
  termsAcceptedAt: sql`coalesce(${orders.termsAcceptedAt}, now())`,
};
const recordConsent = (db: Db, orderId: string) => db.update(orders).set(firstConsent).where(eq(orders.id, orderId));

/**
 * Opens a checkout for the owner's unpaid order, or hands back the one already open for it: a
 * double click or a second tab pays the same session, never a second one (docs/decisions/0010).
 * The amount is read from the services row; the session id is stored as payment_id so the webhook
 * and the success page can find the order.
 */
export async function startCheckout(
  db: Db,
  { provider, appUrl }: { provider: PaymentProvider; appUrl: string },
  { orderId, user }: { orderId: string; user: TSessionUser },
): Promise<{ url: string }> {
  const amountCents = await standardPriceCents(db);
  // the language stored with the account (the one the customer last used), as for emails
  const [account] = await db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
  const language: Language = isLanguage(account?.language) ? account.language : 'en';
  // a second round only when another click stored its session between our read and our write
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const order = await findViewableOrder(db, orderId, { ...user, isAdmin: false });
    if (order.status !== 'pending_payment') throw new AppError('conflict', 'payment.alreadyPaid');
    // a sanctioned nationality: reviewed before anyone is charged (ADR 0012)
    if (order.holdReason) throw new AppError('conflict', 'payment.heldForReview');
    const request: CheckoutRequest = {
      orderId,
      amountCents,
      productName: checkoutProductName(language, order.llcState, order.companyName1),
      language,
      customerEmail: user.email,
      // back to the pages in the customer's language (the placeholder is the provider's, unencoded)
      successUrl: `${appPageUrl(appUrl, paths.paymentSuccess(), language)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: appPageUrl(appUrl, paths.paymentCancelled({ order_id: orderId }), language),
    };
    // the open session is reused only at today's price: after a price change a new one is opened
    const open = order.paymentId && order.orderAmount === amountCents ? await provider.openSession(order.paymentId, request) : null;
    if (open) {
      await recordConsent(db, orderId);
      return { url: open.url };
    }

    const session = await provider.createCheckoutSession(request);
    // compare-and-set on the session we read: only while still unpaid (a completed payment is never
    // detached from its order) and only if no other click replaced it meanwhile
    const [updated] = await db
      .update(orders)
      .set({ paymentId: session.id, orderAmount: amountCents, ...firstConsent, updatedAt: new Date() })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'pending_payment'),
          isNull(orders.holdReason),
          order.paymentId ? eq(orders.paymentId, order.paymentId) : isNull(orders.paymentId),
        ),
      )
      .returning({ id: orders.id });
    if (updated) {
      // the session it replaces (a price change) must not be paid any more
      if (order.paymentId) await provider.expireSession(order.paymentId).catch(() => undefined);
      return { url: session.url };
    }
  }
  throw new AppError('conflict');
}

/** What applyPaymentEvent did; `wrong_session` is answered 400 by the webhook, the rest 200. */
export type AppliedOutcome = PaymentOutcome | 'wrong_session';

interface Decision {
  outcome: AppliedOutcome;
  /** set when the event goes on the administrators' review list */
  review?: PaymentReviewReason;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

/**
 * An event moves an order only when everything matches: the order is pending payment, the session
 * is the order's payment_id, it is paid, in USD, for the order amount. Anything else leaves the
 * order as it was and, when it may involve money, goes to review.
 */
async function decide(tx: Tx, order: OrderRow, event: PaymentEvent): Promise<Decision> {
  const ownSession = event.sessionId === order.paymentId;
  if (order.status !== 'pending_payment') {
    if (!event.paid) return { outcome: 'not_paid' };
    // the payment already applied, delivered again (or async_payment_succeeded after completed)
    if (ownSession) return { outcome: 'ignored' };
    const [owner] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, event.sessionId));
    if (owner) return { outcome: 'wrong_session', review: 'wrong_session' };
    // a second session of this order was paid too: money to give back
    return { outcome: 'duplicate_payment', review: 'duplicate_payment' };
  }
  if (!event.paid) return { outcome: 'not_paid', review: 'not_paid' };
  if (!ownSession) return { outcome: 'wrong_session', review: 'wrong_session' };
  if (event.amountTotal !== order.orderAmount) return { outcome: 'mismatch', review: 'amount_mismatch' };
  if (event.currency !== checkoutCurrency) return { outcome: 'mismatch', review: 'currency_mismatch' };
  return { outcome: 'paid' };
}

const eventAmount = (event: PaymentEvent) =>
  event.amountTotal === null
    ? 'none'
    : event.currency === checkoutCurrency
      ? formatUsd(event.amountTotal, 'en')
      : `${event.amountTotal} ${event.currency?.toUpperCase() ?? '(no currency)'} (minor units)`;

export interface PaymentSettings {
  appUrl: string;
  /** where the team is told about a payment to review */
  supportEmail: string;
}

/** What the team's email about a review names: a payment event's checkout session, or a refund event's refund. */
export interface ReviewEmail {
  reason: string;
  orderId: string | null;
  /** already written out (formatUsd, or the minor units of another currency) */
  amount: string;
  eventId: string;
  sessionId?: string;
  refundId?: string;
}

/** Tells the team (in its language, as for support tickets) about a payment or refund event to look at. */
export function queueReviewEmail(tx: Db, mail: MailOutbox, settings: PaymentSettings, { orderId, ...review }: ReviewEmail) {
  return mail.enqueue(
    {
      to: settings.supportEmail,
      template: 'paymentReview',
      language: 'en',
      payload: {
        ...review,
        orderNumber: orderId ? orderNumber(orderId) : '-',
        orderUrl: new URL(orderId ? paths.adminOrder({ id: orderId }) : paths.adminOrders(), settings.appUrl).toString(),
      },
    },
    tx,
  );
}

const paymentReviewEmail = (event: PaymentEvent, reason: string, orderId: string | null): ReviewEmail => ({
  reason,
  orderId,
  amount: eventAmount(event),
  sessionId: event.sessionId,
  eventId: event.id,
});

/**
 * Applies a verified payment event exactly once: the event id is recorded in the same transaction
 * as its effect, so a duplicate or a concurrent redelivery changes nothing. Only a matching event
 * for an order still pending payment makes it paid; a status an administrator set later is never
 * overwritten. A review row and the team's email are written in the same transaction too.
 */
export async function applyPaymentEvent(
  db: Db,
  { mail, settings, log }: { mail: MailOutbox; settings: PaymentSettings; log: FastifyBaseLogger },
  provider: string,
  event: PaymentEvent,
): Promise<AppliedOutcome> {
  const outcome = await db.transaction(async (tx): Promise<AppliedOutcome> => {
    const [order] = event.orderId ? await tx.select().from(orders).where(eq(orders.id, event.orderId)).for('update') : [];
    const decision: Decision = order ? await decide(tx, order, event) : { outcome: 'unknown_order' };
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, provider, type: event.type, orderId: order?.id ?? null, outcome: decision.outcome })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) {
      // the same event always gets the same answer: one refused is refused again
      const [seen] = await tx.select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
      return seen?.outcome === 'wrong_session' ? 'wrong_session' : 'duplicate';
    }
    const context = { eventId: event.id, orderId: event.orderId, sessionId: event.sessionId };
    if (decision.outcome === 'unknown_order') log.warn(context, 'payment event for an unknown order');
    if (!order) {
      // money taken for an order that is gone (discarded while its checkout was open): on the open
      // reviews like any other payment to look at, and the team is told
      if (event.paid && completedEventTypes.has(event.type)) {
        await tx.insert(paymentReviews).values({
          orderId: null,
          claimedOrderId: event.orderId,
          eventId: event.id,
          sessionId: event.sessionId,
          reason: 'unknown_order',
          amount: event.amountTotal,
          currency: event.currency,
        });
        await queueReviewEmail(tx, mail, settings, paymentReviewEmail(event, 'unknown_order', event.orderId));
        log.warn({ ...context, amount: event.amountTotal, currency: event.currency }, 'payment for an unknown order put on review');
      }
      return decision.outcome;
    }

    if (decision.review) {
      await tx.insert(paymentReviews).values({
        orderId: order.id,
        claimedOrderId: order.id,
        eventId: event.id,
        sessionId: event.sessionId,
        reason: decision.review,
        amount: event.amountTotal,
        currency: event.currency,
      });
      await queueReviewEmail(tx, mail, settings, paymentReviewEmail(event, decision.review, order.id));
      log.warn(
        { ...context, reason: decision.review, amount: event.amountTotal, currency: event.currency, expected: order.orderAmount },
        'payment event put on review',
      );
    }
    if (decision.outcome !== 'paid') {
      // no live event on this path: the review still joins the order's reasons for the team's queue
      if (decision.review) await refreshOrderState(tx, order.id);
      return decision.outcome;
    }

    const amountPaid = order.orderAmount;
    const paidAt = new Date();
    // the card, as the provider reported it, is the receipt's payment method (none from the test provider)
    await tx
      .update(orders)
      .set({
        status: 'paid',
        orderAmountPaid: amountPaid,
        paidAt,
        paymentCardBrand: event.card?.brand ?? null,
        paymentCardLast4: event.card?.last4 ?? null,
        updatedAt: paidAt,
      })
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: 'pending_payment', toStatus: 'paid', source: 'payment', changedBy: null });
    await recordSystemMilestone(tx, order.id, 'payment_received', paidAt);
    // processing is promised within 24 hours from now
    await refreshOrderPromise(tx, order.id);
    // an unpaid 'completed' of this session went to review; its payment arrived (async methods).
    // Settled before the event, whose refresh of the order's state then sees it settled
    await tx
      .update(paymentReviews)
      .set({ resolvedAt: new Date() })
      .where(
        and(
          eq(paymentReviews.orderId, order.id),
          eq(paymentReviews.sessionId, event.sessionId),
          eq(paymentReviews.reason, 'not_paid'),
          isNull(paymentReviews.resolvedAt),
        ),
      );
    // the open dashboard and admin pages show the order paid without a reload
    await publishOrderEvent(tx, order, 'status');
    // an order without an owner (a deleted account's) has no one to email
    const [customer] = order.userId
      ? await tx.select({ name: users.name, email: users.email, language: users.language }).from(users).where(eq(users.id, order.userId))
      : [];
    if (customer) {
      const language = isLanguage(customer.language) ? customer.language : 'en';
      await mail.enqueue(
        {
          to: customer.email,
          template: 'paymentReceived',
          language,
          payload: {
            firstName: firstName(customer.name) || customer.name,
            orderNumber: orderNumber(order.id),
            amount: formatUsd(amountPaid, language),
            companyName: order.companyName1,
            dashboardUrl: appPageUrl(settings.appUrl, paths.dashboard(), language),
            // the receipt is private: the link opens the order on the dashboard, through sign-in if need be
            receiptUrl: appPageUrl(settings.appUrl, paths.dashboard({ order: order.id }), language),
          },
        },
        tx,
      );
    }
    log.info({ orderId: order.id, eventId: event.id }, 'order paid');
    return 'paid';
  });
  // the outbox's own kick ran inside the transaction, before its rows were visible
  if (outcome !== 'duplicate') mail.kick();
  return outcome;
}

/** Whether an order still holds this checkout session: the test checkout refuses one that none does (its order discarded, or given a new session). */
export async function sessionHeld(db: Db, sessionId: string): Promise<boolean> {
  const [held] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, sessionId)).limit(1);
  return Boolean(held);
}

/** GET /api/payments/result (docs/product.md): the order by its checkout session id, for its owner only. */
export async function findOrderByPayment(db: Db, sessionId: string, userId: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentId, sessionId), eq(orders.userId, userId)));
  if (!order) throw new AppError('not_found', 'payment.notFound');
  return order;
}
