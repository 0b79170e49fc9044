import { and, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { formatDate, formatUsd } from '@shared/formats';
import type { Language } from '@shared/languages';
import { orderNumber } from '@shared/order-model';
import type { RefundReason } from '@shared/refund-rules';
import { creditNoteLabel } from '@shared/refunds';
import type { Db } from '../../db/client';
import type { orders } from '../../db/schema';
import { refundRequests } from '../../db/schema';
import { findViewableOrder } from '../../domain/orders/order-access';
import { serverTexts } from '../../platform/i18n/texts';
import { completedRefunds, documentLanguage, letterDocument, partyOf, receiptNumber, type Business, type Party } from './receipt';

/** What a credit note shows: every number from the refund and the order rows. */
export interface CreditNoteData extends Party {
  number: number;
  orderId: string;
  refundedAt: Date;
  reason: RefundReason;
  amountPaid: number;
  amountRefunded: number;
  /** refunded by earlier refunds of the same order */
  refundedBefore: number;
}

const texts = (language: Language) => serverTexts(language, 'receipt');

export const creditNoteFileName = (number: number, language: Language) => `${texts(language)('creditNote.fileName')}-${creditNoteLabel(number)}.pdf`;

/** The credit note as a PDF, laid out like the receipt it refers to. */
export async function renderCreditNote(data: CreditNoteData, business: Business, language: Language): Promise<Buffer> {
  const t = texts(language);
  const money = (cents: number) => formatUsd(cents, language);
  // fixed to the refund's moment: the same refund gives the same bytes on every download
  const { doc, done, left, row, rule, party, support } = await letterDocument({
    heading: t('creditNote.title'),
    number: creditNoteLabel(data.number),
    business,
    language,
    createdAt: data.refundedAt,
  });
  row(t('creditNote.number'), creditNoteLabel(data.number));
  row(t('creditNote.receipt'), receiptNumber(data.orderId));
  row(t('creditNote.orderNumber'), orderNumber(data.orderId));
  row(t('creditNote.date'), formatDate(data.refundedAt, language));
  doc.moveDown(1);

  party(t('creditNote.issuedTo'), data);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).text(t('creditNote.reason'), left);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(t(`creditNote.reasons.${data.reason}`));
  doc.moveDown(1.5);

  row(t('description'), t('amount'), true);
  rule();
  row(t('creditNote.amountPaid'), money(data.amountPaid));
  if (data.refundedBefore > 0) row(t('creditNote.refundedBefore'), `-${money(data.refundedBefore)}`);
  // what the guarantee's rules kept (the processing fee), when the refund is less than what was left
  const kept = data.amountPaid - data.refundedBefore - data.amountRefunded;
  if (kept > 0) row(t('creditNote.feeKept'), money(kept));
  rule();
  row(t('creditNote.amountRefunded'), money(data.amountRefunded), true);
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(10).text(t('creditNote.note'), left);
  support(t('creditNote.support', { email: business.supportEmail }));
  doc.end();
  return done;
}

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refundRequests.$inferSelect;

/** A completed refund's credit note (the order's access checked before): its PDF and file name in `language`. */
export async function creditNoteOf(
  db: Db,
  { order, refund, business, language }: { order: OrderRow; refund: RefundRow; business: Business; language: Language },
) {
  if (refund.status !== 'refunded' || refund.creditNoteNumber === null || !refund.refundedAt || refund.amountCents === null)
    throw new AppError('not_found', 'refunds.noCreditNote');
  const number = refund.creditNoteNumber;
  // the refunds completed before this one (numbered before it): a later refund does not change this note
  const earlier = (await completedRefunds(db, order.id)).filter((other) => other.creditNoteNumber < number);
  const pdf = await renderCreditNote(
    {
      number: refund.creditNoteNumber,
      orderId: order.id,
      refundedAt: refund.refundedAt,
      reason: refund.reason as RefundReason,
      amountPaid: order.orderAmountPaid ?? 0,
      amountRefunded: refund.amountCents,
      refundedBefore: earlier.reduce((sum, other) => sum + other.amountCents, 0),
      ...partyOf(order),
    },
    business,
    language,
  );
  return { pdf, fileName: creditNoteFileName(refund.creditNoteNumber, language) };
}

/** A completed refund's credit note, for the order's owner or an administrator (404 otherwise, and for a refund not completed). */
export async function buildCreditNote(
  db: Db,
  { orderId, refundId, viewer }: { orderId: string; refundId: string; viewer: TSessionUser },
  business: Business,
  language?: Language,
) {
  const order = await findViewableOrder(db, orderId, viewer);
  const [refund] = await db
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.id, refundId), eq(refundRequests.orderId, orderId)));
  if (!refund) throw new AppError('not_found', 'refunds.noCreditNote');
  return creditNoteOf(db, { order, refund, business, language: await documentLanguage(db, order, language) });
}
