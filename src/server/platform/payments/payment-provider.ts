/** What a checkout needs; the amount always comes from the services row, never the browser. */
export interface CheckoutRequest {
  orderId: string;
  amountCents: number;
  productName: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/** A verified 'checkout completed' notification, whatever the provider. */
export interface PaymentEvent {
  id: string;
  type: string;
  sessionId: string;
  orderId: string | null;
  paid: boolean;
  amountTotal: number | null;
}

export interface PaymentProvider {
  name: 'stripe' | 'test';
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Verifies the signature over the raw body; throws InvalidSignatureError otherwise. */
  verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent | null>;
}

export class InvalidSignatureError extends Error {}

/** Only completed checkouts move an order; everything else is acknowledged and ignored. */
export const completedEventTypes = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
