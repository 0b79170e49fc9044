import { describe, expect, it } from 'vitest';
import { pdfText } from '@server/test/pdf-text';
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
  organizerName: 'María José Peña',
  companyName: 'Sol Naciente LLC',
  addressLine1: 'Av. Reforma 222',
  addressCity: 'Ciudad de México',
  addressState: 'CDMX',
  addressZip: '06600',
  addressCountry: 'MX',
};
const business = { name: 'Frontera LLC Formation', address: '30 N Gould St, Sheridan, WY 82801, USA' };

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

  it('names the file by language', () => {
    expect(receiptFileName(data.orderId, 'en')).toBe('receipt-3FA85F64.pdf');
    expect(receiptFileName(data.orderId, 'es')).toBe('recibo-3FA85F64.pdf');
  });
});
