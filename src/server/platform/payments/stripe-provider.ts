import Stripe from 'stripe';
import {
  checkoutCurrency,
  InvalidEventError,
  InvalidSignatureError,
  paymentCard,
  readProviderEvent,
  RefundRefusedError,
  refundMetadata,
  type PaymentCard,
  type PaymentProvider,
  type ProviderRefundStatus,
} from './payment-provider';

/**
 * The card that paid a checkout session: the session names only its payment intent, whose latest
 * charge (expanded in the same call) holds payment_method_details.card. Null when the payment was
 * not by card.
 */
async function cardOf(stripe: Stripe, sessionId: string): Promise<PaymentCard | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
  const intent = session.payment_intent;
  const charge = intent && typeof intent !== 'string' ? intent.latest_charge : null;
  const card = charge && typeof charge !== 'string' ? charge.payment_method_details?.card : undefined;
  return paymentCard(card?.brand, card?.last4);
}

interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** for tests: a loopback server standing in for api.stripe.com */
  apiUrl?: string;
}

/** Stripe Checkout (hosted page) with signed webhooks, through the official SDK. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return {
    name: 'stripe',
    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { quantity: 1, price_data: { currency: checkoutCurrency, unit_amount: request.amountCents, product_data: { name: request.productName } } },
          ],
          customer_email: request.customerEmail,
          // Stripe's hosted page in the customer's language: Latin American Spanish is es-419
          locale: request.language === 'es' ? 'es-419' : 'en',
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // a retried click must not open a second session for the same order and amount
        { idempotencyKey: `checkout-${request.orderId}-${request.amountCents}-${Math.floor(Date.now() / 60_000)}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },
    async openSession(sessionId, request) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        // a session this account does not know (another mode or account): open a new one
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
      const reusable =
        session.status === 'open' &&
        session.amount_total === request.amountCents &&
        session.currency === checkoutCurrency &&
        session.metadata?.orderId === request.orderId &&
        Boolean(session.url);
      return reusable ? { id: session.id, url: session.url! } : null;
    },
    async expireSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // completed or expired already, or unknown to this account: nothing left open to close
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async refund(request) {
      try {
        // the order's payment is its checkout session; the refund is of the session's payment intent
        const session = await stripe.checkout.sessions.retrieve(request.paymentId);
        const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!paymentIntent) throw new RefundRefusedError('the checkout session has no payment to refund');
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: request.amountCents, reason: 'requested_by_customer', metadata: refundMetadata(request) },
          // a retried call of one attempt refunds once; a new attempt (after a failure) is a new refund
          { idempotencyKey: `refund-${request.refundRequestId}-${request.attempt}` },
        );
        return { id: refund.id, status: (refund.status ?? 'pending') as ProviderRefundStatus };
      } catch (error) {
        // Stripe said no (already refunded, disputed, amount too large…): its words, for the administrator
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
          throw new RefundRefusedError(error.message);
        throw error;
      }
    },
    async verifyEvent(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new InvalidSignatureError('missing stripe-signature');
      let event: unknown;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidSignatureError('bad stripe signature');
        // signed correctly, but the body is not JSON
        throw new InvalidEventError('unreadable event body');
      }
      const read = readProviderEvent(event);
      // a paid checkout: which card paid, for the receipt. Not told (Stripe unreachable) is a
      // receipt that says "Card", never a payment left unapplied: the event is applied all the same
      if (read?.kind === 'checkout' && read.paid) return { ...read, card: await cardOf(stripe, read.sessionId).catch(() => null) };
      return read;
    },
  };
}
