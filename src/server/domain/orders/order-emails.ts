import { eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { isLanguage } from '@shared/languages';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import { orders, users } from '../../db/schema';
import type { MailQueue } from '../../platform/mail/outbox';
import type { MailTemplates } from '../../platform/mail/templates';
import { appPageUrl } from '@shared/locale-paths';
import { paths } from '@shared/client-paths';

/** Where an order email sends the customer, and through which outbox. */
export interface OrderMailer {
  mail: MailQueue;
  appUrl: string;
}

/**
 * Queues an email asking the customer to pay `orderId` (review and pay at /order/confirm), in the
 * language stored with their account. Called inside the caller's transaction, so the email exists
 * exactly when the change that caused it does.
 */
export async function queuePayOrderEmail(
  tx: Db,
  { mail, appUrl }: OrderMailer,
  orderId: string,
  template: 'orderReceived' | 'paymentReminder' | 'holdReleased',
): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, name: users.name, language: users.language, companyName: orders.companyName1 })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  // no row: the order is gone, or detached from a deleted account: nobody to write to
  if (!row) return;
  const language = isLanguage(row.language) ? row.language : 'en';
  const payUrl = appPageUrl(appUrl, paths.orderConfirm({ orderId }), language);
  const payload = { firstName: firstName(row.name) || row.name, orderNumber: orderNumber(orderId), companyName: row.companyName, payUrl };
  await mail.enqueue({ to: row.email, template, language, payload }, tx);
}

/**
 * The customer of an order, to write to them in their language; null when the order's account was
 * deleted (its paid orders stay, detached, and nobody is written to). 404 for no order.
 */
export async function orderCustomer(db: Db, orderId: string) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      language: users.language,
      companyName: orders.companyName1,
      stage: orders.stage,
      llcState: orders.llcState,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError('not_found', 'admin.orderNotFound');
  const { email, name, language, companyName, stage, llcState } = row;
  if (email === null || name === null) return null;
  return { email, name, companyName, stage, llcState, language: isLanguage(language) ? language : ('en' as const) };
}

export type OrderCustomer = NonNullable<Awaited<ReturnType<typeof orderCustomer>>>;
/** What every order email says besides its own news: who, which order, where to look. */
type OrderEmailBasics = 'firstName' | 'orderNumber' | 'companyName' | 'dashboardUrl';

/** Tells the customer about their order, in their language, in the same transaction as the change; nothing for a detached order. */
export function emailCustomer<T extends 'statusChanged' | 'documentsUpdated' | 'milestoneRecorded' | 'teamMessages' | 'requestReminder' | 'orderCorrected'>(
  tx: Db,
  { mail, appUrl }: OrderMailer,
  { orderId, customer, template, news }: { orderId: string; customer: OrderCustomer | null; template: T; news: Omit<MailTemplates[T], OrderEmailBasics> },
) {
  // a detached order (its account deleted) has nobody to tell
  if (!customer) return Promise.resolve();
  const basics = {
    firstName: firstName(customer.name) || customer.name,
    orderNumber: orderNumber(orderId),
    companyName: customer.companyName,
    dashboardUrl: appPageUrl(appUrl, paths.dashboard(), customer.language),
    // where the order stands after the news, as the dashboard says it (read after the change's refresh: live-events.ts)
    ...(template === 'statusChanged' || template === 'milestoneRecorded' ? { stage: customer.stage ?? '', llcState: customer.llcState } : {}),
  };
  return mail.enqueue({ to: customer.email, template, language: customer.language, payload: { ...basics, ...news } as MailTemplates[T] }, tx);
}
