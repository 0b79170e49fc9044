import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  checkoutCurrency,
  InvalidEventError,
  InvalidSignatureError,
  readProviderEvent,
  RefundRefusedError,
  refundMetadata,
  type CheckoutRequest,
  type PaymentProvider,
} from './payment-provider';

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

/**
 * What the test provider adds for refunds: the calls it received (a test counts them:
 * two approvals at once must make one), a refusal the next calls get (a test's switch, as Stripe's
 * test cards are), and where its signed refund events go: the app's own webhook, set by the app
 * once it is built, like Stripe calling back.
 */
export interface TestRefunds {
  calls: number;
  /** the attempt number of each call, in order */
  attempts: number[];
  refuseWith: string | null;
  /** the next calls fail as a network error would: no answer, the refund's fate unknown */
  unreachable: boolean;
  deliver: ((body: string, headers: Record<string, string>) => Promise<void>) | null;
}

export interface TestPaymentProvider extends PaymentProvider {
  name: 'test';
  refunds: TestRefunds;
}

export const isTestProvider = (provider: PaymentProvider): provider is TestPaymentProvider => provider.name === 'test' && 'refunds' in provider;

export function testProvider(secret: string, appUrl: string): TestPaymentProvider {
  const checkoutUrl = (request: CheckoutRequest, id: string) =>
    new URL(
      `/api/test-payments/checkout?session=${encodeTestSession(secret, { ...request, id, expiresAt: Date.now() + sessionLifetimeMs })}`,
      appUrl,
    ).toString();
  const refunds: TestRefunds = { calls: 0, attempts: [], refuseWith: null, unreachable: false, deliver: null };
  return {
    name: 'test',
    refunds,
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
    /*
     * The refund is accepted at once and confirmed by a signed 'refund.updated' event through the
     * webhook, after this call returns (the caller stores the refund's id first), as Stripe does.
     * One attempt of one request is one refund: asked again, it is the same refund.
     */
    async refund(request) {
      refunds.calls += 1;
      refunds.attempts.push(request.attempt);
      if (refunds.unreachable) throw new Error('connect ECONNREFUSED');
      if (refunds.refuseWith) throw new RefundRefusedError(refunds.refuseWith);
      const id = `re_test_${createHmac('sha256', secret).update(`${request.refundRequestId}:${request.attempt}`).digest('hex').slice(0, 24)}`;
      const body = JSON.stringify({
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'refund.updated',
        data: {
          object: { id, object: 'refund', amount: request.amountCents, currency: checkoutCurrency, status: 'succeeded', metadata: refundMetadata(request) },
        },
      });
      const { deliver } = refunds;
      if (deliver)
        setImmediate(
          () => void deliver(body, { 'content-type': 'application/json', [testSignatureHeader]: signTestEvent(secret, body) }).catch(() => undefined),
        );
      return { id, status: 'pending' };
    },
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
      return readProviderEvent(event);
    },
  };
}
