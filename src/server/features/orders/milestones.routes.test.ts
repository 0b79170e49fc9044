import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox, orderAudit, orderMilestones, orders, orderStatusHistory } from '@server/db/schema';
import { signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';
import { renderMail } from '@server/platform/mail/templates';
import { buildTestApp, signUp, customerWithOrder, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { openCheckoutSession } from '@server/test/payments';

/* Administrators record what happened after payment; the customer reads it on their order. */

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases)('order milestones API on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database));
    admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(database.db, admin.user.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  const newOrder = (language: 'en' | 'es' = 'en') => customerWithOrder(app, language);
  const record = (orderId: string, payload: unknown, cookie: string | null = admin.cookie) =>
    app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/milestones`, payload: payload as never, headers: cookie ? { cookie } : {} });
  const read = (orderId: string, cookie: string) => app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie } });
  const mails = (email: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'milestoneRecorded')))
      .orderBy(asc(mailOutbox.createdAt));
  const audits = (orderId: string) => database.db.select().from(orderAudit).where(eq(orderAudit.orderId, orderId)).orderBy(asc(orderAudit.createdAt));

  /** Pays the order through the signed webhook, as the provider would. */
  const pay = async (orderId: string, cookie: string) => {
    const session = { id: await openCheckoutSession(app, orderId, cookie) };
    const body = JSON.stringify({
      id: `evt_${orderId}`,
      type: 'checkout.session.completed',
      data: { object: { id: session.id, payment_status: 'paid', amount_total: 39900, currency: 'usd', metadata: { orderId } } },
    });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', [testSignatureHeader]: signTestEvent(app.services.testPaymentsSecret, body) },
    });
  };
  const statusOf = async (orderId: string) => (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const history = (orderId: string) =>
    database.db
      .select({ from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus, source: orderStatusHistory.source })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));

  it('answers visitors 401 and customers 403, even on their own order', async () => {
    const { orderId, cookie } = await newOrder();
    const body = { milestone: 'filed_with_state', occurredOn: today() };
    expect((await record(orderId, body, null)).statusCode).toBe(401);
    expect((await record(orderId, body, cookie)).statusCode).toBe(403);
    expect((await read(orderId, cookie)).json().order.milestones.map((m: { milestone: string }) => m.milestone)).toEqual(['order_received']);
  });

  it('records a milestone once, emails the customer once in their language, and corrects it with an audit but no second email', async () => {
    const { orderId, user, cookie } = await newOrder('es');
    const first = await record(orderId, { milestone: 'filed_with_state', occurredOn: today(), note: 'Enviado a Wyoming' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ milestone: { milestone: 'filed_with_state', occurredOn: today(), note: 'Enviado a Wyoming' }, changed: true });

    // the same again: nothing written, nobody emailed
    const again = await record(orderId, { milestone: 'filed_with_state', occurredOn: today(), note: 'Enviado a Wyoming' });
    expect(again.json().changed).toBe(false);
    expect(await mails(user.email)).toHaveLength(1);
    expect(await audits(orderId)).toHaveLength(1);

    // a different note corrects it
    const corrected = await record(orderId, { milestone: 'filed_with_state', occurredOn: today(), note: 'Enviado a Wyoming el lunes' });
    expect(corrected.json().changed).toBe(true);
    const [mail, ...more] = await mails(user.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ language: 'es', payload: { milestone: 'filed_with_state', date: today() } });
    const rendered = renderMail('milestoneRecorded', 'es', mail!.payload as never);
    expect(rendered.subject).toContain('Presentada ante el estado');
    // where the order stands after it, in the dashboard's own words (this sample order was never paid)
    expect(rendered.text).toContain('Dónde está su pedido ahora: Esperamos su pago.');

    const trail = await audits(orderId);
    expect(trail.map((entry) => entry.action)).toEqual(['milestone_recorded', 'milestone_corrected']);
    expect(trail[1]).toMatchObject({
      actorId: admin.user.id,
      detail: {
        milestone: 'filed_with_state',
        occurredOn: today(),
        note: 'Enviado a Wyoming el lunes',
        previous: { occurredOn: today(), note: 'Enviado a Wyoming' },
      },
    });
    expect((await read(orderId, cookie)).json().order.milestones).toEqual([
      { milestone: 'order_received', occurredOn: today(), note: null },
      { milestone: 'filed_with_state', occurredOn: today(), note: 'Enviado a Wyoming el lunes' },
    ]);
  });

  it('sends one email per milestone, in English to an English-speaking customer', async () => {
    const { orderId, user } = await newOrder('en');
    for (const milestone of ['filed_with_state', 'state_approved', 'ein_requested'])
      expect((await record(orderId, { milestone, occurredOn: today() })).statusCode).toBe(200);
    const sent = await mails(user.email);
    expect(sent.map((mail) => [mail.language, mail.payload.milestone])).toEqual([
      ['en', 'filed_with_state'],
      ['en', 'state_approved'],
      ['en', 'ein_requested'],
    ]);
  });

  it('state_approved sets the formation date; ein_issued stores the EIN as nine digits and emails it formatted', async () => {
    const { orderId, user, cookie } = await newOrder();
    await record(orderId, { milestone: 'filed_with_state', occurredOn: today() });
    await record(orderId, { milestone: 'state_approved', occurredOn: today() });
    await record(orderId, { milestone: 'ein_requested', occurredOn: today() });
    await record(orderId, { milestone: 'ein_issued', occurredOn: today(), ein: '12-3456789' });
    const order = (await read(orderId, cookie)).json().order;
    expect(order).toMatchObject({ formationDate: today(), ein: '123456789' });
    expect(order.milestones.map((m: { milestone: string }) => m.milestone)).toEqual([
      'order_received',
      'filed_with_state',
      'state_approved',
      'ein_requested',
      'ein_issued',
    ]);
    const sent = (await mails(user.email)).filter((mail) => ['state_approved', 'ein_issued'].includes(String(mail.payload.milestone)));
    expect(sent.map((mail) => mail.payload)).toEqual([
      expect.objectContaining({ milestone: 'state_approved', formationDate: today(), ein: '' }),
      expect.objectContaining({ milestone: 'ein_issued', ein: '12-3456789' }),
    ]);
    // correcting the EIN changes the order's and audits the previous one
    expect((await record(orderId, { milestone: 'ein_issued', occurredOn: today(), ein: '98 7654321' })).json().changed).toBe(true);
    expect((await read(orderId, cookie)).json().order.ein).toBe('987654321');
    expect((await audits(orderId)).at(-1)!.detail).toMatchObject({ ein: '987654321', previous: { ein: '123456789' } });
    expect(await mails(user.email)).toHaveLength(4);
  });

  // an EIN before the state's approval, dated before the filing, showed an EIN with no formation date
  it('keeps milestones in their order: each needs the one before it, on or after its day, and never after a later one', async () => {
    const { orderId, user, cookie } = await newOrder();
    const answer = async (payload: unknown) => (await record(orderId, payload)).json();
    expect((await answer({ milestone: 'ein_issued', occurredOn: today(), ein: '123456789' })).error.fields).toEqual({
      milestone: 'admin.milestones.previousMissing',
    });
    expect((await answer({ milestone: 'state_approved', occurredOn: today() })).error.fields).toEqual({ milestone: 'admin.milestones.previousMissing' });
    expect((await answer({ milestone: 'filed_with_state', occurredOn: today() })).changed).toBe(true);
    // the day before the filing: refused; a correction of the filing to after the approval: refused
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(orders.id, orderId));
    await database.db
      .update(orderMilestones)
      .set({ occurredOn: daysFromToday(-5) })
      .where(and(eq(orderMilestones.orderId, orderId), eq(orderMilestones.milestone, 'order_received')));
    expect((await answer({ milestone: 'filed_with_state', occurredOn: daysFromToday(-3) })).changed).toBe(true);
    expect((await answer({ milestone: 'state_approved', occurredOn: daysFromToday(-4) })).error.fields).toEqual({
      occurredOn: 'admin.milestones.beforePrevious',
    });
    expect((await answer({ milestone: 'state_approved', occurredOn: daysFromToday(-2) })).changed).toBe(true);
    expect((await answer({ milestone: 'filed_with_state', occurredOn: daysFromToday(-1) })).error.fields).toEqual({ occurredOn: 'admin.milestones.afterNext' });
    const order = (await read(orderId, cookie)).json().order;
    expect(order.ein).toBeNull();
    expect(order.formationDate).toBe(daysFromToday(-2));
    expect((await mails(user.email)).map((mail) => mail.payload.milestone)).toEqual(['filed_with_state', 'state_approved']);
  });

  it('refuses a bad EIN, an EIN on another milestone, automatic milestones, and dates in the future or before the order', async () => {
    const { orderId, user } = await newOrder();
    const fields = async (payload: unknown) => {
      const answer = await record(orderId, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      return answer.json().error.fields;
    };
    expect(await fields({ milestone: 'ein_issued', occurredOn: today(), ein: '12-345' })).toEqual({ ein: 'admin.milestones.invalidEin' });
    expect(await fields({ milestone: 'ein_issued', occurredOn: today() })).toEqual({ ein: 'admin.milestones.invalidEin' });
    expect(await fields({ milestone: 'filed_with_state', occurredOn: today(), ein: '123456789' })).toEqual({ ein: 'admin.milestones.einNotAllowed' });
    expect(Object.keys(await fields({ milestone: 'payment_received', occurredOn: today() }))).toEqual(['milestone']);
    expect(await fields({ milestone: 'filed_with_state', occurredOn: daysFromToday(3) })).toEqual({ occurredOn: 'admin.milestones.futureDate' });
    expect(await fields({ milestone: 'filed_with_state', occurredOn: '2026-02-30' })).toEqual({ occurredOn: 'admin.milestones.invalidDate' });
    expect(await fields({ milestone: 'filed_with_state', occurredOn: daysFromToday(-2) })).toEqual({ occurredOn: 'admin.milestones.beforeOrder' });
    expect(await fields({ milestone: 'filed_with_state', occurredOn: today(), note: 'x'.repeat(501) })).toEqual({ note: 'admin.milestones.noteTooLong' });
    expect(await mails(user.email)).toHaveLength(0);
    expect(await audits(orderId)).toHaveLength(0);
    expect((await record('00000000-0000-4000-8000-000000000000', { milestone: 'filed_with_state', occurredOn: today() })).statusCode).toBe(404);
  });

  it('shows a customer their own timeline and EIN, and answers 404 to another customer', async () => {
    const { orderId, cookie } = await newOrder();
    for (const milestone of ['filed_with_state', 'state_approved', 'ein_requested']) await record(orderId, { milestone, occurredOn: today() });
    await record(orderId, { milestone: 'ein_issued', occurredOn: today(), ein: '123456789' });
    expect((await read(orderId, cookie)).json().order.ein).toBe('123456789');
    const stranger = await signUp(app);
    const answer = await read(orderId, stranger.cookie);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('123456789');
  });

  it('tells administrators who recorded each milestone, and customers nobody', async () => {
    const { orderId, cookie } = await newOrder();
    await record(orderId, { milestone: 'filed_with_state', occurredOn: today() });
    const adminView = (await app.inject({ url: `/api/admin/orders/${orderId}`, headers: { cookie: admin.cookie } })).json().order.milestones;
    expect(adminView.map((m: { milestone: string; recordedBy: string | null }) => [m.milestone, m.recordedBy])).toEqual([
      ['order_received', null],
      ['filed_with_state', 'Erin Admin'],
    ]);
    const customerView = (await read(orderId, cookie)).json().order.milestones;
    expect(customerView).toHaveLength(2);
    for (const entry of customerView) expect(entry).not.toHaveProperty('recordedBy');
  });

  it('records order received at creation and payment received when paid, with the payment time', async () => {
    const { orderId, cookie } = await newOrder();
    expect((await pay(orderId, cookie)).statusCode).toBe(200);
    const order = (await read(orderId, cookie)).json().order;
    expect(order.milestones.map((m: { milestone: string }) => m.milestone)).toEqual(['order_received', 'payment_received']);
    expect(order.paidAt).toEqual(expect.any(String));
    const [row] = await database.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
    expect(order.paidAt).toBe(row!.paidAt!.toISOString());
  });

  it('moves the status with the milestones: filing makes it processing, the EIN completed; a correction moves nothing', async () => {
    const { orderId, cookie } = await newOrder();
    expect((await pay(orderId, cookie)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('paid');
    expect((await record(orderId, { milestone: 'filed_with_state', occurredOn: today() })).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('processing');
    expect((await read(orderId, cookie)).json().order.status).toBe('processing');
    await record(orderId, { milestone: 'state_approved', occurredOn: today() });
    await record(orderId, { milestone: 'ein_requested', occurredOn: today() });
    expect(await statusOf(orderId)).toBe('processing');
    await record(orderId, { milestone: 'ein_issued', occurredOn: today(), ein: '12-3456789' });
    expect(await statusOf(orderId)).toBe('completed');
    // a correction of the filing date changes no status
    await record(orderId, { milestone: 'filed_with_state', occurredOn: today(), note: 'corrected' });
    expect(await statusOf(orderId)).toBe('completed');
    expect(await history(orderId)).toEqual([
      { from: null, to: 'pending_payment', source: 'system' },
      { from: 'pending_payment', to: 'paid', source: 'payment' },
      { from: 'paid', to: 'processing', source: 'system' },
      { from: 'processing', to: 'completed', source: 'system' },
    ]);
  });

  it('leaves a status an administrator chose by hand: the override stands, audited, until they change it', async () => {
    const { orderId, cookie } = await newOrder();
    await pay(orderId, cookie);
    const set = await app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status: 'completed' },
      headers: { cookie: admin.cookie },
    });
    expect(set.statusCode).toBe(200);
    await record(orderId, { milestone: 'filed_with_state', occurredOn: today() });
    expect(await statusOf(orderId)).toBe('completed');
    expect((await history(orderId)).at(-1)).toEqual({ from: 'paid', to: 'completed', source: 'admin' });
    const detail = (await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: { cookie: admin.cookie } })).json();
    expect(detail.order.statusOverride).toBe(true);
  });

  it('moves nothing on an unpaid order: a milestone there is only a record, the order still waits for payment', async () => {
    const { orderId } = await newOrder();
    expect((await record(orderId, { milestone: 'filed_with_state', occurredOn: today() })).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('pending_payment');
  });

  it("answers the order's one state with it: what the customer does next, from payment to the EIN", async () => {
    const { orderId, cookie } = await newOrder();
    const state = async () => (await read(orderId, cookie)).json().order.state;
    expect(await state()).toEqual({ stage: 'awaiting_payment', next: 'pay', refundOpen: false });
    await pay(orderId, cookie);
    expect(await state()).toEqual({ stage: 'details_needed', next: 'complete_details', refundOpen: false });
    await record(orderId, { milestone: 'filed_with_state', occurredOn: today() });
    expect(await state()).toEqual({ stage: 'filed', next: 'none', refundOpen: false });
    await record(orderId, { milestone: 'state_approved', occurredOn: today() });
    await record(orderId, { milestone: 'ein_requested', occurredOn: today() });
    await record(orderId, { milestone: 'ein_issued', occurredOn: today(), ein: '12-3456789' });
    expect(await state()).toEqual({ stage: 'ein_issued', next: 'none', refundOpen: false });
    // the team's page reads the same state
    const detail = (await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: { cookie: admin.cookie } })).json();
    expect(detail.order.state).toEqual({ stage: 'ein_issued', next: 'none', refundOpen: false });
    expect(detail.order).toMatchObject({ status: 'completed', impliedStatus: 'completed', statusOverride: false });
  });
});
