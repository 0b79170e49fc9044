import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { isLanguage } from '@shared/languages';
import { formatUsd } from '@shared/money';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/orders';
import type { PaymentOutcome } from '@shared/payments';
import type { Db } from '../../db/client';
import { orders, orderStatusHistory, paymentEvents, users } from '../../db/schema';
import type { MailOutbox } from '../../platform/mail/outbox';
import type { PaymentEvent, PaymentProvider } from '../../platform/payments/payment-provider';
import { findViewableOrder, standardPriceCents } from '../orders/orders.service';

/**
 * Opens a checkout for the owner's unpaid order. The amount is read from the services row;
 * the session id is stored as payment_id so the webhook and the success page can find the order.
 */
export async function startCheckout(db: Db, provider: PaymentProvider, appUrl: string, orderId: string, user: TSessionUser): Promise<{ url: string }> {
  const order = await findViewableOrder(db, orderId, { ...user, isAdmin: false });
  if (order.status !== 'pending_payment') throw new AppError('conflict', 'payment.alreadyPaid');
  const amountCents = await standardPriceCents(db);
  const session = await provider.createCheckoutSession({
    orderId,
    amountCents,
    productName: `US LLC formation (${order.llcState}) — ${order.companyName1}`,
    customerEmail: user.email,
    successUrl: `${new URL('/payment-success', appUrl)}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${new URL('/payment-cancelled', appUrl)}?order_id=${orderId}`,
  });
  // only while still unpaid: a payment that completed meanwhile is never detached from its order
  const [updated] = await db
    .update(orders)
    .set({ paymentId: session.id, orderAmount: amountCents, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning({ id: orders.id });
  if (!updated) throw new AppError('conflict', 'payment.alreadyPaid');
  return { url: session.url };
}

/**
 * Applies a verified payment event exactly once: the event id is recorded in the same transaction
 * as the status change, so a duplicate or a concurrent redelivery changes nothing. Only an order
 * still pending payment becomes paid; a status an administrator set later is never overwritten.
 */
export async function applyPaymentEvent(db: Db, mail: MailOutbox, appUrl: string, provider: string, event: PaymentEvent, log: FastifyBaseLogger): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = event.orderId ? await tx.select().from(orders).where(eq(orders.id, event.orderId)).for('update') : [];
    const outcome: PaymentOutcome = !order ? 'unknown_order' : !event.paid ? 'not_paid' : order.status !== 'pending_payment' ? 'ignored' : 'paid';
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, provider, type: event.type, orderId: order?.id ?? null, outcome })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return 'duplicate';
    if (outcome === 'unknown_order') log.warn({ eventId: event.id, orderId: event.orderId, sessionId: event.sessionId }, 'payment event for an unknown order');
    if (outcome !== 'paid' || !order) return outcome;

    const amountPaid = event.amountTotal ?? order.orderAmount;
    if (amountPaid !== order.orderAmount) log.warn({ orderId: order.id, amountPaid, expected: order.orderAmount }, 'paid amount differs from the order amount');
    await tx.update(orders).set({ status: 'paid', orderAmountPaid: amountPaid, paymentId: event.sessionId, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: 'pending_payment', toStatus: 'paid', source: 'payment', changedBy: null });
    const [customer] = await tx.select({ name: users.name, email: users.email, language: users.language }).from(users).where(eq(users.id, order.userId));
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
            dashboardUrl: new URL('/dashboard', appUrl).toString(),
          },
        },
        tx,
      );
    }
    log.info({ orderId: order.id, eventId: event.id }, 'order paid');
    return 'paid';
  });
}

/** GET /api/payments/result (docs/product.md): the order by its checkout session id, for its owner only. */
export async function findOrderByPayment(db: Db, sessionId: string, userId: string) {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.paymentId, sessionId), eq(orders.userId, userId)));
  if (!order) throw new AppError('not_found', 'payment.notFound');
  return order;
}
