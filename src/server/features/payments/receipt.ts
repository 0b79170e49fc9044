import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { countryName } from '@shared/countries';
import { isLanguage, type Language } from '@shared/languages';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import { orderStatusHistory, users } from '../../db/schema';
import { findViewableOrder } from '../../domain/orders/order-access';
import { formatDate, formatUsd } from '@shared/formats';
import { serverTexts } from '../../platform/i18n/texts';
import { pdfBytes } from '../../platform/pdf/pdf-bytes';

export interface Business {
  name: string;
  address: string;
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
  organizerName: string;
  companyName: string;
  addressLine1: string;
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
export type Party = Pick<ReceiptData, 'organizerName' | 'companyName' | 'addressLine1' | 'addressCity' | 'addressState' | 'addressZip' | 'addressCountry'>;

/** The party of an order row. */
export const partyOf = (order: Omit<Party, 'companyName'> & { companyName1: string }): Party => ({
  organizerName: order.organizerName,
  companyName: order.companyName1,
  addressLine1: order.addressLine1,
  addressCity: order.addressCity,
  addressState: order.addressState,
  addressZip: order.addressZip,
  addressCountry: order.addressCountry,
});

/**
 * A US Letter PDF with the business's letterhead, and its two-column rows and rules: the receipt
 * and the credit note are laid out alike. Helvetica's WinAnsi encoding covers Spanish
 * accents. pdfkit is loaded with the first document, not at start.
 */
export async function letterDocument(heading: string, number: string, business: Business, language: Language) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `${heading} ${number}`, Author: business.name } });
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
    doc.text(to.addressLine1);
    doc.text(`${to.addressCity}, ${to.addressState} ${to.addressZip}`);
    doc.text(countryName(to.addressCountry, language));
    doc.moveDown(0.5);
    doc.text(receiptTexts(language)('company', { companyName: to.companyName }));
  };
  return { doc, done, left, width, row, rule, party };
}

/** The receipt as a PDF (US Letter). */
export async function renderReceipt(data: ReceiptData, business: Business, language: Language): Promise<Buffer> {
  const t = receiptTexts(language);
  const money = (cents: number) => formatUsd(cents, language);
  const { doc, done, left, width, row, rule, party } = await letterDocument(t('title'), receiptNumber(data.orderId), business, language);
  row(t('receiptNumber'), receiptNumber(data.orderId));
  row(t('orderNumber'), orderNumber(data.orderId));
  row(t('datePaid'), formatDate(data.paidAt, language));
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
  doc.end();
  return done;
}

/**
 * The receipt of a paid order, for its owner or an administrator (anyone else: 404, as for a
 * missing order). In the customer's stored language unless `language` asks for another.
 */
export async function buildOrderReceipt(db: Db, { orderId, viewer }: { orderId: string; viewer: TSessionUser }, business: Business, language?: Language) {
  const order = await findViewableOrder(db, orderId, viewer);
  if (order.status === 'pending_payment' || order.orderAmountPaid === null) throw new AppError('conflict', 'order.receiptNotPaid');
  const [customer] = order.userId ? await db.select({ language: users.language }).from(users).where(eq(users.id, order.userId)) : [];
  const chosen: Language = language ?? (isLanguage(customer?.language) ? customer.language : 'en');
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
  const pdf = await renderReceipt(
    {
      orderId: order.id,
      paidAt,
      paymentId: order.paymentId,
      orderAmount: order.orderAmount,
      orderDiscount: order.orderDiscount,
      orderAmountPaid: order.orderAmountPaid,
      ...partyOf(order),
    },
    business,
    chosen,
  );
  return { pdf, fileName: receiptFileName(order.id, chosen) };
}
