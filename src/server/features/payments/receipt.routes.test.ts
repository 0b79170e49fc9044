import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '@server/platform/mail/templates';
import { mailOutbox, refundRequests } from '@server/db/schema';
import { buildTestApp, injectAs, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder, validOrder } from '@server/test/orders';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';
import { eventually } from '@server/test/eventually';
import { pdfText } from '@server/test/pdf-text';
import { formatDate, formatUsd } from '@shared/formats';

/* GET /api/orders/:id/receipt: the PDF receipt of a paid order, for its owner or an administrator. */
describe.each(testDatabases)('order receipts on $name', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await target.open();
    ({ app } = await buildTestApp(database, {
      BUSINESS_NAME: 'Receipts Test Seller LLC',
      BUSINESS_ADDRESS: '1 Main St, Cheyenne, WY 82001, USA',
      SUPPORT_EMAIL: 'help@receipts.example',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const receipt = (orderId: string, cookie?: string, query = '') =>
    app.inject({ method: 'GET', url: `/api/orders/${orderId}/receipt${query}`, headers: cookie ? { cookie } : {} });

  /** a customer's order, paid through the test provider's webhook */
  const paidOrder = async (language: 'en' | 'es' = 'en') => {
    const customer = await signUp(app, { language });
    const orderId = (await submitOrder(app, customer.cookie, validOrder({ organizerName: 'Lucía Fernández' }))).json().order.id as string;
    const sessionId = await openCheckoutSession(app, orderId, customer.cookie);
    const paid = await deliverPaymentEvent(app, completedEvent(`evt_receipt_${orderId}`, orderId, { sessionId }));
    expect(paid.statusCode).toBe(200);
    return { ...customer, orderId, sessionId, number: orderId.slice(0, 8).toUpperCase() };
  };

  it('the owner downloads a PDF in their language, with the order, the amount, the name and the payment reference', async () => {
    const { cookie, orderId, sessionId, number } = await paidOrder('en');
    const response = await receipt(orderId, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(response.headers['cache-control']).toContain('no-store');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Receipts Test Seller LLC');
    expect(text).toContain(`R-${number}`);
    expect(text).toContain(formatUsd(39900, 'en'));
    expect(text).toContain('Lucía Fernández');
    expect(text).toContain(sessionId);
  });

  it('the payment email links to the receipt', async () => {
    const { user, orderId } = await paidOrder('es');
    const [mail] = await app.services.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.template, 'paymentReceived')));
    const receiptUrl = `${app.services.config.APP_URL}/es/dashboard?order=${orderId}`;
    expect(mail?.payload.receiptUrl).toBe(receiptUrl);
    expect(renderMail('paymentReceived', 'es', mail!.payload as never).text).toContain(`Descargue su recibo (PDF) desde su pedido en su panel:\n${receiptUrl}`);
  });

  it('a Spanish-speaking customer gets a Recibo; ?lang=en overrides it', async () => {
    const { cookie, orderId, number } = await paidOrder('es');
    const spanish = await receipt(orderId, cookie);
    expect(spanish.headers['content-disposition']).toBe(`attachment; filename="recibo-${number}.pdf"`);
    const text = await pdfText(spanish.rawPayload);
    expect(text).toContain('Recibo');
    expect(text).toContain(number);
    expect(text).toContain(formatUsd(39900, 'es'));
    expect(text).toContain('Lucía Fernández');
    const english = await receipt(orderId, cookie, '?lang=en');
    expect(english.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(await pdfText(english.rawPayload)).toContain('Receipt');
    expect((await receipt(orderId, cookie, '?lang=fr')).statusCode).toBe(400);
  });

  it('another customer gets 404, a visitor 401, an administrator the receipt', async () => {
    const { orderId, number } = await paidOrder();
    const stranger = await signUp(app);
    const other = await receipt(orderId, stranger.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain('application/json');
    expect((await receipt(orderId)).statusCode).toBe(401);
    const admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(app.services.db, admin.user.email);
    const asAdmin = await receipt(orderId, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(await pdfText(asAdmin.rawPayload)).toContain(number);
  });

  it('names the test payment and the support address, in each language, and is the same bytes on every download', async () => {
    const { cookie, orderId } = await paidOrder('es');
    const first = await receipt(orderId, cookie);
    const spanish = await pdfText(first.rawPayload);
    expect(spanish).toContain('Método de pago Pago de prueba');
    expect(spanish).toContain('Escriba a help@receipts.example.');
    const english = await pdfText((await receipt(orderId, cookie, '?lang=en')).rawPayload);
    expect(english).toContain('Payment method Test payment');
    expect(english).toContain('Write to help@receipts.example.');
    // a second later, the same bytes: the PDF's dates are the payment's, not the clock's
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await receipt(orderId, cookie)).rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('after a refund the receipt lists it (amount, date, credit note), and the credit note is the same bytes on every download', async () => {
    const { cookie, orderId } = await paidOrder('en');
    const admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(app.services.db, admin.user.email);
    const asked = await injectAs(app, cookie, 'POST', `/api/orders/${orderId}/refund-requests`, { payload: { reason: 'state_refused', details: '' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().refund.id as string;
    const approved = await injectAs(app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${requestId}/decision`, {
      payload: { decision: 'approve', amountCents: 39900 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const refund = await eventually(async () => {
      const [row] = await app.services.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
      return row?.status === 'refunded' ? row : undefined;
    }, 'the refund event');
    const creditNote = `CN-${String(refund.creditNoteNumber).padStart(6, '0')}`;

    const text = await pdfText((await receipt(orderId, cookie)).rawPayload);
    expect(text).toContain(`Refunded on ${formatDate(refund.refundedAt!, 'en')}, credit note ${creditNote} -${formatUsd(39900, 'en')}`);
    expect(text).toContain(`Paid, less refunds ${formatUsd(0, 'en')}`);
    const spanish = await pdfText((await receipt(orderId, cookie, '?lang=es')).rawPayload);
    expect(spanish).toContain(`Reembolsado el ${formatDate(refund.refundedAt!, 'es')}, nota de crédito ${creditNote} -US$399`);

    const note = () => injectAs(app, cookie, 'GET', `/api/orders/${orderId}/refund-requests/${requestId}/credit-note`);
    const first = await note();
    expect(first.statusCode).toBe(200);
    expect(await pdfText(first.rawPayload)).toContain('Questions about this credit note? Write to help@receipts.example.');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await note()).rawPayload.equals(first.rawPayload)).toBe(true);
    const firstReceipt = (await receipt(orderId, cookie)).rawPayload;
    expect((await receipt(orderId, cookie)).rawPayload.equals(firstReceipt)).toBe(true);
  });

  it('an unpaid order has no receipt yet', async () => {
    const customer = await signUp(app);
    const orderId = (await submitOrder(app, customer.cookie)).json().order.id as string;
    const response = await receipt(orderId, customer.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('order.receiptNotPaid');
  });
});
