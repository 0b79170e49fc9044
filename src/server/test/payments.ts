import type { FastifyInstance } from 'fastify';
import { signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';

/** A checkout.session.completed event as Stripe (and the built-in test provider) sends it. */
export function completedEvent(eventId: string, orderId: string, { sessionId = `cs_test_${eventId}`, amount = 39900, paymentStatus = 'paid' } = {}): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus, amount_total: amount, metadata: { orderId } } },
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
