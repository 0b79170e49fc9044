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
  id: string;
  type: string;
  sessionId: string;
  orderId: string | null;
  paid: boolean;
  amountTotal: number | null;
  /** lower-case ISO code as the provider sends it ('usd'), null when the event names none */
  currency: string | null;
}

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
  /** Verifies the signature over the raw body; throws InvalidSignatureError or InvalidEventError otherwise. */
  verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent | null>;
}

export class InvalidSignatureError extends Error {}

/** A correctly signed body that is not an event we can read (not JSON, no data.object, a non-uuid order): a 400, never a 500. */
export class InvalidEventError extends Error {}

/** Only completed checkouts move an order; everything else is acknowledged and ignored. */
export const completedEventTypes = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

// ids are stored as text: printable ASCII only (a NUL byte is refused by PostgreSQL, so it would be a 500)
const ZId = z.string().regex(/^[\x21-\x7e]{1,255}$/);
const ZEnvelope = z.object({ id: ZId, type: ZId, data: z.object({ object: z.looseObject({}) }) });
// the Checkout Session fields we read (Stripe's shape; the test provider sends the same)
const ZSession = z.object({
  id: ZId,
  payment_status: z.string().nullish(),
  // bounded to the integer column the review keeps it in
  amount_total: z.number().int().min(0).max(2_147_483_647).nullish(),
  currency: z.string().regex(/^[a-zA-Z]{3}$/).nullish(),
  metadata: z.object({ orderId: z.uuid().optional() }).nullish(),
  client_reference_id: z.uuid().nullish(),
});

/** The event a provider verified, read by one schema for both providers; throws InvalidEventError when it is not one. */
export function readCheckoutEvent(raw: unknown): PaymentEvent | null {
  const envelope = ZEnvelope.safeParse(raw);
  if (!envelope.success) throw new InvalidEventError('not a payment event');
  if (!completedEventTypes.has(envelope.data.type)) return null;
  const session = ZSession.safeParse(envelope.data.data.object);
  if (!session.success) throw new InvalidEventError('not a checkout session');
  const value = session.data;
  return {
    id: envelope.data.id,
    type: envelope.data.type,
    sessionId: value.id,
    orderId: value.metadata?.orderId ?? value.client_reference_id ?? null,
    paid: value.payment_status === 'paid',
    amountTotal: value.amount_total ?? null,
    currency: value.currency?.toLowerCase() ?? null,
  };
}
