import { and, asc, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import { hasAdminAccess, type TSessionUser } from '@shared/auth';
import { paths } from '@shared/client-paths';
import { appPageUrl } from '@shared/locale-paths';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/order-model';
import type { TOrderMessage, TOrderThread } from '@shared/order-messages';
import type { Db } from '../../db/client';
import { orderMessages, orders, users } from '../../db/schema';
import { findViewableOrder } from '../../domain/orders/order-access';
import { emailCustomer, orderCustomer, type OrderMailer } from '../../domain/orders/order-emails';

/*
 * The order's thread (issue 34): its customer and the team. An administrator writes as the team on
 * any order but their own; only the order's owner and administrators read or write it (404 for
 * anyone else, as for the order). Internal notes are another table and never come here.
 */

type Order = Awaited<ReturnType<typeof findViewableOrder>>;

/** The team's side: an administrator on someone else's order. */
const writesAsTeam = (order: Pick<Order, 'userId'>, viewer: TSessionUser) => hasAdminAccess(viewer) && order.userId !== viewer.id;

/** GET /api/orders/:id/messages: oldest first; the team signs with a first name only. */
export async function listThread(db: Db, orderId: string, viewer: TSessionUser): Promise<TOrderThread> {
  await findViewableOrder(db, orderId, viewer);
  const rows = await db
    .select({ id: orderMessages.id, body: orderMessages.body, fromTeam: orderMessages.fromTeam, authorId: orderMessages.authorId, name: users.name, createdAt: orderMessages.createdAt, readAt: orderMessages.readAt })
    .from(orderMessages)
    .leftJoin(users, eq(users.id, orderMessages.authorId))
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  return { messages: rows.map((row) => messageAnswer(row, viewer)) };
}

function messageAnswer(row: { id: string; body: string; fromTeam: boolean; authorId: string | null; name: string | null; createdAt: Date; readAt: Date | null }, viewer: TSessionUser): TOrderMessage {
  const author = row.name === null ? null : row.fromTeam ? firstName(row.name) || row.name : row.name;
  return { id: row.id, body: row.body, fromTeam: row.fromTeam, author, mine: row.authorId === viewer.id, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
}

export interface MessageSettings extends OrderMailer {
  /** where a customer's message is announced (SUPPORT_EMAIL) */
  teamEmail: string;
  /** how long the team's messages wait to be emailed together (a batch) */
  delaySeconds: number;
}

/**
 * POST /api/orders/:id/messages. In one transaction with the message: a customer's is announced to
 * the team at once (one email each, answering it by email reaches the customer); a team message
 * (re)starts the order's batch clock, so a burst of them becomes one email to the customer.
 */
export async function postMessage(db: Db, settings: MessageSettings, orderId: string, viewer: TSessionUser, body: string): Promise<TOrderMessage> {
  return db.transaction(async (tx) => {
    const order = await findViewableOrder(tx, orderId, viewer);
    const fromTeam = writesAsTeam(order, viewer);
    const [row] = await tx.insert(orderMessages).values({ orderId, authorId: viewer.id, fromTeam, body }).returning();
    if (fromTeam) {
      await tx
        .update(orders)
        .set({ messagesNotifyAfter: new Date(Date.now() + settings.delaySeconds * 1000) })
        .where(eq(orders.id, orderId));
    } else {
      await settings.mail.enqueue(
        {
          to: settings.teamEmail,
          template: 'customerMessage',
          language: 'en',
          replyTo: viewer.email,
          payload: { orderNumber: orderNumber(orderId), companyName: order.companyName1, name: viewer.name, email: viewer.email, message: body, orderUrl: appPageUrl(settings.appUrl, paths.adminOrder({ id: orderId }), 'en') },
        },
        tx,
      );
    }
    return messageAnswer({ ...row!, name: viewer.name }, viewer);
  });
}

/** POST /api/orders/:id/messages/read: the other side's messages are read now. */
export async function markThreadRead(db: Db, orderId: string, viewer: TSessionUser, now = new Date()) {
  const order = await findViewableOrder(db, orderId, viewer);
  await db
    .update(orderMessages)
    .set({ readAt: now })
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.fromTeam, !writesAsTeam(order, viewer)), isNull(orderMessages.readAt)));
}

/** GET /api/me/messages/unread: a customer's unread team messages; for the team, customers' unread messages on every order. */
export async function unreadMessages(db: Db, viewer: TSessionUser): Promise<number> {
  const [row] =
    hasAdminAccess(viewer) ?
      await db
        .select({ n: count() })
        .from(orderMessages)
        .where(and(eq(orderMessages.fromTeam, false), isNull(orderMessages.readAt)))
    : await db
        .select({ n: count() })
        .from(orderMessages)
        .innerJoin(orders, eq(orders.id, orderMessages.orderId))
        .where(and(eq(orders.userId, viewer.id), eq(orderMessages.fromTeam, true), isNull(orderMessages.readAt)));
  return row?.n ?? 0;
}

/**
 * The one `teamMessages` email of every order whose batch is due (as document-emails.ts does for
 * documents): the team's messages not yet emailed, read in the app or not (a service message is
 * kept in the customer's mailbox too). Claimed by an
 * UPDATE, so two instances send each batch once. Returns how many emails were queued.
 */
export async function sendMessageEmails(db: Db, { mail, appUrl }: OrderMailer, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.update(orders).set({ messagesNotifyAfter: null }).where(lte(orders.messagesNotifyAfter, now)).returning({ id: orders.id });
    let queued = 0;
    for (const { id } of due) {
      const pending = await tx
        .select({ id: orderMessages.id, body: orderMessages.body, name: users.name })
        .from(orderMessages)
        .leftJoin(users, eq(users.id, orderMessages.authorId))
        .where(and(eq(orderMessages.orderId, id), eq(orderMessages.fromTeam, true), isNull(orderMessages.emailedAt)))
        .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
      if (pending.length === 0) continue;
      const customer = await orderCustomer(tx, id);
      await tx.update(orderMessages).set({ emailedAt: now }).where(inArray(orderMessages.id, pending.map((message) => message.id)));
      if (!customer) continue;
      const messages = pending.map((message) => `${(message.name && firstName(message.name)) || 'Frontera'}:\n${message.body}`).join('\n\n');
      await emailCustomer(mail, tx, appUrl, id, customer, 'teamMessages', { messages, threadUrl: appPageUrl(appUrl, paths.dashboard({ order: id }), customer.language) });
      queued += 1;
    }
    return queued;
  });
}
