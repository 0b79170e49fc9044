import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userEvents } from '@server/db/schema';
import { pruneUserEvents, userEventsRetentionMs } from '@server/platform/events/live-hub';
import { adminCustomerAndOrder, appPerSuite, injectAs } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { pdfBytes } from '@server/test/orders';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';

/*
 * Every change an open page shows writes its live events (a row for the customer, one
 * for the team) in the change's own transaction; a change that changes nothing writes none.
 */

async function fileForm(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

describe.each(testDatabases)('live events published by order changes on $name', (target) => {
  const suite = appPerSuite(target);
  /** The order's events since `after`, as [reader, kind]: 'customer' or 'team'. */
  const eventsOf = async (orderId: string, customerId: string, after = 0) =>
    (await suite.database.db.select().from(userEvents).where(eq(userEvents.orderId, orderId)).orderBy(asc(userEvents.id)))
      .filter((row) => row.id > after)
      .map((row) => [row.userId === customerId ? 'customer' : row.userId === null ? 'team' : row.userId, row.kind]);
  const lastId = async () => (await suite.database.db.select({ id: userEvents.id }).from(userEvents).orderBy(asc(userEvents.id))).at(-1)?.id ?? 0;

  it('a new order, a status change, a milestone, documents added, replaced and deleted, and the payment', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const both = (kind: string) => [
      ['customer', kind],
      ['team', kind],
    ];
    expect(await eventsOf(orderId, customer.user.id)).toEqual(both('order'));

    let mark = await lastId();
    const paid = await openCheckoutSession(suite.app, orderId, customer.cookie);
    expect((await deliverPaymentEvent(suite.app, completedEvent(`evt_live_${orderId}`, orderId, { sessionId: paid }))).statusCode).toBe(200);
    expect(await eventsOf(orderId, customer.user.id, mark)).toEqual(both('status'));

    mark = await lastId();
    expect((await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'processing' } })).statusCode).toBe(
      200,
    );
    // the same status again changes nothing, and tells no one
    expect((await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'processing' } })).statusCode).toBe(
      200,
    );
    expect(await eventsOf(orderId, customer.user.id, mark)).toEqual(both('status'));

    mark = await lastId();
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/milestones`, {
          payload: { milestone: 'filed_with_state', occurredOn: today },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/milestones`, {
          payload: { milestone: 'filed_with_state', occurredOn: today },
        })
      ).json().changed,
    ).toBe(false);
    expect(await eventsOf(orderId, customer.user.id, mark)).toEqual(both('milestone'));

    mark = await lastId();
    const added = await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/documents`, await fileForm('articles.pdf', pdfBytes));
    expect(added.statusCode).toBe(201);
    const documentId = added.json().document.id as string;
    expect(
      (await injectAs(suite.app, admin.cookie, 'PUT', `/api/admin/orders/${orderId}/documents/${documentId}`, await fileForm('articles-v2.pdf', pdfBytes)))
        .statusCode,
    ).toBe(200);
    expect((await injectAs(suite.app, admin.cookie, 'DELETE', `/api/admin/orders/${orderId}/documents/${documentId}`)).statusCode).toBe(204);
    expect(await eventsOf(orderId, customer.user.id, mark)).toEqual([...both('document'), ...both('document'), ...both('document')]);
  });

  it('keeps a day of events: older ones are pruned (with the user_changes, hourly)', async () => {
    const { customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const now = new Date();
    const [old] = await suite.database.db
      .insert(userEvents)
      .values({ userId: customer.user.id, orderId, kind: 'status', createdAt: new Date(now.getTime() - userEventsRetentionMs - 60_000) })
      .returning({ id: userEvents.id });
    await pruneUserEvents(suite.database.db, now);
    const left = await suite.database.db.select({ id: userEvents.id }).from(userEvents).where(eq(userEvents.orderId, orderId));
    expect(left.map((row) => row.id)).not.toContain(old!.id);
    // the order's own events, written just now, stay
    expect(left).toHaveLength(2);
  });
});
