import { and, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { bankPackKinds } from '@shared/customer-documents';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { findViewableOrder } from '../../domain/orders/order-access';
import { orderCustomer } from '../../domain/orders/order-emails';
import { serverTexts } from '../../platform/i18n/texts';
import type { Storage } from '../../platform/storage/storage';
import { zipStream, type ZipEntry } from '../../platform/storage/zip-stream';

/*
 * The bank pack: after the EIN, the LLC's papers a bank asks for when it opens the account of a
 * founder outside the US, in one download (the dashboard's "Open your LLC's US bank account"): the
 * Articles as filed, the signed Operating Agreement and the IRS's EIN letter, each the newest of
 * its kind, named in the customer's language, with a note of what is inside.
 */

/** GET /api/orders/:id/bank-pack: the owner's (or the team's) ZIP; 409 before the EIN or with none of the papers yet. */
export async function bankPack(db: Db, storage: Storage, orderId: string, viewer: TSessionUser) {
  const order = await findViewableOrder(db, orderId, viewer);
  if (!order.ein) throw new AppError('conflict', 'order.bankPackBeforeEin');
  const language = (await orderCustomer(db, orderId))?.language ?? 'en';
  const rows = await db
    .select({ kind: documents.kind, storageKey: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.orderId, orderId), inArray(documents.kind, [...bankPackKinds])))
    .orderBy(desc(documents.createdAt));
  const t = serverTexts(language, 'dashboard');
  const papers = bankPackKinds.flatMap((kind, index) => {
    const row = rows.find((entry) => entry.kind === kind);
    // the kinds' names hold no character a file name cannot
    return row ? [{ name: `${index + 1} ${t(`documents.kinds.${kind}.name`).replace(/[/\\:*?"<>|]/g, '-')}.pdf`, storageKey: row.storageKey }] : [];
  });
  if (papers.length === 0) throw new AppError('conflict', 'order.bankPackEmpty');
  const readme = t('bankPack.readme', { company: order.companyName1, documents: papers.map((paper) => `- ${paper.name}`).join('\n') });
  const entries: ZipEntry[] = [
    { name: t('bankPack.readmeName'), bytes: new TextEncoder().encode(readme), compress: true },
    ...papers.map((paper): ZipEntry => ({ name: paper.name, open: () => storage.get(paper.storageKey) })),
  ];
  return { stream: zipStream(entries), fileName: `${t('bankPack.fileName')}-${orderNumber(orderId)}.zip` };
}
