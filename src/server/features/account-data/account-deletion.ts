import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { paidOrderRetentionYears } from '@shared/account-data';
import { AppError } from '@shared/app-error';
import { isLanguage } from '@shared/languages';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import {
  adminAudit,
  calendarTokens,
  dataExports,
  documents,
  mailOutbox,
  orderAudit,
  orderMessageAttachments,
  orderMessages,
  orders,
  supportTickets,
  users,
  verifications,
} from '../../db/schema';
import { clearIdentityFiles } from '../../domain/orders/identity-documents';
import type { MailOutbox } from '../../platform/mail/outbox';

/*
 * "Delete my account" (docs/product.md "Your data: download and deletion"). What goes at
 * once: the login (the users row; its sessions, credentials and second factor cascade), unpaid
 * orders with everything of theirs, every identity document, the support tickets sent from the
 * account's address, the data exports, the emails queued or sent to the address. What stays: the
 * paid orders, detached from any login (orders.user_id set null by the foreign key), as the tax
 * record: organizer name, contact, amounts, dates, status history, milestones and the LLC's
 * documents. One email goes to the address the account had, the last: the accountDeleted
 * confirmation, saying what went, what is kept and why, and where to write.
 */

/** What the deletion's confirmation needs: the outbox, and the support address it names (SUPPORT_EMAIL). */
export interface DeletionMail {
  mail: Pick<MailOutbox, 'enqueue' | 'kick'>;
  supportEmail: string;
}

export interface DeletedAccount {
  /** storage keys to delete once the transaction committed (identity files, unpaid orders' documents, exports) */
  keys: string[];
  /** checkout sessions the deleted unpaid orders had open: to expire with the provider */
  paymentIds: string[];
  paidOrdersKept: number;
  unpaidOrdersDeleted: number;
}

/**
 * Deletes the account `userId` in one transaction (the caller checked the password and second
 * factor). The last administrator is refused (409 last_admin): every administrator's row is locked
 * first, as a demotion does (admin-users.service.ts), so two administrators deleting themselves at
 * once cannot leave none. A payment landing at the same time is serialised by the order's row lock:
 * an order found paid stays; one deleted unpaid is refused by the webhook as an unknown order,
 * for review and refund (and its checkout session is expired by the caller).
 */
export async function deleteAccount(db: Db, { mail, supportEmail }: DeletionMail, userId: string, now = new Date()): Promise<DeletedAccount> {
  const deleted = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, email: users.email, emailVerified: users.emailVerified, name: users.name, isAdmin: users.isAdmin, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw new AppError('unauthorized');
    if (account.isAdmin) {
      const administrators = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
      if (administrators.length <= 1) throw new AppError('last_admin', 'accountData.delete.lastAdmin');
    }

    const owned = await tx.select().from(orders).where(eq(orders.userId, userId)).for('update');
    // unpaid: still pending payment and never paid (an administrator may set any status, so paid_at decides)
    const unpaid = owned.filter((order) => order.status === 'pending_payment' && order.paidAt === null);
    const kept = owned.filter((order) => !unpaid.includes(order));
    const identityKeys = (order: (typeof owned)[number]) => [order.ssnDocKey, order.passportKey, order.otherIdKey].filter((key): key is string => key !== null);
    const keys: string[] = owned.flatMap(identityKeys);
    // the thread's files go with the account, on every order; their rows cascade with the messages
    if (owned.length > 0) {
      const attachments = await tx
        .select({ key: orderMessageAttachments.storageKey })
        .from(orderMessageAttachments)
        .where(
          inArray(
            orderMessageAttachments.orderId,
            owned.map((order) => order.id),
          ),
        );
      keys.push(...attachments.map((row) => row.key));
    }

    if (unpaid.length > 0) {
      const unpaidIds = unpaid.map((order) => order.id);
      const attached = await tx.select({ key: documents.storageKey }).from(documents).where(inArray(documents.orderId, unpaidIds));
      keys.push(...attached.map((row) => row.key));
      // partners, history, milestones, documents, notes, calendar tokens and reminders cascade
      await tx.delete(orders).where(inArray(orders.id, unpaidIds));
      await tx.insert(orderAudit).values(
        unpaid.map((order) => ({
          orderId: order.id,
          action: 'order_discarded',
          actorId: userId,
          detail: { orderNumber: orderNumber(order.id), reason: 'account_deleted' },
        })),
      );
    }
    if (kept.length > 0) {
      const keptIds = kept.map((order) => order.id);
      // the files go after the commit; the order keeps the record of which existed and when they
      // went (the same audit row the retention job writes, which the admin order page reads)
      await clearIdentityFiles(tx, keptIds, { now, reason: 'account_deleted', actorId: userId });
      // the calendar feed was the customer's: it ends with the account
      await tx
        .update(calendarTokens)
        .set({ revokedAt: now })
        .where(and(inArray(calendarTokens.orderId, keptIds), isNull(calendarTokens.revokedAt)));
      // the order's thread was a conversation with the customer, not the tax record
      await tx.delete(orderMessages).where(inArray(orderMessages.orderId, keptIds));
      await tx.insert(orderAudit).values(
        kept.map((order) => ({
          orderId: order.id,
          action: 'account_deleted',
          actorId: userId,
          detail: { identityDocumentsDeleted: identityKeys(order).length },
        })),
      );
    }

    const exports = await tx.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ key: dataExports.storageKey });
    keys.push(...exports.flatMap((row) => (row.key ? [row.key] : [])));
    // tickets belong to no account: those sent from its address are its owner's (replies and notes
    // cascade), but only once the owner proved the address: else they may be a visitor's, and stay
    const tickets = account.emailVerified
      ? await tx
          .delete(supportTickets)
          .where(sql`lower(${supportTickets.email}) = lower(${account.email})`)
          .returning({ id: supportTickets.id })
      : [];
    // nothing more is sent to the address, and no copy of what was sent stays (a visitor's ticket replies stay unless the address was proven)
    await tx
      .delete(mailOutbox)
      .where(and(sql`lower(${mailOutbox.recipient}) = lower(${account.email})`, account.emailVerified ? undefined : ne(mailOutbox.template, 'ticketReply')));
    // …but one: the confirmation, queued after that cleanup and in the same transaction, so it goes
    // only if the deletion happened; in the account's language, answered by the support address
    const language = isLanguage(account.language) ? account.language : 'en';
    await mail.enqueue(
      {
        to: account.email,
        template: 'accountDeleted',
        language,
        replyTo: supportEmail,
        payload: {
          firstName: firstName(account.name) || account.name,
          deletedOn: now.toISOString().slice(0, 10),
          keptOrders: kept.map((order) => `${orderNumber(order.id)} (${order.companyName1})`).join('\n'),
          years: String(paidOrderRetentionYears),
          supportEmail,
        },
      },
      tx,
    );
    // the account's reset links and other one-time tokens
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.insert(adminAudit).values({
      actorId: userId,
      targetId: userId,
      action: 'delete_account',
      detail: {
        email: account.email,
        paidOrdersKept: kept.map((order) => orderNumber(order.id)),
        unpaidOrdersDeleted: unpaid.length,
        ticketsDeleted: tickets.length,
      },
    });
    // sessions, credentials and the second factor cascade; paid orders' user_id becomes null; the
    // user_changes trigger tells every instance's session cache (ADR 0013)
    await tx.delete(users).where(eq(users.id, userId));
    return {
      keys,
      paymentIds: unpaid.flatMap((order) => (order.paymentId ? [order.paymentId] : [])),
      paidOrdersKept: kept.length,
      unpaidOrdersDeleted: unpaid.length,
    };
  });
  // the outbox's own kick ran inside the transaction, before its row was visible
  mail.kick();
  return deleted;
}
