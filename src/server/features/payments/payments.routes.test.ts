import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox, orders, orderStatusHistory, paymentReviews, refundRequests } from '@server/db/schema';
import { decodeTestSession, signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';
import { appPerSuite, buildTestApp, signUp, customerWithOrder, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { checkoutConsent, openCheckoutSession } from '@server/test/payments';
import { submitOrder } from '@server/test/orders';
import { pdfText } from '@server/test/pdf-text';

// as Stripe sends it: the session's total and currency (checked against the order)
const completedEvent = (id: string, sessionId: string, orderId: string, amount = 39900, paymentStatus = 'paid', currency = 'usd') =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus, amount_total: amount, currency, metadata: { orderId } } },
  });

describe.each(testDatabases)('payments with the built-in test provider on $name', (target) => {
  const suite = appPerSuite(target);

  const newOrder = () => customerWithOrder(suite.app);
  const checkout = (orderId: string, cookie: string, payload: object = checkoutConsent) =>
    suite.app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie }, payload });
  const deliver = (body: string, signature = signTestEvent(suite.app.services.testPaymentsSecret, body)) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', [testSignatureHeader]: signature },
    });
  const orderRow = async (id: string) => (await suite.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const historyCount = async (id: string) =>
    (await suite.database.db.select({ n: count() }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)))[0]!.n;
  const paymentMails = async (email: string) =>
    (
      await suite.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'paymentReceived')))
    ).length;

  it('serves the price of the standard package', async () => {
    const response = await suite.app.inject('/api/services/standard-formation');
    expect(response.json()).toEqual({ service: { slug: 'standard-formation', name: expect.any(String), priceCents: 39900 } });
  });

  it('opens a checkout at 39900 whatever the browser sends, and stores the session as payment_id', async () => {
    const { orderId, cookie } = await newOrder();
    const response = await checkout(orderId, cookie, { ...checkoutConsent, amount: 1, orderAmount: 1, priceCents: 1 });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    const session = decodeTestSession(suite.app.services.testPaymentsSecret, url.searchParams.get('session')!);
    expect(session).toMatchObject({ orderId, amountCents: 39900 });
    expect((await orderRow(orderId)).paymentId).toBe(session!.id);
    expect(session!.successUrl).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(session!.cancelUrl).toBe(`http://localhost:3000/payment-cancelled?order_id=${orderId}`);
  });

  it("shows the hosted page and names the product in the customer's stored language", async () => {
    const pageOf = async (cookie: string) => {
      const orderId = (await submitOrder(suite.app, cookie)).json().order.id as string;
      const url = new URL((await checkout(orderId, cookie)).json().url);
      return {
        session: decodeTestSession(suite.app.services.testPaymentsSecret, url.searchParams.get('session')!)!,
        body: (await suite.app.inject(url.pathname + url.search)).body,
      };
    };
    const spanish = await signUp(suite.app, { language: 'es' });
    const es = await pageOf(spanish.cookie);
    expect(es.session).toMatchObject({ language: 'es', productName: expect.stringMatching(/^Constitución de LLC en EE\.\u00a0UU\. \(WY\) — /) });
    expect(es.body).toContain('<html lang="es">');
    // in Spanish the amount says its currency
    expect(es.body).toContain('<title>Pago de prueba — US$399</title>');
    expect(es.body).toMatch(/<button class="pay" type="submit">Pagar US\$399<\/button>/);
    expect(es.body).toContain('<button type="submit">Cancelar</button>');
    expect(es.body).not.toMatch(/\b(Pay|Cancel|Test checkout)\b/);

    const english = await signUp(suite.app, { language: 'en' });
    const en = await pageOf(english.cookie);
    expect(en.session).toMatchObject({ language: 'en', productName: expect.stringMatching(/^US LLC formation \(WY\) — /) });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toMatch(/<button class="pay" type="submit">Pay \$399<\/button>/);

    // the language the account stores now (PUT /api/me/language), not the one it signed up in
    expect(
      (await suite.app.inject({ method: 'PUT', url: '/api/me/language', headers: { cookie: english.cookie }, payload: { language: 'es' } })).statusCode,
    ).toBe(204);
    expect((await pageOf(english.cookie)).body).toContain('<html lang="es">');
  });

  it("answers 404 for another user's order and 401 without a session", async () => {
    const { orderId } = await newOrder();
    const stranger = await signUp(suite.app);
    expect((await checkout(orderId, stranger.cookie)).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout` })).statusCode).toBe(401);
  });

  it('pays through the hosted page: webhook marks the order paid once, success page finds it, 409 afterwards', async () => {
    const { orderId, cookie, user } = await newOrder();
    const url = new URL((await checkout(orderId, cookie)).json().url);
    const pageResponse = await suite.app.inject(url.pathname + url.search);
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.body).toContain('$399');

    const pay = await suite.app.inject({
      method: 'POST',
      url: '/api/test-payments/checkout/pay',
      payload: `session=${url.searchParams.get('session')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    const sessionId = (await orderRow(orderId)).paymentId!;
    expect(pay.headers.location).toBe(`http://localhost:3000/payment-success?session_id=${sessionId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', orderAmountPaid: 39900 });
    expect(await paymentMails(user.email)).toBe(1);

    const result = await suite.app.inject({ url: `/api/payments/result?session_id=${sessionId}`, headers: { cookie } });
    expect(result.json().order).toMatchObject({ id: orderId, status: 'paid', orderAmountPaid: 39900 });
    const stranger = await signUp(suite.app);
    expect((await suite.app.inject({ url: `/api/payments/result?session_id=${sessionId}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

    const again = await checkout(orderId, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('payment.alreadyPaid');
  });

  it('cancel goes back to the cancel URL and changes nothing', async () => {
    const { orderId, cookie } = await newOrder();
    const url = new URL((await checkout(orderId, cookie)).json().url);
    const cancel = await suite.app.inject({
      method: 'POST',
      url: '/api/test-payments/checkout/cancel',
      payload: `session=${url.searchParams.get('session')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`http://localhost:3000/payment-cancelled?order_id=${orderId}`);
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });

  it('processes an event once: a duplicate, a concurrent redelivery, a bad signature and a stale replay change nothing', async () => {
    const { orderId, cookie, user } = await newOrder();
    await checkout(orderId, cookie);
    const sessionId = (await orderRow(orderId)).paymentId!;
    const body = completedEvent('evt_once_1', sessionId, orderId);

    expect((await deliver(body, 't=1,v1=forged')).statusCode).toBe(400);
    expect((await deliver(body, signTestEvent('wrong secret', body))).statusCode).toBe(400);
    const stale = signTestEvent(suite.app.services.testPaymentsSecret, body, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(body, stale)).statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending_payment');

    const [first, second] = await Promise.all([deliver(body), deliver(body)]);
    expect([first.json().outcome, second.json().outcome].sort()).toEqual(['duplicate', 'paid']);
    expect((await deliver(body)).json().outcome).toBe('duplicate');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', orderAmountPaid: 39900 });
    expect(await historyCount(orderId)).toBe(2);
    expect(await paymentMails(user.email)).toBe(1);
  });

  // discarding the order closes its checkout; the page no longer takes the payment
  it("refuses the test checkout of a discarded order's session, as an expired Stripe session", async () => {
    const { orderId, cookie } = await newOrder();
    const response = await checkout(orderId, cookie);
    const token = new URL(response.json().url as string).searchParams.get('session')!;
    expect((await suite.app.inject({ url: `/api/test-payments/checkout?session=${encodeURIComponent(token)}` })).statusCode).toBe(200);
    expect((await suite.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: { cookie } })).statusCode).toBe(204);
    const page = await suite.app.inject({ url: `/api/test-payments/checkout?session=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.message).toBe('payment.sessionExpired');
    const pay = await suite.app.inject({
      method: 'POST',
      url: '/api/test-payments/checkout/pay',
      payload: `session=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(404);
    expect(await suite.database.db.select().from(paymentReviews).where(eq(paymentReviews.claimedOrderId, orderId))).toEqual([]);
  });

  it('never lets a late event overwrite a status an administrator set', async () => {
    const { orderId, cookie } = await newOrder();
    await checkout(orderId, cookie);
    const sessionId = (await orderRow(orderId)).paymentId!;
    await deliver(completedEvent('evt_late_1', sessionId, orderId));
    await suite.database.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
    const late = await deliver(completedEvent('evt_late_2', sessionId, orderId));
    expect(late.json().outcome).toBe('ignored');
    expect((await orderRow(orderId)).status).toBe('completed');
  });

  it('acknowledges an event for an unknown order and tells the team once to refund it, and ignores unpaid sessions', async () => {
    // a customer discarded the order while its payment page was open, then paid there
    const discarded = await customerWithOrder(suite.app);
    const sessionId = await openCheckoutSession(suite.app, discarded.orderId, discarded.cookie);
    expect((await suite.app.inject({ method: 'DELETE', url: `/api/orders/${discarded.orderId}`, headers: { cookie: discarded.cookie } })).statusCode).toBe(204);
    const teamMails = () =>
      suite.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, suite.app.services.config.SUPPORT_EMAIL), eq(mailOutbox.template, 'paymentReview')));
    const before = (await teamMails()).length;
    const event = completedEvent(`evt_unknown_${discarded.orderId}`, sessionId, discarded.orderId);
    for (let i = 0; i < 2; i++) {
      const unknown = await deliver(event);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().outcome).toBe(i === 0 ? 'unknown_order' : 'duplicate');
    }
    const told = (await teamMails()).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toMatchObject({ reason: 'unknown_order', orderNumber: discarded.orderId.slice(0, 8).toUpperCase(), sessionId });
    // and on the open payment reviews at the top of /admin/orders, once
    const admin = await signUp(suite.app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    const reviews = (await suite.app.inject({ url: '/api/admin/payment-reviews', headers: { cookie: admin.cookie } })).json().reviews as {
      orderId: string | null;
      claimedOrderId: string;
      reason: string;
      sessionId: string;
      amount: number;
    }[];
    expect(reviews.filter((review) => review.sessionId === sessionId)).toEqual([
      expect.objectContaining({ orderId: null, claimedOrderId: discarded.orderId, reason: 'unknown_order', amount: 39900 }),
    ]);
    // an unpaid session of an unknown order is nothing to refund
    await deliver(completedEvent('evt_unknown_unpaid', 'cs_x', '00000000-0000-4000-8000-000000000000', 39900, 'unpaid'));
    expect(await teamMails()).toHaveLength(before + 1);
    const { orderId } = await newOrder();
    const unpaid = await deliver(completedEvent('evt_unpaid_1', 'cs_y', orderId, 39900, 'unpaid'));
    expect(unpaid.json().outcome).toBe('not_paid');
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });
});

/**
 * A loopback HTTP server standing in for the Stripe API: the real SDK talks to it. It creates
 * sessions (POST /v1/checkout/sessions, open, at the amount asked) and returns them
 * (GET /v1/checkout/sessions/:id); `sessions` lets a test expire or complete one. Asked to expand
 * `payment_intent.latest_charge`, it gives the payment intent with its charge, paid by the card
 * `cards` holds for the session (a Visa ending in 4242 by default, Stripe's test card). It refunds
 * (POST /v1/refunds), or refuses with the next of `refusals`.
 */
async function fakeStripeApi() {
  const requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const refusals: string[] = [];
  const cards = new Map<string, { brand: string; last4: string } | null>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      requests.push({ method: req.method ?? '', path: req.url ?? '', body, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify(json));
      };
      const expire = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire/.exec(req.url ?? '');
      if (req.method === 'POST' && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session || session.status !== 'open')
          return reply(400, { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired.' } });
        session.status = 'expired';
        return reply(200, session);
      }
      // a refund of a session's payment intent, or Stripe's refusal when a test set one
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        if (refusals.length > 0) return reply(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: refusals.shift() } });
        return reply(200, {
          id: `re_fake_${requests.length}`,
          object: 'refund',
          amount: Number(body.get('amount')),
          currency: 'usd',
          status: 'succeeded',
          payment_intent: body.get('payment_intent'),
          metadata: { orderId: body.get('metadata[orderId]'), refundRequestId: body.get('metadata[refundRequestId]') },
        });
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && retrieve) {
        const id = decodeURIComponent(retrieve[1]!);
        const session = sessions.get(id);
        if (!session) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
        if (!decodeURIComponent(req.url ?? '').includes('payment_intent.latest_charge')) return reply(200, session);
        const card = cards.has(id) ? cards.get(id) : { brand: 'visa', last4: '4242' };
        const details = card
          ? { type: 'card', card: { ...card, exp_month: 12, exp_year: 2034, funding: 'credit' } }
          : { type: 'us_bank_account', us_bank_account: {} };
        return reply(200, {
          ...session,
          payment_intent: {
            id: session.payment_intent,
            object: 'payment_intent',
            latest_charge: { id: `ch_fake_${requests.length}`, object: 'charge', payment_method_details: details },
          },
        });
      }
      const id = `cs_test_fake_${requests.length}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
        currency: body.get('line_items[0][price_data][currency]'),
        metadata: { orderId: body.get('metadata[orderId]') },
        payment_intent: `pi_fake_${requests.length}`,
      };
      sessions.set(id, session);
      return reply(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    sessions,
    refusals,
    cards,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(testDatabases)('payments with Stripe on $name', (target) => {
  const webhookSecret = 'whsec_test_secret_for_signing';
  let app: FastifyInstance;
  let database: Database;
  let stripeApi: Awaited<ReturnType<typeof fakeStripeApi>>;
  beforeAll(async () => {
    stripeApi = await fakeStripeApi();
    database = await target.open();
    ({ app } = await buildTestApp(database, {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeApi.url,
      APP_URL: 'https://llc.example.com',
    }));
  });
  afterAll(async () => {
    await app?.close();
    await stripeApi?.close();
  });

  const signed = (payload: string) => new Stripe('sk_test_123').webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const deliver = (payload: string, signature = signed(payload)) =>
    app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

  it('creates a Checkout Session through the SDK with the server price, URLs and order metadata', async () => {
    const { cookie } = await signUp(app);
    const orderId = (await submitOrder(app, cookie)).json().order.id;
    const response = await app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/checkout`,
      headers: { cookie },
      payload: { ...checkoutConsent, amount: 100 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_\d+$/);
    const request = stripeApi.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.body.get('line_items[0][price_data][unit_amount]')).toBe('39900');
    expect(request.body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(request.body.get('metadata[orderId]')).toBe(orderId);
    expect(request.body.get('success_url')).toBe('https://llc.example.com/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(request.body.get('cancel_url')).toBe(`https://llc.example.com/payment-cancelled?order_id=${orderId}`);
    expect(request.idempotencyKey).toMatch(new RegExp(`^checkout-${orderId}-39900-`));
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.paymentId).toBe(response.json().url.split('/').pop());
  });

  it("names the product and opens Stripe's page in the customer's language (Latin American Spanish: es-419)", async () => {
    const spanish = await signUp(app, { language: 'es' });
    const esOrder = (await submitOrder(app, spanish.cookie)).json().order.id;
    expect(
      (await app.inject({ method: 'POST', url: `/api/orders/${esOrder}/checkout`, headers: { cookie: spanish.cookie }, payload: checkoutConsent })).statusCode,
    ).toBe(200);
    const esRequest = stripeApi.requests.at(-1)!;
    expect(esRequest.body.get('line_items[0][price_data][product_data][name]')).toMatch(/^Constitución de LLC en EE\.\u00a0UU\. \(WY\) — /);
    expect(esRequest.body.get('locale')).toBe('es-419');

    const english = await signUp(app, { language: 'en' });
    const enOrder = (await submitOrder(app, english.cookie)).json().order.id;
    await app.inject({ method: 'POST', url: `/api/orders/${enOrder}/checkout`, headers: { cookie: english.cookie }, payload: checkoutConsent });
    const enRequest = stripeApi.requests.at(-1)!;
    expect(enRequest.body.get('line_items[0][price_data][product_data][name]')).toMatch(/^US LLC formation \(WY\) — /);
    expect(enRequest.body.get('locale')).toBe('en');
  });

  it('marks the order paid once from a webhook signed with the real Stripe scheme', async () => {
    const { cookie } = await signUp(app);
    const orderId = (await submitOrder(app, cookie)).json().order.id;
    const url = (await app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie }, payload: checkoutConsent })).json()
      .url as string;
    const sessionId = url.split('/').pop()!;
    const body = completedEvent('evt_stripe_1', sessionId, orderId);

    expect((await deliver(body, 't=123,v1=deadbeef')).statusCode).toBe(400);
    expect((await deliver(body, signed(body.replace('39900', '1')))).statusCode).toBe(400);
    const ok = await deliver(body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().outcome).toBe('paid');
    expect((await deliver(body)).json().outcome).toBe('duplicate');
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'paid', orderAmountPaid: 39900, paymentId: sessionId });
    const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.filter((h) => h.toStatus === 'paid')).toHaveLength(1);

    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'payment_intent.created', data: { object: {} } });
    expect((await deliver(other)).json().outcome).toBe('ignored');
  });

  it("records the card that paid, from the session's payment intent's latest charge, and the receipt names it; a card Stripe does not tell of is a Card", async () => {
    const payWith = async (language: 'en' | 'es', card?: { brand: string; last4: string } | null, { unreachable = false } = {}) => {
      const customer = await signUp(app, { language });
      const orderId = (await submitOrder(app, customer.cookie)).json().order.id as string;
      const url = (
        await app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie: customer.cookie }, payload: checkoutConsent })
      ).json().url as string;
      const sessionId = url.split('/').pop()!;
      if (card !== undefined) stripeApi.cards.set(sessionId, card);
      // Stripe answers no more about the session (here: it does not know it)
      if (unreachable) stripeApi.sessions.delete(sessionId);
      expect((await deliver(completedEvent(`evt_stripe_card_${orderId}`, sessionId, orderId))).json().outcome).toBe('paid');
      const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      const receipt = async (lang: 'en' | 'es') =>
        pdfText((await app.inject({ method: 'GET', url: `/api/orders/${orderId}/receipt?lang=${lang}`, headers: { cookie: customer.cookie } })).rawPayload);
      return { row: row!, sessionId, receipt };
    };

    const visa = await payWith('es');
    expect(visa.row).toMatchObject({ status: 'paid', paymentCardBrand: 'visa', paymentCardLast4: '4242' });
    const asked = stripeApi.requests.find((request) => request.method === 'GET' && request.path.startsWith(`/v1/checkout/sessions/${visa.sessionId}?`));
    expect(decodeURIComponent(asked!.path)).toContain('expand[0]=payment_intent.latest_charge');
    expect(await visa.receipt('es')).toContain('Método de pago Visa terminada en 4242');
    expect(await visa.receipt('en')).toContain('Payment method Visa ending in 4242');

    const amex = await payWith('en', { brand: 'amex', last4: '0005' });
    expect(await amex.receipt('en')).toContain('Payment method American Express ending in 0005');

    // paid by bank debit: no card to name, and the payment is applied all the same
    const bank = await payWith('en', null);
    expect(bank.row).toMatchObject({ status: 'paid', paymentCardBrand: null, paymentCardLast4: null });
    expect(await bank.receipt('en')).toContain('Payment method Card');
    expect(await bank.receipt('es')).toContain('Método de pago Tarjeta');
    // the card could not be asked for: still paid, once, and the receipt says Card
    const untold = await payWith('en', undefined, { unreachable: true });
    expect(untold.row).toMatchObject({ status: 'paid', paymentCardBrand: null, paymentCardLast4: null });
    expect(await untold.receipt('en')).toContain('Payment method Card');
  });

  it("refunds through Stripe: the session's payment intent, the metadata, one idempotency key per attempt; a refusal is shown and retried; the signed refund event completes it", async () => {
    const customer = await signUp(app);
    const orderId = (await submitOrder(app, customer.cookie)).json().order.id;
    const sessionId = (
      (await app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie: customer.cookie }, payload: checkoutConsent })).json()
        .url as string
    )
      .split('/')
      .pop()!;
    expect((await deliver(completedEvent(`evt_stripe_paid_${orderId}`, sessionId, orderId))).json().outcome).toBe('paid');
    const admin = await signUp(app);
    await promoteEnrolledAdmin(database.db, admin.user.email);
    const requestId = (
      await app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/refund-requests`,
        headers: { cookie: customer.cookie },
        payload: { reason: 'ein_not_issued' },
      })
    ).json().refund.id as string;
    const approve = () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund-requests/${requestId}/decision`,
        headers: { cookie: admin.cookie },
        payload: { decision: 'approve', amountCents: 39900 },
      });
    const refundCalls = () => stripeApi.requests.filter((request) => request.path === '/v1/refunds');

    stripeApi.refusals.push('Charge ch_1 has already been refunded.');
    expect((await approve()).json().refund).toMatchObject({ status: 'failed', team: { failureReason: 'Charge ch_1 has already been refunded.' } });
    const retried = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund-requests/${requestId}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(retried.json().refund.status).toBe('approved');
    const [first, second] = refundCalls();
    expect(Object.fromEntries(second!.body)).toMatchObject({
      payment_intent: stripeApi.sessions.get(sessionId)!.payment_intent,
      amount: '39900',
      'metadata[orderId]': orderId,
      'metadata[refundRequestId]': requestId,
    });
    expect([first!.idempotencyKey, second!.idempotencyKey]).toEqual([`refund-${requestId}-1`, `refund-${requestId}-2`]);
    const [stored] = await database.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(stored).toMatchObject({ status: 'approved', providerRefundId: expect.stringMatching(/^re_fake_/) });

    // Stripe's refund.updated, signed with the webhook secret, completes it; a forged one does not
    const event = JSON.stringify({
      id: `evt_stripe_refund_${requestId}`,
      object: 'event',
      type: 'refund.updated',
      data: {
        object: {
          id: stored!.providerRefundId,
          object: 'refund',
          amount: 39900,
          currency: 'usd',
          status: 'succeeded',
          metadata: { orderId, refundRequestId: requestId },
        },
      },
    });
    expect((await deliver(event, 't=123,v1=deadbeef')).statusCode).toBe(400);
    expect((await deliver(event)).json().outcome).toBe('refunded');
    expect((await deliver(event)).json().outcome).toBe('duplicate');
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ orderAmountRefunded: 39900, refundedAt: expect.any(Date) });
  });

  it('reuses the open Checkout Session on a second click (one session created), and opens a new one once it expired', async () => {
    const { cookie } = await signUp(app);
    const orderId = (await submitOrder(app, cookie)).json().order.id as string;
    const click = async () =>
      (await app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie }, payload: checkoutConsent })).json().url as string;
    const created = () =>
      stripeApi.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions' && request.body.get('metadata[orderId]') === orderId,
      ).length;

    const first = await click();
    const [second, third] = await Promise.all([click(), click()]);
    expect([second, third]).toEqual([first, first]);
    expect(created()).toBe(1);
    const sessionId = first.split('/').pop()!;
    expect(stripeApi.requests.some((request) => request.method === 'GET' && request.path.startsWith(`/v1/checkout/sessions/${sessionId}`))).toBe(true);

    stripeApi.sessions.get(sessionId)!.status = 'expired';
    const fresh = await click();
    expect(fresh).not.toBe(first);
    expect(created()).toBe(2);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.paymentId).toBe(fresh.split('/').pop());

    // the expired session had been paid after all: the order is paid once, the other payment flagged
    const freshId = fresh.split('/').pop()!;
    expect((await deliver(completedEvent('evt_stripe_dup_1', freshId, orderId))).json().outcome).toBe('paid');
    expect((await deliver(completedEvent('evt_stripe_dup_2', sessionId, orderId))).json().outcome).toBe('duplicate_payment');
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ status: 'paid', paymentId: freshId, orderAmountPaid: 39900 });
    const reviews = await database.db.select().from(paymentReviews).where(eq(paymentReviews.orderId, orderId));
    expect(reviews).toMatchObject([{ reason: 'duplicate_payment', sessionId, eventId: 'evt_stripe_dup_2' }]);
  });

  // a session left open for an order that is gone, or replaced by another, is expired with Stripe
  it('expires the open Checkout Session when its order is discarded, and the one a new price replaces', async () => {
    const { cookie } = await signUp(app);
    const orderId = (await submitOrder(app, cookie)).json().order.id as string;
    const url = (await app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie }, payload: checkoutConsent })).json()
      .url as string;
    const sessionId = url.split('/').pop()!;
    expect((await app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: { cookie } })).statusCode).toBe(204);
    expect(stripeApi.requests.some((request) => request.method === 'POST' && request.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect(stripeApi.sessions.get(sessionId)!.status).toBe('expired');

    // a session Stripe already closed is nothing to expire: the discard still succeeds
    const other = (await submitOrder(app, cookie)).json().order.id as string;
    const otherSession = (
      (await app.inject({ method: 'POST', url: `/api/orders/${other}/checkout`, headers: { cookie }, payload: checkoutConsent })).json().url as string
    )
      .split('/')
      .pop()!;
    stripeApi.sessions.get(otherSession)!.status = 'complete';
    await database.db.update(orders).set({ orderAmount: 1 }).where(eq(orders.id, other));
    // the price read now differs from the session's: a new session, and the old one expired (here: already complete, refused quietly)
    const renewed = (
      (await app.inject({ method: 'POST', url: `/api/orders/${other}/checkout`, headers: { cookie }, payload: checkoutConsent })).json().url as string
    )
      .split('/')
      .pop()!;
    expect(renewed).not.toBe(otherSession);
    expect(stripeApi.requests.some((request) => request.path === `/v1/checkout/sessions/${otherSession}/expire`)).toBe(true);
    expect((await app.inject({ method: 'DELETE', url: `/api/orders/${other}`, headers: { cookie } })).statusCode).toBe(204);
    expect(stripeApi.sessions.get(renewed)!.status).toBe('expired');
  });

  it('answers 400 to a correctly signed body that is not a readable event, and to a non-uuid order', async () => {
    const bodies = [
      'not json',
      JSON.stringify({ id: 'evt_stripe_nodata', object: 'event', type: 'checkout.session.completed' }),
      completedEvent('evt_stripe_baduuid', 'cs_x', 'not-a-uuid'),
    ];
    for (const body of bodies) {
      const answer = await deliver(body);
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json()).toEqual({ error: { code: 'bad_request', message: 'payment.badEvent' } });
    }
  });
});
