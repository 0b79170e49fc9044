import { describe, expect, it } from 'vitest';
import { pdfText } from '@server/test/pdf-text';
import { paymentMethodText } from '@server/domain/orders/payment-method';
import { receiptFileName, renderReceipt, type ReceiptData } from './receipt';
import { formatUsd } from '@shared/formats';
import { spanishStyleProblems } from '@shared/glossary';

const data: ReceiptData = {
  orderId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  paidAt: new Date('2026-03-05T15:00:00Z'),
  paymentId: 'cs_test_abc123',
  orderAmount: 39900,
  orderDiscount: 0,
  orderAmountPaid: 39900,
  paymentMethod: { kind: 'card', brand: 'visa', last4: '4242' },
  refunds: [],
  organizerName: 'María José Peña',
  companyName: 'Sol Naciente LLC',
  addressLine1: 'Av. Reforma 222',
  addressLine2: '',
  addressCity: 'Ciudad de México',
  addressState: 'CDMX',
  addressZip: '06600',
  addressCountry: 'MX',
};
const business = { name: 'Frontera LLC Formation', address: '30 N Gould St, Sheridan, WY 82801, USA', supportEmail: 'ayuda@frontera.example' };

describe('renderReceipt', () => {
  it.each([
    ['en', ['Receipt', 'Order number', 'Mexico', 'State filing fee', 'Included', 'March 5, 2026'], 'Recibo'],
    [
      'es',
      [
        'Recibo',
        'Número de pedido',
        'México',
        'Servicio de constitución de LLC',
        'Tarifa estatal de presentación Incluida',
        'primer año Incluido',
        '5 de marzo de 2026',
      ],
      'Receipt',
    ],
  ] as const)('a %s receipt shows the seller, the numbers, the customer and the lines in its language', async (language, words, otherLanguage) => {
    const text = await pdfText(await renderReceipt(data, business, language));
    for (const expected of ['Frontera LLC Formation', 'R-3FA85F64', 'María José Peña', 'cs_test_abc123', formatUsd(39900, language), ...words])
      expect(text).toContain(expected);
    expect(text).not.toContain(otherLanguage);
  });

  it('prints the second address line under the first, and no empty line without one', async () => {
    const text = await pdfText(await renderReceipt({ ...data, addressLine2: 'Piso 14, Col. Lomas Altas' }, business, 'es'));
    expect(text).toContain('Av. Reforma 222 Piso 14, Col. Lomas Altas Ciudad de México, CDMX 06600');
    expect(await pdfText(await renderReceipt(data, business, 'es'))).toContain('Av. Reforma 222 Ciudad de México, CDMX 06600');
  });

  it('a discount has its own line and the total is what was charged', async () => {
    const text = await pdfText(await renderReceipt({ ...data, orderAmount: 34900, orderDiscount: 5000, orderAmountPaid: 34900 }, business, 'en'));
    expect(text).toContain(`LLC formation service ${formatUsd(39900, 'en')}`);
    expect(text).toContain(`Discount -${formatUsd(5000, 'en')}`);
    expect(text).toContain(`Total ${formatUsd(34900, 'en')}`);
  });

  // an accountant in Mexico reads dollars, not pesos, in es-419's number format
  it('a Spanish receipt says US$ on every amount and writes every figure as es-419 does', async () => {
    const text = await pdfText(await renderReceipt({ ...data, orderAmount: 134950, orderDiscount: 5000, orderAmountPaid: 134950 }, business, 'es'));
    expect(text).toContain('Servicio de constitución de LLC US$1,399.50');
    expect(text).toContain('Descuento -US$50');
    expect(text).toContain('Monto pagado US$1,349.50');
    // the postal codes are data, not figures to group
    expect(spanishStyleProblems(text.replaceAll(data.addressZip, '').replaceAll(business.address, ''))).toEqual([]);
  });

  it.each([
    ['en', 'Payment method Visa ending in 4242', 'Questions about this receipt? Write to ayuda@frontera.example.'],
    ['es', 'Método de pago Visa terminada en 4242', '¿Tiene preguntas sobre este recibo? Escriba a ayuda@frontera.example.'],
  ] as const)('a %s receipt names the card that paid and where to write', async (language, method, support) => {
    const text = await pdfText(await renderReceipt(data, business, language));
    expect(text).toContain(method);
    expect(text).toContain(support);
  });

  it('says a test payment, a card it was not told of, a brand it does not know, each in its language', () => {
    expect(paymentMethodText({ kind: 'test' }, 'en')).toBe('Test payment');
    expect(paymentMethodText({ kind: 'test' }, 'es')).toBe('Pago de prueba');
    expect(paymentMethodText({ kind: 'card', brand: null, last4: null }, 'en')).toBe('Card');
    expect(paymentMethodText({ kind: 'card', brand: null, last4: null }, 'es')).toBe('Tarjeta');
    expect(paymentMethodText({ kind: 'card', brand: 'amex', last4: '0005' }, 'en')).toBe('American Express ending in 0005');
    expect(paymentMethodText({ kind: 'card', brand: 'mastercard', last4: null }, 'es')).toBe('Mastercard');
    expect(paymentMethodText({ kind: 'card', brand: 'newbrand', last4: '1234' }, 'es')).toBe('Tarjeta terminada en 1234');
  });

  it('lists each refund as its credit note records it, and what the payment comes to after them', async () => {
    const refunds = [
      { refundedAt: new Date('2026-03-20T12:00:00Z'), amountCents: 5000, creditNoteNumber: 7 },
      { refundedAt: new Date('2026-04-02T12:00:00Z'), amountCents: 10000, creditNoteNumber: 9 },
    ];
    const english = await pdfText(await renderReceipt({ ...data, refunds }, business, 'en'));
    expect(english).toContain(`Refunded on March 20, 2026, credit note CN-000007 -${formatUsd(5000, 'en')}`);
    expect(english).toContain(`Refunded on April 2, 2026, credit note CN-000009 -${formatUsd(10000, 'en')}`);
    expect(english).toContain(`Paid, less refunds ${formatUsd(24900, 'en')}`);
    const spanish = await pdfText(await renderReceipt({ ...data, refunds }, business, 'es'));
    expect(spanish).toContain('Reembolsado el 20 de marzo de 2026, nota de crédito CN-000007 -US$50');
    expect(spanish).toContain('Pagado, menos reembolsos US$249');
    // no refund, no refund lines
    expect(await pdfText(await renderReceipt(data, business, 'en'))).not.toContain('Refunded');
  });

  it('is the same bytes every time for the same order: its dates are the payment and the last refund, not the clock', async () => {
    const first = await renderReceipt(data, business, 'en');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await renderReceipt(data, business, 'en')).equals(first)).toBe(true);
    expect(first.toString('latin1')).toContain('(D:20260305150000Z)');
    const refunded = await renderReceipt(
      { ...data, refunds: [{ refundedAt: new Date('2026-03-20T12:00:00Z'), amountCents: 5000, creditNoteNumber: 7 }] },
      business,
      'en',
    );
    expect(refunded.toString('latin1')).toContain('(D:20260320120000Z)');
  });

  it('names the file by language', () => {
    expect(receiptFileName(data.orderId, 'en')).toBe('receipt-3FA85F64.pdf');
    expect(receiptFileName(data.orderId, 'es')).toBe('recibo-3FA85F64.pdf');
  });
});
