import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { promiseHours, type PromiseHours } from '@shared/promised-times';
import { queueSections, type TQueue, type TQueueItem } from '@shared/queue';
import type { Database, Db } from '@server/db/client';
import { mailOutbox, orders, supportTickets } from '@server/db/schema';
import { orderStates, orderPromises } from '@server/db/data-migrations';
import { refreshOrderPromise } from '@server/domain/orders/promise';
import { adminCustomerAndOrder, appPerSuite, injectAs, onTwoPostgresInstances, promoteEnrolledAdmin, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { multipartBody, submitOrder } from '@server/test/orders';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';
import { sendOverdueAlerts } from './overdue-alerts';
import { adminQueue } from './queue.service';

/*
 * The queue and its overdue emails. The clock is a parameter of both (the route passes
 * the real one), so a promise is checked a minute before and after it falls due.
 */

const appUrl = 'http://localhost:3000';
const minute = 60_000;
const hour = 60 * minute;
/** A morning long before any real order of the suite: the orders the other tests pay now are never due then. */
const paidAt = new Date('2026-01-15T09:00:00.000Z');
const at = (ms: number) => new Date(paidAt.getTime() + ms);
const hours: PromiseHours = promiseHours;

async function paidOrder(app: FastifyInstance, db: Db, customer: { cookie: string }, orderId?: string) {
  const id = orderId ?? ((await submitOrder(app, customer.cookie)).json().order.id as string);
  const sessionId = await openCheckoutSession(app, id, customer.cookie);
  expect((await deliverPaymentEvent(app, completedEvent(`evt_queue_${id}`, id, { sessionId }))).json().outcome).toBe('paid');
  // paid at 09:00 on a fixed day: the promise is read again from the stored payment
  await db.update(orders).set({ paidAt }).where(eq(orders.id, id));
  await refreshOrderPromise(db, id);
  return id;
}

const overdueMails = (db: Db, to: string) =>
  db
    .select({ language: mailOutbox.language, payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, 'overdue'), eq(mailOutbox.recipient, to)));
const ids = (queue: TQueue, section: keyof TQueue['sections']) => queue.sections[section].map((item) => item.id);

describe.each(testDatabases)('the admin queue on $name', (target) => {
  const suite = appPerSuite(target, { APP_URL: appUrl });
  const queueAt = (now: Date, owner?: string) => adminQueue(suite.database.db, { now, hours, owner, limit: 25 });
  const owner = async (language: 'en' | 'es' = 'es') => {
    const account = await signUp(suite.app, { name: 'Luis Gómez', language });
    await promoteEnrolledAdmin(suite.database.db, account.user.email);
    return account;
  };
  const alerts = (now: Date, database: Database = suite.database) =>
    sendOverdueAlerts(database.db, { mail: suite.app.services.mail, appUrl, teamEmail: 'team@example.com' }, { hours, now });

  it('an order paid at 09:00 is due by 09:00 the next day, overdue at 09:01, and its owner gets exactly one email', async () => {
    const { customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const luis = await owner('es');
    await paidOrder(suite.app, suite.database.db, customer, orderId);
    await suite.database.db.update(orders).set({ assigneeId: luis.user.id }).where(eq(orders.id, orderId));
    const [row] = await suite.database.db.select({ kind: orders.promiseKind, from: orders.promiseFrom }).from(orders).where(eq(orders.id, orderId));
    expect(row).toEqual({ kind: 'processing_start', from: paidAt });

    // an hour after payment: due today (its 24 hours have started), not overdue
    const early = await queueAt(at(hour), luis.user.id);
    expect(ids(early, 'dueToday')).toEqual([orderId]);
    expect(early.counts).toMatchObject({ dueToday: 1, overdue: 0 });
    expect(early.sections.dueToday[0]).toMatchObject({
      type: 'order',
      promise: { kind: 'processing_start', from: null, dueAt: '2026-01-16T09:00:00.000Z' },
      assignee: { id: luis.user.id, name: 'Luis Gómez' },
    });
    // at 09:00 the next day still on time; at 09:01 overdue
    expect(ids(await queueAt(at(24 * hour), luis.user.id), 'dueToday')).toEqual([orderId]);
    const late = await queueAt(at(24 * hour + minute), luis.user.id);
    expect([ids(late, 'dueToday'), ids(late, 'overdue'), late.counts.overdue]).toEqual([[], [orderId], 1]);

    // the email: none before it is late, one at 09:01, none again later
    await alerts(at(24 * hour));
    expect(await overdueMails(suite.database.db, luis.user.email)).toEqual([]);
    expect(await alerts(at(24 * hour + minute))).toBeGreaterThanOrEqual(1);
    await alerts(at(30 * hour));
    expect(await overdueMails(suite.database.db, luis.user.email)).toEqual([
      {
        language: 'es',
        payload: expect.objectContaining({
          firstName: 'Luis',
          kind: 'order',
          promise: 'processing_start',
          dueAt: '2026-01-16T09:00:00.000Z',
          url: `${appUrl}/es/admin/orders/${orderId}`,
        }),
      },
    ]);
  });

  it('a new promise is a new crossing: processing started, the EIN’s four weeks are emailed once more when they pass; nobody’s order goes to the team', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await paidOrder(suite.app, suite.database.db, customer, orderId);
    await alerts(at(25 * hour));
    const status = await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'processing' } });
    expect(status.statusCode, status.body).toBe(200);
    // the sample order's founder is not a US citizen: the EIN, 2-4 weeks from the payment
    const [row] = await suite.database.db
      .select({ kind: orders.promiseKind, from: orders.promiseFrom, alerted: orders.overdueAlertedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ kind: 'ein_issued', from: paidAt, alerted: null });
    const queue = await queueAt(at(25 * hour));
    expect(ids(queue, 'overdue')).not.toContain(orderId);
    expect(queue.sections.unassigned.find((item) => item.id === orderId)).toMatchObject({
      promise: { kind: 'ein_issued', from: '2026-01-29T09:00:00.000Z', dueAt: '2026-02-12T09:00:00.000Z' },
    });
    await alerts(at(28 * 24 * hour + minute));
    const mails = (await overdueMails(suite.database.db, 'team@example.com')).filter((mail) => (mail.payload as { url: string }).url.endsWith(orderId));
    expect(mails.map((mail) => [mail.language, (mail.payload as { promise: string }).promise, (mail.payload as { firstName: string }).firstName])).toEqual([
      ['en', 'processing_start', ''],
      ['en', 'ein_issued', ''],
    ]);
    // completed: nothing more is promised, and it leaves the queue
    await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'completed' } });
    const [done] = await suite.database.db.select({ kind: orders.promiseKind }).from(orders).where(eq(orders.id, orderId));
    expect(done!.kind).toBeNull();
    expect(ids(await queueAt(at(40 * 24 * hour)), 'overdue')).not.toContain(orderId);
  });

  it('a ticket is due SUPPORT_REPLY_HOURS after it was sent, until the team replies', async () => {
    const { admin } = await adminCustomerAndOrder(suite.app, suite.database);
    const luis = await owner('en');
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/support-tickets',
      payload: { name: 'Ana Pérez', email: uniqueEmail('ana'), support_message: 'Mi EIN todavía no llega, ¿pueden revisar?' },
    });
    const ticketId = created.json().ticket.id as string;
    await suite.database.db.update(supportTickets).set({ createdAt: paidAt, assigneeId: luis.user.id }).where(eq(supportTickets.id, ticketId));
    const twelve = await queueAt(at(12 * hour), luis.user.id);
    expect(twelve.sections.dueToday).toEqual([
      expect.objectContaining({
        type: 'ticket',
        id: ticketId,
        name: 'Ana Pérez',
        excerpt: 'Mi EIN todavía no llega, ¿pueden revisar?',
        promise: { kind: 'support_reply', from: paidAt.toISOString(), dueAt: '2026-01-15T21:00:00.000Z' },
      }),
    ]);
    expect(ids(await queueAt(at(12 * hour + minute), luis.user.id), 'overdue')).toEqual([ticketId]);
    // with SUPPORT_REPLY_HOURS=24 it is not late yet
    expect(
      ids(
        await adminQueue(suite.database.db, { now: at(12 * hour + minute), hours: { ...hours, supportReply: 24 }, owner: luis.user.id, limit: 25 }),
        'overdue',
      ),
    ).toEqual([]);
    await alerts(at(13 * hour));
    await alerts(at(14 * hour));
    expect(await overdueMails(suite.database.db, luis.user.email)).toEqual([
      {
        language: 'en',
        payload: expect.objectContaining({ kind: 'ticket', title: 'Ana Pérez', promise: 'support_reply', url: `${appUrl}/admin/tickets/${ticketId}` }),
      },
    ]);
    // a reply answers it: out of the sections of work
    const reply = await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/support-tickets/${ticketId}/replies`, { payload: { body: 'Lo revisamos hoy.' } });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const after = await queueAt(at(13 * hour), luis.user.id);
    expect([...ids(after, 'overdue'), ...ids(after, 'dueToday')]).toEqual([]);
  });

  it('the 0021 data migration writes the promise of the orders paid before it', async () => {
    const { customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await paidOrder(suite.app, suite.database.db, customer, orderId);
    await suite.database.db.update(orders).set({ promiseKind: null, promiseFrom: null }).where(eq(orders.id, orderId));
    await suite.database.db.transaction((tx) => orderPromises(tx));
    const [row] = await suite.database.db.select({ kind: orders.promiseKind, from: orders.promiseFrom }).from(orders).where(eq(orders.id, orderId));
    expect(row).toEqual({ kind: 'processing_start', from: paidAt });
  });

  it('waiting on the customer, holds and the owner filter, each order in one section only; GET /api/admin/queue for administrators only', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await paidOrder(suite.app, suite.database.db, customer, orderId);
    await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/assignee`, { payload: { assigneeId: admin.user.id } });
    await suite.database.db.update(orders).set({ openRequests: 1 }).where(eq(orders.id, orderId));
    // paid now and processing: the EIN is weeks away, so only the customer's answer is awaited
    const waitingId = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const sessionId = await openCheckoutSession(suite.app, waitingId, customer.cookie);
    await deliverPaymentEvent(suite.app, completedEvent(`evt_queue_${waitingId}`, waitingId, { sessionId }));
    await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${waitingId}/assignee`, { payload: { assigneeId: admin.user.id } });
    await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${waitingId}/status`, { payload: { status: 'processing' } });
    await suite.database.db.update(orders).set({ openRequests: 1 }).where(eq(orders.id, waitingId));
    const held = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    await suite.database.db.update(orders).set({ holdReason: 'sanctioned_nationality', assigneeId: admin.user.id }).where(eq(orders.id, held));

    const answer = await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/queue?owner=mine');
    expect(answer.statusCode, answer.body).toBe(200);
    const queue = answer.json() as TQueue;
    expect(Object.keys(queue.sections)).toEqual(['dueToday', 'overdue', 'unassigned', 'waiting', 'reviews']);
    // paid on a January morning: long overdue by the real clock, so listed there, not again under waiting
    expect(queue.sections.overdue.find((item) => item.id === orderId)).toMatchObject({ type: 'order', assignee: { id: admin.user.id, name: 'Erin Admin' } });
    expect(ids(queue, 'waiting')).toEqual([waitingId]);
    expect(ids(queue, 'reviews')).toContain(held);
    expect(ids(queue, 'unassigned')).not.toContain(orderId);
    expectEachOnceAndCounted(queue);
    const someoneElse = (await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/queue?owner=${customer.user.id}`)).json() as TQueue;
    expect([someoneElse.counts.waiting, someoneElse.counts.overdue]).toEqual([0, 0]);

    for (const query of ['limit=0', 'limit=201', 'limit=ten', `owner=${'x'.repeat(101)}`])
      expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/queue?${query}`)).statusCode).toBe(400);
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/admin/queue')).statusCode).toBe(403);
    expect((await injectAs(suite.app, undefined, 'GET', '/api/admin/queue')).statusCode).toBe(401);
  });

  it('the customer’s message, her answer to a request and her refund request are one order with its reasons, due in 12 hours; answering and deciding clear them', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    // paid now: processing is due within 24 hours, the answers sooner
    const sessionId = await openCheckoutSession(suite.app, orderId, customer.cookie);
    await deliverPaymentEvent(suite.app, completedEvent(`evt_inbox_${orderId}`, orderId, { sessionId }));
    await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/assignee`, { payload: { assigneeId: admin.user.id } });
    const mine = async () => (await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/queue?owner=mine&limit=200')).json() as TQueue;
    const listed = async () => {
      const queue = await mine();
      expectEachOnceAndCounted(queue);
      const found = queueSections.flatMap((section) => queue.sections[section].map((item) => ({ section, item }))).filter(({ item }) => item.id === orderId);
      expect(found).toHaveLength(1);
      const { section, item } = found[0]!;
      return { section, kinds: item.type === 'order' ? item.attention.map((reason) => reason.kind) : [], item };
    };
    expect((await listed()).kinds).toEqual([]);

    const posted = await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: '¿Cuándo firman mi LLC?' } });
    expect(posted.statusCode, posted.body).toBe(201);
    const withMessage = await listed();
    expect(withMessage).toMatchObject({ section: 'dueToday', kinds: ['message'], item: { language: 'es' } });
    const since = (withMessage.item as TQueueItem & { type: 'order' }).attention[0]!.since;
    expect((withMessage.item as TQueueItem & { type: 'order' }).attentionDueAt).toBe(new Date(Date.parse(since) + 12 * hour).toISOString());

    // the team's request answers the message; her answer to it waits for the team again
    const asked = await injectAs(suite.app, admin.cookie, 'POST', `/api/orders/${orderId}/messages`, {
      payload: {
        body: 'Por favor confirme su dirección.',
        request: { kind: 'answer', dueOn: new Date(Date.now() + 2 * 24 * hour).toISOString().slice(0, 10) },
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await listed()).kinds).toEqual([]);
    const requestId = asked.json().message.request.id as string;
    const { payload, headers } = await multipartBody([['message', JSON.stringify({ body: 'Calle Río Lerma 4, CDMX' })]]);
    const answered = await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/requests/${requestId}/answer`, { payload, headers });
    expect(answered.statusCode, answered.body).toBe(201);
    expect((await listed()).kinds).toEqual(['request_answered']);
    const refund = await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/refund-requests`, {
      payload: { reason: 'changed_mind', details: 'Ya no la necesito.' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const both = await listed();
    expect(both.kinds).toEqual(['request_answered', 'refund_requested']);
    // the first reason keeps its moment: the answer is due 12 hours after her answer, not after the refund request
    const reasons = (both.item as TQueueItem & { type: 'order' }).attention;
    expect((both.item as TQueueItem & { type: 'order' }).attentionDueAt).toBe(new Date(Date.parse(reasons[0]!.since) + 12 * hour).toISOString());
    // 13 hours later it is overdue, by its reasons, though processing is due later still
    const later = await queueAt(new Date(Date.parse(reasons[0]!.since) + 13 * hour), admin.user.id);
    expect(ids(later, 'overdue')).toContain(orderId);
    expect(ids(later, 'dueToday')).not.toContain(orderId);

    // a reply in the thread answers her; the decision handles the refund
    await injectAs(suite.app, admin.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Gracias, la actualizamos.' } });
    expect((await listed()).kinds).toEqual(['refund_requested']);
    const declined = await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${refund.json().refund.id}/decision`, {
      payload: { decision: 'decline', note: 'El cambio de opinión después de presentar no está cubierto.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await listed()).kinds).toEqual([]);
    const [row] = await suite.database.db.select({ attention: orders.attention, since: orders.attentionSince }).from(orders).where(eq(orders.id, orderId));
    expect(row).toEqual({ attention: null, since: null });
    // the stage, written with the same changes, is what the team's list shows
    const list = (await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders?limit=100')).json().orders as { id: string; stage: string }[];
    expect(list.find((order) => order.id === orderId)!.stage).toBe('details_needed');
  });

  it('the 0033 data migration writes what already waited for the team, and the stage', async () => {
    const { customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Hola' } });
    await suite.database.db.update(orders).set({ attention: null, attentionSince: null, stage: null }).where(eq(orders.id, orderId));
    await suite.database.db.transaction((tx) => orderStates(tx));
    const [row] = await suite.database.db.select({ attention: orders.attention }).from(orders).where(eq(orders.id, orderId));
    expect(row!.attention).toEqual([{ kind: 'message', since: expect.any(String) }]);
    const [staged] = await suite.database.db.select({ stage: orders.stage }).from(orders).where(eq(orders.id, orderId));
    expect(staged!.stage).toBe('awaiting_payment');
  });
});

/** Every item in one section only, and each section's count what it lists (below the page size). */
function expectEachOnceAndCounted(queue: TQueue) {
  const keys = queueSections.flatMap((section) => queue.sections[section].map((item) => `${item.type}:${item.id}`));
  expect(new Set(keys).size).toBe(keys.length);
  for (const section of queueSections) expect([section, queue.counts[section]]).toEqual([section, queue.sections[section].length]);
}

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('overdue emails from two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  it('one email per crossing when both instances look at 09:01 at once', async () => {
    await onTwoPostgresInstances(adminUrl!, async ({ one, two, app }) => {
      const customer = await signUp(app);
      const owner = await signUp(app, { name: 'Luis Gómez', language: 'es' });
      await promoteEnrolledAdmin(one.db, owner.user.email);
      const orderId = await paidOrder(app, one.db, customer);
      await one.db.update(orders).set({ assigneeId: owner.user.id }).where(eq(orders.id, orderId));
      const mailer = { mail: app.services.mail, appUrl, teamEmail: 'team@example.com' };
      const sent = await Promise.all([one, two, one, two].map((instance) => sendOverdueAlerts(instance.db, mailer, { hours, now: at(24 * hour + minute) })));
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await overdueMails(one.db, owner.user.email)).toHaveLength(1);
    });
  });
});
