import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { countryName } from '@shared/countries';
import { isLanguage, type Language } from '@shared/languages';
import { addressLines, orderNumber } from '@shared/order-model';
import { creditNoteLabel } from '@shared/refunds';
import { netPaidCents } from '@shared/refund-rules';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { orders } from '../../db/schema';
import { orderStatusHistory, refundRequests, users } from '../../db/schema';
import { findViewableOrder } from '../../domain/orders/order-access';
import { paymentMethodOf, paymentMethodText, type PaymentMethod } from '../../domain/orders/payment-method';
import { formatDate, formatUsd } from '@shared/formats';
import { serverTexts } from '../../platform/i18n/texts';
import { pdfBytes } from '../../platform/pdf/pdf-bytes';

/** The seller on the receipt and the credit note: its letterhead, and where a customer writes about either. */
export interface Business {
  name: string;
  address: string;
  /** the support address the app shows customers (SUPPORT_EMAIL) */
  supportEmail: string;
}

/** The business of the configuration, read once where the routes (or the jobs) are wired. */
export const businessOf = (config: Pick<Config, 'BUSINESS_NAME' | 'BUSINESS_ADDRESS' | 'SUPPORT_EMAIL'>): Business => ({
  name: config.BUSINESS_NAME,
  address: config.BUSINESS_ADDRESS,
  supportEmail: config.SUPPORT_EMAIL,
});

/** A completed refund as its credit note records it. */
export interface ReceiptRefund {
  refundedAt: Date;
  amountCents: number;
  creditNoteNumber: number;
}

/** What a receipt shows; every number comes from the order row. */
export interface ReceiptData {
  orderId: string;
  paidAt: Date;
  paymentId: string | null;
  /** cents: the price charged, the discount already taken off */
  orderAmount: number;
  orderDiscount: number;
  orderAmountPaid: number;
  paymentMethod: PaymentMethod;
  /** the order's completed refunds, oldest first */
  refunds: ReceiptRefund[];
  organizerName: string;
  companyName: string;
  addressLine1: string;
  /** '' when none */
  addressLine2: string;
  addressCity: string;
  addressState: string;
  addressZip: string;
  addressCountry: string;
}

/** Deterministic: the same order always gets the same receipt number. */
export const receiptNumber = (orderId: string) => `R-${orderNumber(orderId)}`;

/** The receipt's texts: the receipt catalogue of the language (src/client/locales/<language>/receipt.json, docs/glossary.md). */
const receiptTexts = (language: Language) => serverTexts(language, 'receipt');

export const receiptFileName = (orderId: string, language: Language) => `${receiptTexts(language)('fileName')}-${orderNumber(orderId)}.pdf`;

/** Whom a document is made out to: the order's organizer, address and company. */
export type Party = Pick<
  ReceiptData,
  'organizerName' | 'companyName' | 'addressLine1' | 'addressLine2' | 'addressCity' | 'addressState' | 'addressZip' | 'addressCountry'
>;

/** The party of an order row. */
export const partyOf = (order: Omit<Party, 'companyName'> & { companyName1: string }): Party => ({
  organizerName: order.organizerName,
  companyName: order.companyName1,
  addressLine1: order.addressLine1,
  addressLine2: order.addressLine2,
  addressCity: order.addressCity,
  addressState: order.addressState,
  addressZip: order.addressZip,
  addressCountry: order.addressCountry,
});

export interface LetterOptions {
  heading: string;
  number: string;
  business: Business;
  language: Language;
  /** the moment the document records (the payment, the refund): its CreationDate */
  createdAt: Date;
  /** its ModDate, when later than createdAt (a receipt with a refund on it); createdAt otherwise */
  modifiedAt?: Date;
}

/**
 * A US Letter PDF with the business's letterhead, and its two-column rows and rules: the receipt
 * and the credit note are laid out alike. Helvetica's WinAnsi encoding covers Spanish
 * accents. pdfkit is loaded with the first document, not at start. DETERMINISTIC: pdfkit's only
 * clock and its file ID come from the info dates, fixed here to the moments the document records,
 * so the same order gives the same bytes on every download (and in the data export), as the
 * filing packet's PDFs do (src/server/domain/filing/pdfs.ts).
 */
export async function letterDocument({ heading, number, business, language, createdAt, modifiedAt = createdAt }: LetterOptions) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `${heading} ${number}`, Author: business.name, CreationDate: createdAt, ModDate: modifiedAt },
  });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, left, y, { width: width * 0.65 });
    const labelBottom = doc.y;
    doc.text(value, left + width * 0.65, y, { width: width * 0.35, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor('#999999')
      .lineWidth(0.5)
      .stroke();
    doc.y += 8;
  };
  doc.font('Helvetica-Bold').fontSize(16).text(business.name, left);
  doc.font('Helvetica').fontSize(10).text(business.address);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(22).text(heading);
  doc.moveDown(0.5);
  const party = (title: string, to: Party) => {
    doc.font('Helvetica-Bold').fontSize(11).text(title, left);
    doc.font('Helvetica').fontSize(11);
    doc.text(to.organizerName);
    for (const line of addressLines(to)) doc.text(line);
    doc.text(countryName(to.addressCountry, language));
    doc.moveDown(0.5);
    doc.text(receiptTexts(language)('company', { companyName: to.companyName }));
  };
  /** the last line of either: where to write about it */
  const support = (text: string) => {
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(10).text(text, left, doc.y, { width });
  };
  return { doc, done, left, width, row, rule, party, support };
}

/** The receipt as a PDF (US Letter). */
export async function renderReceipt(data: ReceiptData, business: Business, language: Language): Promise<Buffer> {
  const t = receiptTexts(language);
  const money = (cents: number) => formatUsd(cents, language);
  const lastRefund = data.refunds.at(-1);
  const { doc, done, left, width, row, rule, party, support } = await letterDocument({
    heading: t('title'),
    number: receiptNumber(data.orderId),
    business,
    language,
    createdAt: data.paidAt,
    // a refund is written on the receipt too: the document last changed then
    modifiedAt: lastRefund && lastRefund.refundedAt > data.paidAt ? lastRefund.refundedAt : data.paidAt,
  });
  row(t('receiptNumber'), receiptNumber(data.orderId));
  row(t('orderNumber'), orderNumber(data.orderId));
  row(t('datePaid'), formatDate(data.paidAt, language));
  row(t('paymentMethod'), paymentMethodText(data.paymentMethod, language));
  doc.moveDown(1);

  party(t('billedTo'), data);
  doc.moveDown(1.5);

  row(t('description'), t('amount'), true);
  rule();
  // the service is listed at its price before the discount, which then has its own line
  row(t('formation'), money(data.orderAmount + data.orderDiscount));
  row(t('stateFee'), t('stateFeeIncluded'));
  row(t('registeredAgent'), t('agentIncluded'));
  if (data.orderDiscount > 0) row(t('discount'), `-${money(data.orderDiscount)}`);
  rule();
  row(t('total'), money(data.orderAmount), true);
  row(t('amountPaid'), money(data.orderAmountPaid), true);
  if (data.refunds.length > 0) {
    // each refund as its credit note records it, then what the payment comes to after them
    for (const refund of data.refunds)
      row(
        t('refunded', { date: formatDate(refund.refundedAt, language), creditNote: creditNoteLabel(refund.creditNoteNumber) }),
        `-${money(refund.amountCents)}`,
      );
    rule();
    const refunded = data.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
    row(t('netPaid'), money(netPaidCents(data.orderAmountPaid, refunded)), true);
  }
  if (data.paymentId) {
    // a Stripe session id is long: its own full-width line, so it is never split
    doc.moveDown(1);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(t('paymentReference', { reference: data.paymentId }), left, doc.y, { width });
  }
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(10).text(t('thanks'), left);
  support(t('support', { email: business.supportEmail }));
  doc.end();
  return done;
}

type OrderRow = typeof orders.$inferSelect;

/** The language a document of the order is made in: the one asked for, else the customer's stored one, else English. */
export async function documentLanguage(db: Db, order: Pick<OrderRow, 'userId'>, language?: Language): Promise<Language> {
  if (language) return language;
  const [customer] = order.userId ? await db.select({ language: users.language }).from(users).where(eq(users.id, order.userId)) : [];
  return isLanguage(customer?.language) ? customer.language : 'en';
}

/** The order's completed refunds as their credit notes record them, oldest first. */
export async function completedRefunds(db: Db, orderId: string): Promise<ReceiptRefund[]> {
  const rows = await db
    .select({ refundedAt: refundRequests.refundedAt, amountCents: refundRequests.amountCents, creditNoteNumber: refundRequests.creditNoteNumber })
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'refunded'), isNotNull(refundRequests.creditNoteNumber)))
    .orderBy(asc(refundRequests.refundedAt), asc(refundRequests.creditNoteNumber));
  return rows.flatMap((row) =>
    row.refundedAt && row.amountCents !== null && row.creditNoteNumber !== null
      ? [{ refundedAt: row.refundedAt, amountCents: row.amountCents, creditNoteNumber: row.creditNoteNumber }]
      : [],
  );
}

/** The receipt of a paid order the caller may see (the access is checked before): its PDF and file name in `language`. */
export async function orderReceipt(db: Db, order: OrderRow, business: Business, language: Language) {
  if (order.status === 'pending_payment' || order.orderAmountPaid === null) throw new AppError('conflict', 'order.receiptNotPaid');
  // orders paid before paid_at existed: the moment the payment moved them to paid
  let paidAt = order.paidAt;
  if (!paidAt) {
    const [paid] = await db
      .select({ at: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'paid')))
      .orderBy(asc(orderStatusHistory.createdAt))
      .limit(1);
    paidAt = paid?.at ?? order.updatedAt;
  }
  const [paymentMethod, refunds] = await Promise.all([paymentMethodOf(db, order), completedRefunds(db, order.id)]);
  const pdf = await renderReceipt(
    {
      orderId: order.id,
      paidAt,
      paymentId: order.paymentId,
      orderAmount: order.orderAmount,
      orderDiscount: order.orderDiscount,
      orderAmountPaid: order.orderAmountPaid,
      paymentMethod,
      refunds,
      ...partyOf(order),
    },
    business,
    language,
  );
  return { pdf, fileName: receiptFileName(order.id, language) };
}

/**
 * The receipt of a paid order, for its owner or an administrator (anyone else: 404, as for a
 * missing order). In the customer's stored language unless `language` asks for another.
 */
export async function buildOrderReceipt(db: Db, { orderId, viewer }: { orderId: string; viewer: TSessionUser }, business: Business, language?: Language) {
  const order = await findViewableOrder(db, orderId, viewer);
  return orderReceipt(db, order, business, await documentLanguage(db, order, language));
}
