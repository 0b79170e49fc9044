import { eq } from 'drizzle-orm';
import { isLanguage } from '@shared/languages';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import { orders, users } from '../../db/schema';
import type { MailOutbox } from '../../platform/mail/outbox';
import { appPageUrl } from '@shared/locale-paths';
import { paths } from '@shared/client-paths';

/** Where an order email sends the customer, and through which outbox. */
export interface OrderMailer {
  mail: MailOutbox;
  appUrl: string;
}

/**
 * Queues an email asking the customer to pay `orderId` (review and pay at /order/confirm), in the
 * language stored with their account. Called inside the caller's transaction, so the email exists
 * exactly when the change that caused it does.
 */
export async function queuePayOrderEmail(tx: Db, { mail, appUrl }: OrderMailer, orderId: string, template: 'orderReceived' | 'paymentReminder' | 'holdReleased'): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, name: users.name, language: users.language, companyName: orders.companyName1 })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  // no row: the order is gone, or detached from a deleted account (issue 33): nobody to write to
  if (!row) return;
  const language = isLanguage(row.language) ? row.language : 'en';
  const payUrl = appPageUrl(appUrl, paths.orderConfirm({ orderId }), language);
  const payload = { firstName: firstName(row.name) || row.name, orderNumber: orderNumber(orderId), companyName: row.companyName, payUrl };
  await mail.enqueue({ to: row.email, template, language, payload }, tx);
}
