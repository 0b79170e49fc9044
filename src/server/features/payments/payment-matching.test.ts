import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox, orders, orderStatusHistory, paymentEvents, paymentReviews, services } from '@server/db/schema';
import { decodeTestSession, signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';
import { buildTestApp, signUp, customerWithOrder, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { checkoutConsent } from '@server/test/payments';

/*
 * A payment must match its order (docs/decisions/0010): amount, currency, paid,
 * and the order's own checkout session. Through the built-in test provider, on both databases.
 */

const teamEmail = 'team@frontera.test';

interface EventFields {
  id: string;
  sessionId: string;
  orderId: string;
  amount?: number;
  currency?: string;
  paymentStatus?: string;
  type?: string;
}
const event = ({ id, sessionId, orderId, amount = 39900, currency = 'usd', paymentStatus = 'paid', type = 'checkout.session.completed' }: EventFields) =>
  JSON.stringify({ id, type, data: { object: { id: sessionId, payment_status: paymentStatus, amount_total: amount, currency, metadata: { orderId } } } });

describe.each(testDatabases)('a payment must match its order, on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database, { SUPPORT_EMAIL: teamEmail }));
    admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(database.db, admin.user.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  const newOrder = () => customerWithOrder(app);
  const checkout = (orderId: string, cookie: string) =>
    app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie }, payload: checkoutConsent });
  const sessionOf = (url: string) => decodeTestSession(app.services.testPaymentsSecret, new URL(url).searchParams.get('session')!)!;
  /** an order with an open checkout: its session id is the order's payment_id */
  const orderInCheckout = async () => {
    const customer = await newOrder();
    const url = (await checkout(customer.orderId, customer.cookie)).json().url as string;
    return { ...customer, url, sessionId: sessionOf(url).id };
  };
  const deliver = (body: string, signature = signTestEvent(app.services.testPaymentsSecret, body)) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', [testSignatureHeader]: signature },
    });
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const recordedOutcome = async (eventId: string) => (await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.outcome;
  const reviewsOf = (orderId: string) => database.db.select().from(paymentReviews).where(eq(paymentReviews.orderId, orderId));
  const teamMails = async (orderId: string) =>
    (
      await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, teamEmail), eq(mailOutbox.template, 'paymentReview')))
    ).filter((mail) => mail.payload.orderUrl?.endsWith(`/admin/orders/${orderId}`));
  const paidMails = async (email: string) =>
    (
      await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'paymentReceived')))
    ).length;
  const paidHistory = async (orderId: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'paid')))
    )[0]!.n;

  it.each([
    { name: 'the amount of the issue ($0.01 in yen)', fields: { amount: 1, currency: 'jpy' }, outcome: 'mismatch', reason: 'amount_mismatch' },
    { name: 'a wrong amount in dollars', fields: { amount: 100 }, outcome: 'mismatch', reason: 'amount_mismatch' },
    // both edges: a cent either side of the order's amount, and an overpayment, are no payment of it
    { name: 'one cent less than the order', fields: { amount: 39899 }, outcome: 'mismatch', reason: 'amount_mismatch' },
    { name: 'one cent more than the order (an overpayment)', fields: { amount: 39901 }, outcome: 'mismatch', reason: 'amount_mismatch' },
    { name: 'twice the order amount', fields: { amount: 79800 }, outcome: 'mismatch', reason: 'amount_mismatch' },
    { name: 'the right number of cents in euros', fields: { currency: 'eur' }, outcome: 'mismatch', reason: 'currency_mismatch' },
    { name: 'the right amount in another currency', fields: { currency: 'jpy' }, outcome: 'mismatch', reason: 'currency_mismatch' },
    { name: 'an unpaid session', fields: { paymentStatus: 'unpaid' }, outcome: 'not_paid', reason: 'not_paid' },
  ])('leaves the order unpaid for $name: recorded, on the review list, the team emailed', async ({ fields, outcome, reason }) => {
    const { orderId, sessionId, user } = await orderInCheckout();
    const eventId = `evt_${reason}_${orderId}`;
    const answer = await deliver(event({ id: eventId, sessionId, orderId, ...fields }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, outcome });

    expect(await orderRow(orderId)).toMatchObject({ status: 'pending_payment', orderAmountPaid: null, paymentId: sessionId });
    expect(await paidHistory(orderId)).toBe(0);
    expect(await paidMails(user.email)).toBe(0);
    expect(await recordedOutcome(eventId)).toBe(outcome);
    const [review, ...more] = await reviewsOf(orderId);
    expect(more).toEqual([]);
    expect(review).toMatchObject({ eventId, sessionId, reason, amount: fields.amount ?? 39900, currency: fields.currency ?? 'usd', resolvedAt: null });
    const [mail, ...moreMail] = await teamMails(orderId);
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({ language: 'en', payload: { reason, sessionId, eventId } });

    // a redelivery changes nothing more
    expect((await deliver(event({ id: eventId, sessionId, orderId, ...fields }))).json().outcome).toBe('duplicate');
    expect(await reviewsOf(orderId)).toHaveLength(1);
    expect(await teamMails(orderId)).toHaveLength(1);
  });

  it("answers 400 for an event whose session is not the order's, records it and puts it on review, and answers the same to a redelivery", async () => {
    const a = await orderInCheckout();
    const b = await orderInCheckout();
    const cases = [
      { id: `evt_other_${a.orderId}`, sessionId: b.sessionId },
      { id: `evt_unknown_${a.orderId}`, sessionId: 'cs_test_not_issued_by_anyone' },
    ];
    for (const fields of cases) {
      const body = event({ ...fields, orderId: a.orderId });
      const [first, second] = await Promise.all([deliver(body), deliver(body)]);
      for (const answer of [first, second, await deliver(body)]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ error: { code: 'bad_request', message: 'payment.sessionMismatch' } });
      }
      expect(await recordedOutcome(fields.id)).toBe('wrong_session');
    }
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'pending_payment', paymentId: a.sessionId });
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'pending_payment', paymentId: b.sessionId });
    expect((await reviewsOf(a.orderId)).map((review) => [review.reason, review.sessionId]).sort()).toEqual(
      [
        ['wrong_session', b.sessionId],
        ['wrong_session', 'cs_test_not_issued_by_anyone'],
      ].sort(),
    );
    expect(await teamMails(a.orderId)).toHaveLength(2);
    expect(await reviewsOf(b.orderId)).toEqual([]);

    // the order's own session still pays it
    expect((await deliver(event({ id: `evt_right_${a.orderId}`, sessionId: a.sessionId, orderId: a.orderId }))).json().outcome).toBe('paid');
  });

  it('answers 400 bad_request to a correctly signed body that is not an event we can read', async () => {
    const { orderId, sessionId } = await orderInCheckout();
    const object = { id: sessionId, payment_status: 'paid', amount_total: 39900, currency: 'usd', metadata: { orderId } };
    const bodies = [
      'not json',
      '',
      'null',
      '[]',
      JSON.stringify({ id: 'evt_no_data', type: 'checkout.session.completed' }),
      JSON.stringify({ id: 'evt_no_object', type: 'checkout.session.completed', data: {} }),
      JSON.stringify({ id: 'evt_object_string', type: 'checkout.session.completed', data: { object: 'x' } }),
      JSON.stringify({ id: 'evt_bad_order', type: 'checkout.session.completed', data: { object: { ...object, metadata: { orderId: 'not-a-uuid' } } } }),
      JSON.stringify({ id: 'evt_nul_\u0000', type: 'checkout.session.completed', data: { object } }),
      JSON.stringify({ id: 'evt_no_session_id', type: 'checkout.session.completed', data: { object: { ...object, id: undefined } } }),
      JSON.stringify({ id: 'evt_huge_amount', type: 'checkout.session.completed', data: { object: { ...object, amount_total: 1e12 } } }),
    ];
    for (const body of bodies) {
      const answer = await deliver(body);
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json()).toEqual({ error: { code: 'bad_request', message: 'payment.badEvent' } });
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending_payment' });
    // other event types still need no session: acknowledged and ignored
    expect((await deliver(JSON.stringify({ id: 'evt_other_type', type: 'payment_intent.created', data: { object: {} } }))).json().outcome).toBe('ignored');
  });

  it('reuses the open session on a second click, and on two clicks at once: one session per order', async () => {
    const { orderId, cookie, url } = await orderInCheckout();
    const first = sessionOf(url);
    const again = (await checkout(orderId, cookie)).json().url as string;
    expect(sessionOf(again)).toMatchObject({ id: first.id, orderId, amountCents: 39900 });
    expect((await orderRow(orderId)).paymentId).toBe(first.id);

    const other = await newOrder();
    const [a, b] = await Promise.all([checkout(other.orderId, other.cookie), checkout(other.orderId, other.cookie)]);
    const ids = [sessionOf(a.json().url).id, sessionOf(b.json().url).id];
    expect(ids[0]).toBe(ids[1]);
    expect((await orderRow(other.orderId)).paymentId).toBe(ids[0]);
  });

  it('opens a new session when the price changed since the last one', async () => {
    const { orderId, cookie, sessionId } = await orderInCheckout();
    await database.db.update(services).set({ priceCents: 45000 });
    try {
      const url = (await checkout(orderId, cookie)).json().url as string;
      expect(sessionOf(url)).toMatchObject({ amountCents: 45000 });
      expect(sessionOf(url).id).not.toBe(sessionId);
      expect(await orderRow(orderId)).toMatchObject({ paymentId: sessionOf(url).id, orderAmount: 45000 });
    } finally {
      await database.db.update(services).set({ priceCents: 39900 });
    }
  });

  it('pays once through the hosted page with two tabs; a second paid session is flagged for a refund', async () => {
    const { orderId, cookie, user, url } = await orderInCheckout();
    const pay = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/test-payments/checkout/pay',
        payload: `session=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    // two tabs of the same order: the same session, so paying both is one payment
    const secondTab = (await checkout(orderId, cookie)).json().url as string;
    expect((await pay(new URL(url).searchParams.get('session')!)).statusCode).toBe(303);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', orderAmountPaid: 39900 });
    expect((await pay(new URL(secondTab).searchParams.get('session')!)).statusCode).toBe(303);
    expect(await reviewsOf(orderId)).toEqual([]);

    // a session of this order that is not its payment_id (e.g. one opened before it was replaced) is paid too
    const lateEvent = event({ id: `evt_second_${orderId}`, sessionId: 'cs_test_000000000000000000000000', orderId });
    const answer = await deliver(lateEvent);
    expect(answer.json()).toEqual({ received: true, outcome: 'duplicate_payment' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', orderAmountPaid: 39900 });
    expect(await paidHistory(orderId)).toBe(1);
    expect(await paidMails(user.email)).toBe(1);
    expect(await reviewsOf(orderId)).toMatchObject([{ reason: 'duplicate_payment', sessionId: 'cs_test_000000000000000000000000', amount: 39900 }]);
    expect((await teamMails(orderId)).map((mail) => mail.payload.reason)).toEqual(['duplicate_payment']);
    // the checkout stays closed
    expect((await checkout(orderId, cookie)).statusCode).toBe(409);
  });

  it("settles an unpaid checkout's review when its payment arrives (delayed payment methods)", async () => {
    const { orderId, sessionId } = await orderInCheckout();
    expect((await deliver(event({ id: `evt_async_1_${orderId}`, sessionId, orderId, paymentStatus: 'unpaid' }))).json().outcome).toBe('not_paid');
    expect((await reviewsOf(orderId))[0]?.resolvedAt).toBeNull();
    const waiting = async () => (await database.db.select({ attention: orders.attention, stage: orders.stage }).from(orders).where(eq(orders.id, orderId)))[0]!;
    // the review is one of the order's reasons in the team's queue while it is open
    expect(await waiting()).toMatchObject({ attention: [{ kind: 'payment_review', since: expect.any(String) }], stage: 'awaiting_payment' });
    const paid = await deliver(event({ id: `evt_async_2_${orderId}`, sessionId, orderId, type: 'checkout.session.async_payment_succeeded' }));
    expect(paid.json().outcome).toBe('paid');
    expect((await reviewsOf(orderId))[0]?.resolvedAt).toBeInstanceOf(Date);
    expect(await waiting()).toEqual({ attention: null, stage: 'details_needed' });
  });

  it('lists open reviews to administrators only, and an administrator marks one resolved', async () => {
    const { orderId, sessionId, cookie } = await orderInCheckout();
    await deliver(event({ id: `evt_list_${orderId}`, sessionId, orderId, amount: 1, currency: 'jpy' }));
    const list = () => app.inject({ url: '/api/admin/payment-reviews', headers: { cookie: admin.cookie } });
    const resolve = (id: string, headers: Record<string, string> = { cookie: admin.cookie }) =>
      app.inject({ method: 'POST', url: `/api/admin/payment-reviews/${id}/resolve`, headers });

    // visitors 401, customers 403, on both endpoints
    const [review] = await reviewsOf(orderId);
    expect((await app.inject({ url: '/api/admin/payment-reviews' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/payment-reviews', headers: { cookie } })).statusCode).toBe(403);
    expect((await resolve(review!.id, {})).statusCode).toBe(401);
    expect((await resolve(review!.id, { cookie })).statusCode).toBe(403);

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().reviews).toContainEqual({
      id: review!.id,
      orderId,
      claimedOrderId: orderId,
      eventId: `evt_list_${orderId}`,
      sessionId,
      refundId: null,
      reason: 'amount_mismatch',
      amount: 1,
      currency: 'jpy',
      createdAt: expect.any(String),
    });

    const resolved = await resolve(review!.id);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: review!.id, changed: true });
    expect((await reviewsOf(orderId))[0]).toMatchObject({ resolvedBy: admin.user.id, resolvedAt: expect.any(Date) });
    expect((await list()).json().reviews.map((r: { id: string }) => r.id)).not.toContain(review!.id);
    // once is enough: the first resolution is kept
    expect((await resolve(review!.id)).json()).toEqual({ ...resolved.json(), changed: false });
    expect((await resolve('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
