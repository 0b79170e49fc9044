import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import type { Language } from '@shared/languages';
import { emptyResponse, errorResponses } from '../../platform/http/openapi';
import { checkoutCurrency } from '../../platform/payments/payment-provider';
import { decodeTestSession, signTestEvent, testSignatureHeader, type TestCheckoutSession } from '../../platform/payments/test-provider';
import { webhookPath } from './payments.routes';
import { formatUsd } from '@shared/formats';
import { serverTexts } from '../../platform/i18n/texts';

/** The page's only styling, allowed by its hash: the app's CSP lets no inline <style> in. */
const pageStyle = `
body{margin:0;font-family:system-ui,sans-serif;background:#f5f7fa;color:#0f1f35;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{box-sizing:border-box;background:#fff;border:1px solid #dfe4ec;border-radius:16px;padding:clamp(20px,6vw,32px);max-width:420px;width:calc(100% - 32px);box-shadow:0 1px 3px #0001}
.badge{display:inline-block;background:#fef3c7;color:#8a5a06;border-radius:12px;padding:2px 10px;font-size:12px;font-weight:600}
h1{font-size:20px;margin:12px 0 4px}.amount{font-size:40px;font-weight:800;margin:16px 0}p{color:#4a5568;font-size:14px}
form{display:inline-block;margin:4px 8px 4px 0}button{font:inherit;font-weight:600;border-radius:8px;padding:12px 20px;border:1px solid #dfe4ec;cursor:pointer}
.pay{background:#1e3a5f;color:#fff;border-color:#1e3a5f}`;
const pagePolicy = `default-src 'none'; style-src-elem 'sha256-${createHash('sha256').update(pageStyle).digest('base64')}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(session: TestCheckoutSession, token: string): string {
  // a session signed before sessions carried a language is shown in English
  const language: Language = session.language === 'es' ? 'es' : 'en';
  const t = serverTexts(language, 'payment');
  const amount = escapeHtml(formatUsd(session.amountCents, language));
  const copy = (key: 'title' | 'badge' | 'note' | 'cancel') => escapeHtml(t(`testCheckout.${key}`));
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${copy('title')} — ${amount}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${pageStyle}</style></head><body><main>
<span class="badge">${copy('badge')}</span>
<h1>${escapeHtml(session.productName)}</h1><div class="amount" data-testid="amount">${amount}</div>
<p>${copy('note')}</p>
<form method="post" action="/api/test-payments/checkout/pay"><input type="hidden" name="session" value="${escapeHtml(token)}"><button class="pay" type="submit">${escapeHtml(t('testCheckout.pay', { amount: formatUsd(session.amountCents, language) }))}</button></form>
<form method="post" action="/api/test-payments/checkout/cancel"><input type="hidden" name="session" value="${escapeHtml(token)}"><button type="submit">${copy('cancel')}</button></form>
</main></body></html>`;
}

/** The signed session token; an unknown or expired one is a 404, so it may be missing. */
const ZSessionToken = z.object({ session: z.string().optional() });
const ZSessionForm = ZSessionToken.optional();

const page200 = { description: 'the test checkout page', content: { 'text/html': { schema: z.string() } } };

/**
 * The hosted checkout of the built-in test provider. Pay delivers a signed
 * 'checkout.session.completed' event through the real webhook endpoint, then redirects to the
 * success URL exactly as Stripe would.
 */
export const testCheckoutRoutes =
  (secret: string, held: (sessionId: string) => Promise<boolean>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // expired like a Stripe session: past its hour, or no order holds it any more (discarded)
    const sessionFrom = async (token: unknown) => {
      const session = typeof token === 'string' ? decodeTestSession(secret, token) : null;
      if (!session || !(await held(session.id))) throw new AppError('not_found', 'payment.sessionExpired');
      return session;
    };

    app.get(
      '/api/test-payments/checkout',
      { schema: { querystring: ZSessionToken, response: { 200: page200, ...errorResponses('not_found') } } },
      async (request, reply) => {
        const token = request.query.session;
        const session = await sessionFrom(token);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', pagePolicy)
          .send(page(session, token!));
      },
    );

    const form = { consumes: ['application/x-www-form-urlencoded'], body: ZSessionForm };
    const pay = {
      ...form,
      response: {
        303: emptyResponse('paid: on to the success page', 'the success URL of the checkout'),
        ...errorResponses('forbidden', 'not_found', 'conflict', 'internal'),
      },
    };
    app.post('/api/test-payments/checkout/pay', { schema: pay }, async (request, reply) => {
      const session = await sessionFrom(request.body?.session);
      const event = {
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        type: 'checkout.session.completed',
        // what Stripe sends: the session's total in its currency, which the webhook checks against the order
        data: {
          object: {
            id: session.id,
            payment_status: 'paid',
            amount_total: session.amountCents,
            currency: checkoutCurrency,
            metadata: { orderId: session.orderId },
          },
        },
      };
      const body = JSON.stringify(event);
      const delivered = await app.inject({
        method: 'POST',
        url: webhookPath,
        payload: body,
        headers: { 'content-type': 'application/json', [testSignatureHeader]: signTestEvent(secret, body) },
      });
      // refused (a session that is no longer the order's): say so, as Stripe's page would
      if (delivered.statusCode >= 400 && delivered.statusCode < 500) throw new AppError('conflict', 'payment.sessionMismatch');
      if (delivered.statusCode !== 200) throw new AppError('internal');
      return reply.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    });

    const cancel = {
      ...form,
      response: { 303: emptyResponse('cancelled: back to the order', 'the cancel URL of the checkout'), ...errorResponses('forbidden', 'not_found') },
    };
    app.post('/api/test-payments/checkout/cancel', { schema: cancel }, async (request, reply) => {
      const session = await sessionFrom(request.body?.session);
      return reply.redirect(session.cancelUrl, 303);
    });
  };
