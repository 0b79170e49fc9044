import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { InvalidEventError, InvalidSignatureError, readCheckoutEvent, type CheckoutRequest, type PaymentProvider } from './payment-provider';

/**
 * The built-in provider for running without Stripe: our own hosted checkout page (Pay / Cancel).
 * Pay sends a signed event through the very same webhook endpoint Stripe uses, then redirects
 * like Stripe does. Sessions are stateless signed tokens, so any app instance can serve them.
 */
export const testSignatureHeader = 'x-test-payments-signature';

export interface TestCheckoutSession extends CheckoutRequest {
  id: string;
  expiresAt: number;
}

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function encodeTestSession(secret: string, session: TestCheckoutSession): string {
  const body = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function decodeTestSession(secret: string, token: string): TestCheckoutSession | null {
  const [body, signature] = token.split('.');
  if (!body || !signature || !safeEqual(signature, sign(secret, body))) return null;
  const session = JSON.parse(Buffer.from(body, 'base64url').toString()) as TestCheckoutSession;
  return session.expiresAt > Date.now() ? session : null;
}

/** Signs a webhook body the way the webhook endpoint checks it: `t=<unix>,v1=<hmac(t.body)>`. */
export function signTestEvent(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${sign(secret, `${timestamp}.${rawBody}`)}`;
}

const toleranceSeconds = 300;

const sessionLifetimeMs = 60 * 60 * 1000;

export function testProvider(secret: string, appUrl: string): PaymentProvider {
  const checkoutUrl = (request: CheckoutRequest, id: string) =>
    new URL(`/api/test-payments/checkout?session=${encodeTestSession(secret, { ...request, id, expiresAt: Date.now() + sessionLifetimeMs })}`, appUrl).toString();
  return {
    name: 'test',
    async createCheckoutSession(request) {
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      return { id, url: checkoutUrl(request, id) };
    },
    /*
     * A test session is a stateless signed token and nothing closes it but paying its order (which
     * startCheckout checks before asking). Reusing it is signing the same session id again, for the
     * same order and amount, with a fresh expiry: the page pays the same session, no state to store.
     */
    async openSession(sessionId, request) {
      return /^cs_test_[0-9a-f]{24}$/.test(sessionId) ? { id: sessionId, url: checkoutUrl(request, sessionId) } : null;
    },
    /*
     * Nothing to close in a stateless token: its page asks the database instead, and refuses a
     * session no order holds any more (test-checkout.routes.ts), as Stripe's expired page does.
     */
    async expireSession() {},
    async verifyEvent(rawBody, headers) {
      const header = headers[testSignatureHeader];
      const match = typeof header === 'string' ? /^t=(\d+),v1=([\w-]+)$/.exec(header) : null;
      if (!match) throw new InvalidSignatureError('missing signature');
      const [, timestamp, signature] = match;
      // a replayed old delivery is refused like a forged one
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) throw new InvalidSignatureError('stale signature');
      if (!safeEqual(signature!, sign(secret, `${timestamp}.${rawBody.toString('utf8')}`))) throw new InvalidSignatureError('bad signature');
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new InvalidEventError('unreadable event body');
      }
      return readCheckoutEvent(event);
    },
  };
}
