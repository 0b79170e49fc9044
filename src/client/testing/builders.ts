import { orderState } from '@shared/order-stage';
import type { TAdminOrderDetail } from '@shared/admin';
import type { TSessionUser } from '@shared/auth';
import type { TOrderDetail } from '@shared/orders';
import type { TRefund } from '@shared/refunds';
import { defaultFacts, type TPacket } from '@shared/filing/facts';
import { sampleOrder } from '@shared/testing/sample-order';

/* Data the component tests make for themselves: a valid default, and the fields a test is about as overrides. */

/** A signed-in customer. */
export const customer: TSessionUser = {
  id: 'user-1',
  name: 'Ana María Pérez',
  email: 'ana@example.com',
  emailVerified: true,
  isAdmin: false,
  twoFactorEnabled: false,
};

/** An order as GET /api/orders/:id and GET /api/payments/result answer it. */
export function orderDetail(overrides: Partial<TOrderDetail> = {}): TOrderDetail {
  const built: Omit<TOrderDetail, 'state'> = {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    ...sampleOrder,
    addressLine2: '',
    status: 'pending_payment',
    createdAt: '2025-05-02T10:00:00.000Z',
    phone: null,
    holdReason: null,
    openRequests: 0,
    refunded: false,
    orderAmount: 39900,
    orderDiscount: 0,
    orderAmountPaid: null,
    documents: { ssnDoc: false, passport: true, otherId: false },
    partner: null,
    milestones: [{ milestone: 'order_received', occurredOn: '2025-05-02', note: null }],
    paidAt: null,
    formationDate: null,
    ein: null,
    identityViewedAt: { ssnDoc: null, passport: null, otherId: null },
    identityDeletionOn: null,
    identityDeleted: null,
    amountRefunded: 0,
    refundedAt: null,
    refund: null,
    refundFeePercent: 10,
    ...overrides,
  };
  // the stage as the server derives it from the same facts (no packet started), unless the test names one
  const state =
    overrides.state ??
    orderState({
      paid: built.paidAt !== null,
      held: built.holdReason !== null,
      milestones: built.milestones.map((entry) => entry.milestone),
      packet: null,
      organizerSigned: false,
      openRequests: built.openRequests,
      refund: built.refund?.status ?? null,
      closedByRefund: built.refunded,
      amountRefunded: built.amountRefunded,
    });
  return { ...built, state };
}

/** The organizer's address and nationality in Mexico City: for the pages that show them in Spanish too. */
export const mexicoCity = {
  addressLine1: 'Av. Reforma 100',
  addressCity: 'Ciudad de México',
  addressState: 'CDMX',
  addressZip: '06600',
  addressCountry: 'MX',
  nationality: 'MX',
} satisfies Partial<TOrderDetail>;

/** A partner as the order carries it. */
export const partner: NonNullable<TOrderDetail['partner']> = {
  fullName: 'Luis Gómez',
  email: 'luis@example.com',
  phone: '+523312345678',
  country: 'MX',
  address: 'Calle 5, Guadalajara',
};

/** The price lookup the checkout makes, and its answer. */
export const priceRoute = 'GET /api/services/standard-formation';
export const price = (priceCents = 39900) => ({ body: { service: { slug: 'standard-formation', name: 'Standard LLC formation', priceCents } } });

/** A text of `n` words, for word limits. */
export const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');

/** A file the upload checks take for a PDF. */
export const pdf = (name = 'passport.pdf') => new File(['%PDF-1.4\n%fake\n'], name, { type: 'application/pdf' });

/** An order as the administrators' order page reads it: a paid, processed order of Ana María Pérez's account. */
export function adminOrderDetail(overrides: Partial<TOrderDetail> = {}): TAdminOrderDetail['order'] {
  return {
    ...orderDetail(overrides),
    paymentId: 'cs_test_123',
    holdReleasedAt: null,
    holdReleasedBy: null,
    termsVersion: '2025-04-25',
    termsAcceptedAt: '2025-05-02T10:04:00.000Z',
    customer: { id: 'user-1', name: 'Ana María Pérez', email: 'ana.account@example.com' },
    milestones: [],
    paymentReview: false,
    assignee: null,
    impliedStatus: 'paid',
    statusOverride: false,
    customerLanguage: 'es',
    messageTemplates: [
      { kind: 'clearer_passport', body: 'Hola, Ana:\n\nPara presentar Andes Trading LLC necesitamos una copia más legible de su pasaporte.' },
      { kind: 'ein_delay', body: 'Hola, Ana:\n\nEl IRS está tardando más de lo habitual en asignar el EIN de Andes Trading LLC.' },
    ],
  };
}

/** A refund request as the order's detail carries it: requested, not decided; `team` is the administrators' part. */
export function refundRequest(overrides: Partial<TRefund> = {}): TRefund {
  return {
    id: 'f1b2c3d4-0000-4000-8000-0000000000aa',
    status: 'requested',
    reason: 'state_refused',
    details: '',
    requestedAt: '2026-11-20T15:00:00.000Z',
    amountCents: null,
    decisionNote: null,
    decidedAt: null,
    dueOn: null,
    refundedAt: null,
    closesOrder: true,
    creditNote: null,
    team: null,
    ...overrides,
  };
}

/** A filing packet before the customer saved the company details: what the order pages read beside the order. */
export function packet(overrides: Partial<TPacket> = {}): TPacket {
  const defaults = defaultFacts(false, '2026-12-01');
  return {
    status: 'details_missing',
    facts: null,
    defaults,
    editable: true,
    members: [{ role: 'organizer', name: sampleOrder.organizerName, share: null }],
    agent: { name: 'Frontera Agents Inc.', address: '30 N Gould St, Sheridan, WY 82801', placeholder: false },
    documents: [],
    agreement: null,
    ss4: null,
    partnerLink: null,
    approvedAt: null,
    filedAt: null,
    ...overrides,
  };
}

/** The packet reads of the order pages, answered with an empty packet: for tests about something else. */
export const packetRoutes = {
  'GET /api/orders/:id/packet': { body: { packet: packet() } },
  'GET /api/admin/orders/:id/packet': { body: { packet: packet() } },
} as const;
