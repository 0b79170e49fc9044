import type { FastifyInstance } from 'fastify';
import { decodeTestSession, signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';

/**
 * A checkout.session.completed event as Stripe (and the built-in test provider) sends it. It pays
 * the order only with the order's own session (its payment_id: see openCheckoutSession).
 */
export function completedEvent(
  eventId: string,
  orderId: string,
  { sessionId = `cs_test_${eventId}`, amount = 39900, paymentStatus = 'paid', currency = 'usd' } = {},
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus, amount_total: amount, currency, metadata: { orderId } } },
  });
}

/** The headers that make the test provider accept `body` as a genuine webhook delivery. */
export function signedWebhookHeaders(secret: string, body: string): Record<string, string> {
  return { 'content-type': 'application/json', [testSignatureHeader]: signTestEvent(secret, body) };
}

/** Delivers a webhook event signed with the app's test-payments secret. */
export function deliverPaymentEvent(app: FastifyInstance, body: string) {
  return app.inject({ method: 'POST', url: '/api/payments/webhook', payload: body, headers: signedWebhookHeaders(app.services.testPaymentsSecret, body) });
}

/** The consent Complete Payment sends (ZCheckoutConsent). */
export const checkoutConsent = { acceptTerms: true, confirmAdult: true } as const;

/** Opens the test provider's checkout for the owner's order; its session id (now the order's payment_id). */
export async function openCheckoutSession(app: FastifyInstance, orderId: string, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie }, payload: checkoutConsent });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  const token = new URL(response.json().url as string).searchParams.get('session')!;
  return decodeTestSession(app.services.testPaymentsSecret, token)!.id;
}
