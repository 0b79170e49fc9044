import { asc, eq, lte } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { documents, orders } from '@server/db/schema';
import { customerDocumentName } from '@shared/customer-documents';
import { serverTexts } from '@server/platform/i18n/texts';
import { emailCustomer, orderCustomer, type OrderMailer } from '@server/domain/orders/order-emails';

/**
 * Sends the one `documentsUpdated` email of every order whose documents changed at least the delay
 * ago (once per batch of uploads, not once per file). The UPDATE claims the due orders:
 * an instance running this at the same time waits for the row lock, re-reads the row (no longer
 * due) and leaves it, so each batch is emailed once; the emails are queued in the same transaction.
 * An order whose documents were all removed meanwhile gets no email. Returns how many were queued.
 * Run by the job registry (src/server/jobs.ts).
 */
export async function sendDocumentEmails(db: Db, { mail, appUrl }: OrderMailer, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.update(orders).set({ documentsNotifyAfter: null }).where(lte(orders.documentsNotifyAfter, now)).returning({ id: orders.id });
    let queued = 0;
    for (const { id } of due) {
      const rows = await tx
        .select({ kind: documents.kind, fileName: documents.fileName })
        .from(documents)
        .where(eq(documents.orderId, id))
        .orderBy(asc(documents.createdAt));
      if (rows.length === 0) continue;
      const customer = await orderCustomer(tx, id);
      const t = serverTexts(customer?.language ?? 'en', 'dashboard');
      const names = rows.map((row) => customerDocumentName(row, (kind) => t(`documents.kinds.${kind}.name`)));
      await emailCustomer(tx, { mail, appUrl }, { orderId: id, customer, template: 'documentsUpdated', news: { documents: names.join('\n') } });
      queued += 1;
    }
    return queued;
  });
}
