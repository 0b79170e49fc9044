import type { TOrderDetail } from '@shared/orders';

/** An order as GET /api/orders/:id and GET /api/payments/result answer it. */
export function orderDetail(overrides: Partial<TOrderDetail> = {}): TOrderDetail {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    companyName1: 'Andes Trading LLC',
    companyName2: 'Andes Imports LLC',
    companyName3: 'Andes Global LLC',
    llcState: 'WY',
    status: 'pending_payment',
    createdAt: '2025-05-02T10:00:00.000Z',
    organizerName: 'Ana María Pérez',
    email: 'ana@example.com',
    phone: null,
    addressLine1: 'Av. Larco 123',
    addressCity: 'Lima',
    addressState: 'Lima',
    addressZip: '15074',
    addressCountry: 'Peru',
    nationality: 'Peruvian',
    orderAmount: 39900,
    orderDiscount: 0,
    orderAmountPaid: null,
    documents: { ssnDoc: false, passport: true, otherId: false },
    partner: null,
    ...overrides,
  };
}

export const priceRoute = 'GET /api/services/standard-formation';
export const price = (priceCents = 39900) => ({ body: { service: { slug: 'standard-formation', name: 'Standard LLC formation', priceCents } } });
