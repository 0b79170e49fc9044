import { z } from 'zod';
import type { Language } from '@shared/languages';

/** What a checkout needs; the amount always comes from the services row, never the browser. */
export interface CheckoutRequest {
  orderId: string;
  amountCents: number;
  productName: string;
  /** the customer's stored language: the hosted checkout page speaks it */
  language: Language;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/** The only currency the product charges in; an event in any other is never a payment of an order. */
export const checkoutCurrency = 'usd';

/** A verified 'checkout completed' notification, whatever the provider. */
export interface PaymentEvent {
  kind: 'checkout';
  id: string;
  type: string;
  sessionId: string;
  orderId: string | null;
  paid: boolean;
  amountTotal: number | null;
  /** lower-case ISO code as the provider sends it ('usd'), null when the event names none */
  currency: string | null;
  /** the card that paid, as the provider reported it (the receipt's payment method); null when not a card or not told */
  card: PaymentCard | null;
}

/** A card as the receipt names it: the brand as the provider spells it ('visa', 'mastercard'…) and the last four digits, each null when not told. */
export interface PaymentCard {
  brand: string | null;
  last4: string | null;
}

/** The card of what a provider reported, kept only in the shapes the receipt prints (a brand's id, four digits); null when nothing is left. */
export function paymentCard(brand: string | null | undefined, last4: string | null | undefined): PaymentCard | null {
  const cleanBrand = typeof brand === 'string' && /^[a-z0-9_]{1,40}$/i.test(brand) ? brand.toLowerCase() : null;
  const cleanLast4 = typeof last4 === 'string' && /^\d{4}$/.test(last4) ? last4 : null;
  return cleanBrand || cleanLast4 ? { brand: cleanBrand, last4: cleanLast4 } : null;
}

/** A refund of an order's payment: the request's id goes with it, so the provider's event finds it again. */
export interface RefundRequest {
  /** the order's payment: the checkout session id stored as payment_id */
  paymentId: string;
  amountCents: number;
  orderId: string;
  refundRequestId: string;
  /** the attempt's number: each attempt its own idempotency key, a retry after a failure is a new refund */
  attempt: number;
}

export type ProviderRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';

/** A verified refund notification (Stripe's refund.created / refund.updated / refund.failed). */
export interface RefundEvent {
  kind: 'refund';
  id: string;
  type: string;
  refundId: string;
  refundRequestId: string | null;
  orderId: string | null;
  status: string;
  amount: number;
  currency: string;
  failureReason: string | null;
}

/** The provider refused the refund (the charge is already refunded, disputed, too old…): its reason, for the administrator. */
export class RefundRefusedError extends Error {}

export interface PaymentProvider {
  name: 'stripe' | 'test';
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /**
   * The session `sessionId` again, when it is still open for exactly this order and amount, so a
   * second click (or a second tab) pays the same session instead of a new one; null otherwise.
   */
  openSession(sessionId: string, request: CheckoutRequest): Promise<{ id: string; url: string } | null>;
  /** Closes an open checkout session so it can no longer be paid (its order was discarded or gave way to another session); closed already is not an error. */
  expireSession(sessionId: string): Promise<void>;
  /** Asks for a refund of (part of) the payment; throws RefundRefusedError with the provider's reason when it says no. */
  refund(request: RefundRequest): Promise<{ id: string; status: ProviderRefundStatus }>;
  /** Verifies the signature over the raw body; throws InvalidSignatureError or InvalidEventError otherwise. */
  verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent | RefundEvent | null>;
}

/** The refund's metadata at the provider: how its events are matched to the request and the order. */
export const refundMetadata = (request: RefundRequest) => ({ orderId: request.orderId, refundRequestId: request.refundRequestId });

export class InvalidSignatureError extends Error {}

/** A correctly signed body that is not an event we can read (not JSON, no data.object, a non-uuid order): a 400, never a 500. */
export class InvalidEventError extends Error {}

/** Only completed checkouts move an order, and refunds give money back; everything else is acknowledged and ignored. */
export const completedEventTypes = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
export const refundEventTypes = new Set(['refund.created', 'refund.updated', 'refund.failed']);

// ids are stored as text: printable ASCII only (a NUL byte is refused by PostgreSQL, so it would be a 500)
const ZId = z.string().regex(/^[\x21-\x7e]{1,255}$/);
const ZEnvelope = z.object({ id: ZId, type: ZId, data: z.object({ object: z.looseObject({}) }) });
// the Checkout Session fields we read (Stripe's shape; the test provider sends the same)
const ZSession = z.object({
  id: ZId,
  payment_status: z.string().nullish(),
  // bounded to the integer column the review keeps it in
  amount_total: z.number().int().min(0).max(2_147_483_647).nullish(),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/)
    .nullish(),
  metadata: z.object({ orderId: z.uuid().optional() }).nullish(),
  client_reference_id: z.uuid().nullish(),
});

// the Refund fields we read (Stripe's shape; the test provider sends the same)
const ZRefundObject = z.object({
  id: ZId,
  amount: z.number().int().min(0).max(2_147_483_647),
  currency: z.string().regex(/^[a-zA-Z]{3}$/),
  status: z.string().max(40),
  failure_reason: z.string().max(200).nullish(),
  metadata: z.object({ orderId: z.uuid().optional(), refundRequestId: z.uuid().optional() }).nullish(),
});

/** The event a provider verified, read by one schema for both providers; throws InvalidEventError when it is not one. */
export function readProviderEvent(raw: unknown): PaymentEvent | RefundEvent | null {
  const envelope = ZEnvelope.safeParse(raw);
  if (!envelope.success) throw new InvalidEventError('not a payment event');
  if (refundEventTypes.has(envelope.data.type)) {
    const refund = ZRefundObject.safeParse(envelope.data.data.object);
    if (!refund.success) throw new InvalidEventError('not a refund');
    const value = refund.data;
    return {
      kind: 'refund',
      id: envelope.data.id,
      type: envelope.data.type,
      refundId: value.id,
      refundRequestId: value.metadata?.refundRequestId ?? null,
      orderId: value.metadata?.orderId ?? null,
      status: value.status,
      amount: value.amount,
      currency: value.currency.toLowerCase(),
      failureReason: value.failure_reason ?? null,
    };
  }
  if (!completedEventTypes.has(envelope.data.type)) return null;
  const session = ZSession.safeParse(envelope.data.data.object);
  if (!session.success) throw new InvalidEventError('not a checkout session');
  const value = session.data;
  return {
    kind: 'checkout',
    id: envelope.data.id,
    type: envelope.data.type,
    sessionId: value.id,
    orderId: value.metadata?.orderId ?? value.client_reference_id ?? null,
    paid: value.payment_status === 'paid',
    amountTotal: value.amount_total ?? null,
    currency: value.currency?.toLowerCase() ?? null,
    // the session names no card: a provider that can tell adds it (stripe-provider.ts); the test provider has none
    card: null,
  };
}
