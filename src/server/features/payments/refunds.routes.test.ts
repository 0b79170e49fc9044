import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orderAudit, orders, paymentEvents, refundRequests } from '@server/db/schema';
import { isTestProvider, signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';
import { appPerSuite, injectAs, promoteEnrolledAdmin, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { eventually } from '@server/test/eventually';
import { submitOrder } from '@server/test/orders';
import { completedEvent, deliverPaymentEvent, openCheckoutSession, signedWebhookHeaders } from '@server/test/payments';
import { pdfText } from '@server/test/pdf-text';

/** A refund event as Stripe sends it (refund.updated), naming the request and the order in its metadata. */
const refundEvent = (
  refundRequestId: string,
  orderId: string,
  { id = `evt_${randomUUID()}`, refundId = `re_${randomUUID().slice(0, 8)}`, amount = 39900, status = 'succeeded', currency = 'usd' } = {},
) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'refund.updated',
    data: { object: { id: refundId, object: 'refund', amount, currency, status, metadata: { orderId, refundRequestId } } },
  });

describe.each(testDatabases)('refunds on $name', (target) => {
  // every test signs up two accounts: more than the default sign-ups per IP in one window
  const suite = appPerSuite(target, { AUTH_RATE_LIMIT_IP: '100' });
  const provider = () => {
    const payments = suite.app.services.payments;
    if (!isTestProvider(payments)) throw new Error('the suite runs the built-in test provider');
    return payments.refunds;
  };

  /** A customer (in `language`) whose order is paid, and an administrator with a second factor. */
  async function paidOrder(language: 'en' | 'es' = 'en') {
    const customer = await signUp(suite.app, { language, name: language === 'es' ? 'Rosa Quispe Mamani' : 'Mark Turner' });
    const orderId = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const sessionId = await openCheckoutSession(suite.app, orderId, customer.cookie);
    expect((await deliverPaymentEvent(suite.app, completedEvent(`evt_${randomUUID()}`, orderId, { sessionId }))).json().outcome).toBe('paid');
    const admin = await signUp(suite.app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    return { customer, admin, orderId };
  }
  const ask = (
    app: FastifyInstance,
    cookie: string | undefined,
    orderId: string,
    payload: unknown = { reason: 'state_refused', details: 'The state refused the name after filing.' },
  ) => injectAs(app, cookie, 'POST', `/api/orders/${orderId}/refund-requests`, { payload });
  const decide = (cookie: string | undefined, orderId: string, requestId: string, payload: unknown) =>
    injectAs(suite.app, cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${requestId}/decision`, { payload });
  const orderRow = async (id: string) => (await suite.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const requestRow = async (id: string) => (await suite.database.db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]!;
  const mails = async (template: string, to?: string) =>
    suite.database.db
      .select()
      .from(mailOutbox)
      .where(to ? and(eq(mailOutbox.template, template), eq(mailOutbox.recipient, to)) : eq(mailOutbox.template, template));
  /** a refund event delivered to the webhook, signed as the provider signs it */
  const deliver = (body: string) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: signedWebhookHeaders(suite.app.services.testPaymentsSecret, body),
    });
  const refunded = (requestId: string) => eventually(async () => ((await requestRow(requestId)).status === 'refunded' ? true : undefined), 'the refund event');

  it('asks, approves the suggested amount, refunds once through the provider, and completes on its event: amount, closed order, credit note, emails', async () => {
    const { customer, admin, orderId } = await paidOrder('es');
    const asked = await ask(suite.app, customer.cookie, orderId);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json().refund;
    expect(request).toMatchObject({ status: 'requested', reason: 'state_refused', amountCents: null, team: null });
    expect(await mails('refundRequested', suite.app.services.config.SUPPORT_EMAIL)).toEqual(
      expect.arrayContaining([expect.objectContaining({ payload: expect.objectContaining({ reason: 'state_refused', suggested: '$399' }) })]),
    );

    // the administrator reads the rules' suggestion: all of it, the state refused the company
    const detail = (await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}`)).json();
    expect(detail.order.refund.team).toMatchObject({ paidCents: 39900, refundedCents: 0, suggested: { basis: 'full', cents: 39900, feeCents: 0 } });
    // the customer never reads the team's part
    expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}`)).json().order.refund).toMatchObject({ id: request.id, team: null });

    const calls = provider().calls;
    const note = 'Lamentamos que el estado rechazara la empresa.';
    const approved = await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 39900, note });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().refund).toMatchObject({ amountCents: 39900, dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(provider().calls).toBe(calls + 1);
    await refunded(request.id);

    const row = await requestRow(request.id);
    expect(row).toMatchObject({ status: 'refunded', providerRefundId: expect.stringMatching(/^re_test_/), creditNoteNumber: expect.any(Number) });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ orderAmountRefunded: 39900, refundedAt: expect.any(Date), promiseKind: null });
    const seen = (await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}`)).json().order;
    expect(seen).toMatchObject({
      refunded: true,
      amountRefunded: 39900,
      refundedAt: expect.any(String),
      refund: { status: 'refunded', creditNote: expect.stringMatching(/^CN-\d{6}$/) },
    });
    // the dashboard's card says so too
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/orders')).json().orders).toEqual([
      expect.objectContaining({ id: orderId, refunded: true }),
    ]);
    // the team still reads what the rules said for this request, not the nothing left after it
    expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}`)).json().order.refund.team).toMatchObject({
      refundedCents: 39900,
      suggested: { basis: 'full', cents: 39900 },
    });
    const actions = (await suite.database.db.select({ action: orderAudit.action }).from(orderAudit).where(eq(orderAudit.orderId, orderId))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['refund_requested', 'refund_approved', 'refund_completed']));
    // one email for one refund: the provider completed it while the approval's email was held, so
    // that email was withdrawn and the completion's carries the note
    expect(await mails('refundApproved', customer.user.email)).toEqual([]);
    const completedMails = await mails('refundCompleted', customer.user.email);
    expect(completedMails).toHaveLength(1);
    expect(completedMails[0]).toMatchObject({
      language: 'es',
      payload: expect.objectContaining({ amount: 'US$399', creditNote: seen.refund.creditNote, note }),
    });

    // work stopped: the order is not moved on until reopened
    const moved = await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'processing' } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe('refunds.orderRefunded');
    // and nothing more can be asked
    expect((await ask(suite.app, customer.cookie, orderId)).json().error.message).toBe('refunds.alreadyRefunded');
    // reopened, with a reason, it can move on again
    const reopen = (cookie: string, payload: unknown) => injectAs(suite.app, cookie, 'POST', `/api/admin/orders/${orderId}/reopen`, { payload });
    expect((await reopen(customer.cookie, { reason: 'x' })).statusCode).toBe(403);
    expect((await reopen(admin.cookie, { reason: ' ' })).statusCode).toBe(400);
    expect((await reopen(admin.cookie, { reason: 'The customer paid the state fee again by transfer.' })).statusCode).toBe(200);
    expect((await reopen(admin.cookie, { reason: 'twice' })).json().error.message).toBe('refunds.notClosed');
    expect((await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'processing' } })).statusCode).toBe(
      200,
    );
    expect(await orderRow(orderId)).toMatchObject({ refundedAt: null, orderAmountRefunded: 39900, promiseKind: expect.any(String) });
  });

  it('the credit note, parsed back, holds the number, the receipt, the amount and the reason, in Spanish and English; only for its order', async () => {
    const { customer, admin, orderId } = await paidOrder('es');
    const request = (await ask(suite.app, customer.cookie, orderId, { reason: 'documents_rejected', details: '' })).json().refund;
    // a rejected document keeps the processing fee: 10 % of US$399 is US$39.90
    expect((await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 35910 })).statusCode).toBe(200);
    await refunded(request.id);
    const { creditNote } = (await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}`)).json().order.refund;
    const url = `/api/orders/${orderId}/refund-requests/${request.id}/credit-note`;
    const spanish = await injectAs(suite.app, customer.cookie, 'GET', url);
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toBe('application/pdf');
    expect(spanish.headers['content-disposition']).toContain(`nota-de-credito-${creditNote}.pdf`);
    const es = await pdfText(spanish.rawPayload);
    expect(es).toContain('Nota de crédito');
    expect(es).toContain(creditNote);
    expect(es).toContain(`R-${orderId.slice(0, 8).toUpperCase()}`);
    expect(es).toContain('Los documentos fueron rechazados');
    expect(es).toContain('US$359.10');
    expect(es).toContain('US$39.90');
    const en = await pdfText((await injectAs(suite.app, admin.cookie, 'GET', `${url}?lang=en`)).rawPayload);
    expect(en).toContain('Credit note');
    expect(en).toContain('The documents were rejected');
    expect(en).toContain('$359.10');
    // someone else's order, and a request of another order, are not found
    const stranger = await signUp(suite.app);
    expect((await injectAs(suite.app, stranger.cookie, 'GET', url)).statusCode).toBe(404);
    const other = await paidOrder();
    expect((await injectAs(suite.app, other.customer.cookie, 'GET', `/api/orders/${other.orderId}/refund-requests/${request.id}/credit-note`)).statusCode).toBe(
      404,
    );
  });

  it('refuses what is not the customer’s to ask: unpaid, a second open request, an administrator, a stranger, bad input', async () => {
    const unpaid = await signUp(suite.app);
    const unpaidOrder = (await submitOrder(suite.app, unpaid.cookie)).json().order.id as string;
    expect((await ask(suite.app, unpaid.cookie, unpaidOrder)).json().error.message).toBe('refunds.notPaid');

    const { customer, admin, orderId } = await paidOrder();
    expect((await ask(suite.app, undefined, orderId)).statusCode).toBe(401);
    expect((await ask(suite.app, (await signUp(suite.app)).cookie, orderId)).statusCode).toBe(404);
    const byAdmin = await ask(suite.app, admin.cookie, orderId);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe('refunds.customersOnly');
    for (const payload of [{}, { reason: 'bored' }, { reason: 'other', details: 'x'.repeat(1001) }, { reason: 'other', details: 42 }]) {
      expect((await ask(suite.app, customer.cookie, orderId, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    // two at once: one request
    const both = await Promise.all([ask(suite.app, customer.cookie, orderId), ask(suite.app, customer.cookie, orderId)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await suite.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId))).length).toBe(1);
    expect((await ask(suite.app, customer.cookie, orderId)).json().error.message).toBe('refunds.alreadyOpen');
  });

  it('offers only the reasons still possible: after the state approved the LLC and the IRS issued the EIN, those failures are refused', async () => {
    const { customer, admin, orderId } = await paidOrder();
    const record = (payload: unknown) => injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/milestones`, { payload });
    const today = new Date().toISOString().slice(0, 10);
    for (const milestone of ['filed_with_state', 'state_approved']) expect((await record({ milestone, occurredOn: today })).statusCode).toBe(200);
    const refused = await ask(suite.app, customer.cookie, orderId, { reason: 'state_refused', details: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toMatchObject({ reason: 'refunds.reasonNotApplicable' });
    expect((await record({ milestone: 'ein_requested', occurredOn: today })).statusCode).toBe(200);
    expect((await record({ milestone: 'ein_issued', occurredOn: today, ein: '12-3456789' })).statusCode).toBe(200);
    for (const reason of ['ein_not_issued', 'documents_rejected', 'country_not_allowed']) {
      const answer = await ask(suite.app, customer.cookie, orderId, { reason, details: '' });
      expect(answer.json().error?.fields, reason).toMatchObject({ reason: 'refunds.reasonNotApplicable' });
    }
    expect(await suite.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId))).toEqual([]);
    // what is always open still is
    expect((await ask(suite.app, customer.cookie, orderId, { reason: 'changed_mind', details: '' })).statusCode).toBe(201);
    // the customer's detail carries the fee the dashboard previews with
    expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}`)).json().order.refundFeePercent).toBe(
      suite.app.services.config.REFUND_FEE_PERCENT,
    );
  });

  it('declined with the reason the customer reads; withdrawn; neither can be approved late; the customer cannot decide', async () => {
    const { customer, admin, orderId } = await paidOrder('es');
    const first = (await ask(suite.app, customer.cookie, orderId, { reason: 'changed_mind', details: '' })).json().refund;
    // the admin list: a filter of the requests waiting for a decision, each row saying since when
    const waiting = async () =>
      (await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders?refund=requested&limit=100')).json().orders as {
        id: string;
        refundRequestedAt: string | null;
      }[];
    expect((await waiting()).find((row) => row.id === orderId)).toMatchObject({ refundRequestedAt: first.requestedAt });
    expect((await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders?refund=maybe')).statusCode).toBe(400);
    expect((await decide(customer.cookie, orderId, first.id, { decision: 'approve', amountCents: 100, note: 'me' })).statusCode).toBe(403);
    const noNote = await decide(admin.cookie, orderId, first.id, { decision: 'decline', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields).toMatchObject({ note: 'refunds.declineNoteRequired' });
    const declined = await decide(admin.cookie, orderId, first.id, { decision: 'decline', note: 'El cambio de opinión no está cubierto por la garantía.' });
    expect(declined.json().refund).toMatchObject({ status: 'declined', decisionNote: 'El cambio de opinión no está cubierto por la garantía.' });
    expect((await mails('refundDeclined', customer.user.email)).length).toBe(1);
    expect((await waiting()).some((row) => row.id === orderId)).toBe(false);
    expect((await decide(admin.cookie, orderId, first.id, { decision: 'approve', amountCents: 39900, note: 'late' })).json().error.message).toBe(
      'refunds.notOpen',
    );

    // a new request after a decline; withdrawn; approving it late changes nothing and calls no provider
    const second = (await ask(suite.app, customer.cookie, orderId, { reason: 'other', details: 'Otra razón' })).json().refund;
    expect((await injectAs(suite.app, admin.cookie, 'POST', `/api/orders/${orderId}/refund-requests/${second.id}/withdraw`)).statusCode).toBe(403);
    const withdrawn = await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/refund-requests/${second.id}/withdraw`);
    expect(withdrawn.json().refund.status).toBe('withdrawn');
    const calls = provider().calls;
    const late = await decide(admin.cookie, orderId, second.id, { decision: 'approve', amountCents: 39900, note: 'late' });
    expect(late.statusCode).toBe(409);
    expect(provider().calls).toBe(calls);
    expect(await requestRow(second.id)).toMatchObject({ status: 'withdrawn', amountCents: null, decidedBy: null });
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(0);
  });

  it('an amount above what was paid, or other than the suggestion without a note, is refused; two approvals at once make one provider refund', async () => {
    const { customer, admin, orderId } = await paidOrder();
    const request = (await ask(suite.app, customer.cookie, orderId, { reason: 'changed_mind', details: '' })).json().refund;
    const above = await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 39901, note: 'all' });
    expect(above.json().error.fields).toMatchObject({ amountCents: 'refunds.amountAbovePaid' });
    for (const amountCents of [0, -5, 12.5, '100'])
      expect((await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents, note: 'x' })).statusCode).toBe(400);
    // nothing is owed for a change of mind: granting an amount needs the reason written down
    const unexplained = await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 10000 });
    expect(unexplained.json().error.fields).toMatchObject({ note: 'refunds.noteRequired' });
    expect((await requestRow(request.id)).status).toBe('requested');

    const calls = provider().calls;
    const both = await Promise.all(
      [1, 2].map(() => decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 10000, note: 'A goodwill refund of the state fee.' })),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(provider().calls).toBe(calls + 1);
    await refunded(request.id);
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(10000);
  });

  it('a goodwill partial refund leaves the order open, in its own stage, unless the decision closes it; the guarantee’s amount closes it', async () => {
    const stateOf = async (cookie: string, orderId: string) => (await injectAs(suite.app, cookie, 'GET', `/api/orders/${orderId}`)).json().order.state;
    const goodwill = await paidOrder();
    const request = (await ask(suite.app, goodwill.customer.cookie, goodwill.orderId, { reason: 'ein_not_issued', details: '' })).json().refund;
    const approved = await decide(goodwill.admin.cookie, goodwill.orderId, request.id, {
      decision: 'approve',
      amountCents: 5000,
      note: 'Half the state fee, for the delay.',
    });
    expect(approved.json().refund).toMatchObject({ closesOrder: false });
    await refunded(request.id);
    expect(await orderRow(goodwill.orderId)).toMatchObject({ orderAmountRefunded: 5000, refundedAt: null, promiseKind: expect.any(String) });
    expect((await stateOf(goodwill.customer.cookie, goodwill.orderId)).stage).not.toMatch(/^(refunded|closed)$/);

    // the same amount, closed by the decision: its work stops
    const closing = await paidOrder();
    const second = (await ask(suite.app, closing.customer.cookie, closing.orderId, { reason: 'ein_not_issued', details: '' })).json().refund;
    await decide(closing.admin.cookie, closing.orderId, second.id, { decision: 'approve', amountCents: 5000, note: 'Half, and we stop.', closeOrder: true });
    await refunded(second.id);
    expect((await orderRow(closing.orderId)).refundedAt).not.toBeNull();
    expect((await stateOf(closing.customer.cookie, closing.orderId)).stage).toBe('refunded');

    // all that is left closes it whatever the decision says
    const whole = await paidOrder();
    const third = (await ask(suite.app, whole.customer.cookie, whole.orderId, { reason: 'state_refused', details: '' })).json().refund;
    const all = await decide(whole.admin.cookie, whole.orderId, third.id, { decision: 'approve', amountCents: 39900, closeOrder: false });
    expect(all.json().refund).toMatchObject({ closesOrder: true });
    for (const closeOrder of ['yes', 1, null])
      expect((await decide(whole.admin.cookie, whole.orderId, third.id, { decision: 'approve', amountCents: 100, note: 'x', closeOrder })).statusCode).toBe(
        400,
      );
  });

  it('an attempt that got no answer is retried with the same attempt (the same idempotency key), so a refund that did happen is not made twice', async () => {
    const { customer, admin, orderId } = await paidOrder();
    const request = (await ask(suite.app, customer.cookie, orderId, { reason: 'state_refused', details: '' })).json().refund;
    provider().unreachable = true;
    try {
      const lost = await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 39900 });
      expect(lost.json().refund).toMatchObject({ status: 'failed', team: { failureReason: 'the payment provider could not be reached', attempts: 1 } });
    } finally {
      provider().unreachable = false;
    }
    expect((await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${request.id}/retry`)).statusCode).toBe(200);
    expect(provider().attempts.slice(-2)).toEqual([1, 1]);
    await refunded(request.id);
    expect((await requestRow(request.id)).attempts).toBe(1);
  });

  it('a partial refund completes only with its own amount: a cent either side, or the whole payment, is a mismatch', async () => {
    const { customer, admin, orderId } = await paidOrder();
    const request = (await ask(suite.app, customer.cookie, orderId, { reason: 'ein_not_issued', details: '' })).json().refund;
    // approved for $50 and refused by the provider, so the request waits for an event of its own
    provider().refuseWith = 'Try again later.';
    try {
      const approved = await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 5000, note: 'Goodwill: half the state fee' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().refund).toMatchObject({ status: 'failed' });
    } finally {
      provider().refuseWith = null;
    }
    // refused: the approval's email is held, not yet due, for a completion that may still replace it
    const [held] = await mails('refundApproved', customer.user.email);
    expect(held).toMatchObject({ status: 'pending', attempts: 0, payload: expect.objectContaining({ refundId: request.id }) });
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    for (const amount of [4999, 5001, 39900])
      expect({ amount, outcome: (await deliver(refundEvent(request.id, orderId, { amount }))).json().outcome }).toEqual({ amount, outcome: 'mismatch' });
    expect(await requestRow(request.id)).toMatchObject({ status: 'failed' });
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(0);
    expect((await deliver(refundEvent(request.id, orderId, { amount: 5000 }))).json().outcome).toBe('refunded');
    expect(await requestRow(request.id)).toMatchObject({ status: 'refunded', amountCents: 5000 });
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(5000);
  });

  it('a replayed, forged, mismatched or unknown refund event changes nothing; a refusal by the provider is shown and retried', async () => {
    const { customer, admin, orderId } = await paidOrder();
    const request = (await ask(suite.app, customer.cookie, orderId, { reason: 'ein_not_issued', details: '' })).json().refund;
    // the provider says no: the request is failed with its reason, for the administrator
    provider().refuseWith = 'Charge ch_123 has already been refunded.';
    try {
      const refused = await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 39900 });
      expect(refused.statusCode).toBe(200);
      expect(refused.json().refund).toMatchObject({ status: 'failed', team: { failureReason: 'Charge ch_123 has already been refunded.', attempts: 1 } });
    } finally {
      provider().refuseWith = null;
    }
    // while it is failed, an event of a refund it never made: a wrong amount, another currency, another order, no request
    expect((await deliver(refundEvent(request.id, orderId, { amount: 100 }))).json().outcome).toBe('mismatch');
    // both edges: a cent more than approved, and more than was paid, complete nothing either
    expect((await deliver(refundEvent(request.id, orderId, { amount: 39901 }))).json().outcome).toBe('mismatch');
    expect((await deliver(refundEvent(request.id, orderId, { amount: 79800 }))).json().outcome).toBe('mismatch');
    expect((await deliver(refundEvent(request.id, orderId, { currency: 'eur' }))).json().outcome).toBe('mismatch');
    expect((await deliver(refundEvent(request.id, randomUUID()))).json().outcome).toBe('unknown_refund');
    expect((await deliver(refundEvent(randomUUID(), orderId))).json().outcome).toBe('unknown_refund');
    // forged: signed with another secret, or not signed at all
    const forged = refundEvent(request.id, orderId);
    expect(
      (
        await suite.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: forged,
          headers: { 'content-type': 'application/json', [testSignatureHeader]: signTestEvent('not-the-secret', forged) },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await suite.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: forged, headers: { 'content-type': 'application/json' } })).statusCode,
    ).toBe(400);
    expect(await requestRow(request.id)).toMatchObject({ status: 'failed' });
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(0);

    // retried after a refusal: a new attempt (its own idempotency key)
    expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${request.id}/retry`)).statusCode).toBe(403);
    const retried = await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${request.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await refunded(request.id);
    const row = await requestRow(request.id);
    expect(row.attempts).toBe(2);
    expect(provider().attempts.slice(-2)).toEqual([1, 2]);
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(39900);

    // the same event delivered again (its id recorded) changes nothing; a second success for the request neither
    const [applied] = await suite.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.outcome, 'refunded')));
    expect(applied).toBeDefined();
    const again = refundEvent(request.id, orderId, { id: applied!.eventId, refundId: row.providerRefundId! });
    expect((await deliver(again)).json().outcome).toBe('duplicate');
    expect((await deliver(refundEvent(request.id, orderId, { refundId: row.providerRefundId! }))).json().outcome).toBe('ignored');
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(39900);
    expect((await mails('refundCompleted', customer.user.email)).length).toBe(1);
    expect(await mails('refundApproved', customer.user.email)).toEqual([]);
    expect((await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${request.id}/retry`)).json().error.message).toBe(
      'refunds.notFailed',
    );
  });

  it('a refund that failed after it had succeeded goes to the payment reviews (once, with its refund) and the team is emailed; a failure of another refund id does not', async () => {
    const { customer, admin, orderId } = await paidOrder();
    const request = (await ask(suite.app, customer.cookie, orderId, { reason: 'ein_not_issued', details: '' })).json().refund;
    expect((await decide(admin.cookie, orderId, request.id, { decision: 'approve', amountCents: 39900 })).statusCode).toBe(200);
    await refunded(request.id);
    const { providerRefundId } = await requestRow(request.id);
    const reviews = async () =>
      (await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/payment-reviews'))
        .json()
        .reviews.filter((review: { orderId: string }) => review.orderId === orderId);

    // another refund's failure is not this request's
    expect((await deliver(refundEvent(request.id, orderId, { refundId: 're_someone_else', status: 'failed' }))).json().outcome).toBe('unknown_refund');
    expect(await reviews()).toEqual([]);

    const failed = refundEvent(request.id, orderId, { refundId: providerRefundId!, status: 'failed' });
    expect((await deliver(failed)).json().outcome).toBe('refund_reversed');
    expect((await deliver(failed)).json().outcome).toBe('duplicate');
    expect(await reviews()).toEqual([
      expect.objectContaining({ reason: 'refund_failed_after_success', refundId: providerRefundId, sessionId: null, amount: 39900, currency: 'usd' }),
    ]);
    const [audit] = await suite.database.db
      .select()
      .from(orderAudit)
      .where(and(eq(orderAudit.orderId, orderId), eq(orderAudit.action, 'refund_reversed')));
    expect(audit?.detail).toMatchObject({ refundId: request.id, reason: 'failed' });
    const [mail] = await mails('paymentReview', suite.app.services.config.SUPPORT_EMAIL).then((rows) =>
      rows.filter((row) => row.payload.refundId === providerRefundId),
    );
    expect(mail?.payload).toMatchObject({ reason: 'refund_failed_after_success', amount: '$399', refundId: providerRefundId });
    // the refund's own record is left for the team to settle: nothing is undone behind their back
    expect(await requestRow(request.id)).toMatchObject({ status: 'refunded' });
    expect((await orderRow(orderId)).orderAmountRefunded).toBe(39900);
  });
});
