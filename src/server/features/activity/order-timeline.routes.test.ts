import { describe, expect, it } from 'vitest';
import type { TTimeline } from '@shared/timeline';
import { adminCustomerAndOrder, appPerSuite, injectAs } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';

/* An order's whole history in one timeline, for administrators only. */
describe.each(testDatabases)('the order timeline on $name', (target) => {
  const suite = appPerSuite(target);

  it('gathers payment, status, assignment, milestone, note, message and identity view, newest first, with who did each', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const sessionId = await openCheckoutSession(suite.app, orderId, customer.cookie);
    expect((await deliverPaymentEvent(suite.app, completedEvent(`evt_timeline_${orderId}`, orderId, { sessionId }))).json().outcome).toBe('paid');
    const steps = [
      () => injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'processing' } }),
      () => injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/assignee`, { payload: { assigneeId: admin.user.id } }),
      () =>
        injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/milestones`, {
          payload: { milestone: 'filed_with_state', occurredOn: new Date().toISOString().slice(0, 10) },
        }),
      () => injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/notes`, { payload: { body: 'Called the state office.' } }),
      () => injectAs(suite.app, admin.cookie, 'GET', `/api/orders/${orderId}/identity/passport`),
    ];
    // one after the other: each its own moment
    for (const step of steps) expect((await step()).statusCode).toBeLessThan(300);

    const answer = await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}/timeline`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { entries } = answer.json() as TTimeline;
    const kinds = entries.map((entry) => entry.kind);
    for (const kind of ['identity_viewed', 'note', 'milestone_recorded', 'assigned', 'status', 'payment_event']) expect(kinds).toContain(kind);
    expect([...entries].sort((a, b) => b.at.localeCompare(a.at)).map((entry) => entry.at)).toEqual(entries.map((entry) => entry.at));
    expect(entries.find((entry) => entry.kind === 'assigned')).toMatchObject({ actor: 'Erin Admin', detail: { from: null, to: 'Erin Admin' } });
    expect(entries.find((entry) => entry.kind === 'status' && entry.detail.to === 'processing')).toMatchObject({
      actor: 'Erin Admin',
      detail: { from: 'paid' },
    });
    expect(entries.find((entry) => entry.kind === 'note')).toMatchObject({ detail: { text: 'Called the state office.' } });
    expect(entries.find((entry) => entry.kind === 'identity_viewed')).toMatchObject({ actor: 'Erin Admin', detail: { document: 'passport' } });
    expect(entries.find((entry) => entry.kind === 'payment_event')).toMatchObject({ actor: null, detail: { outcome: 'paid' } });

    expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/admin/orders/${orderId}/timeline`)).statusCode).toBe(403);
    expect((await injectAs(suite.app, undefined, 'GET', `/api/admin/orders/${orderId}/timeline`)).statusCode).toBe(401);
    expect((await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000/timeline')).statusCode).toBe(404);
    expect((await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders/nope/timeline')).statusCode).toBe(400);
  });
});
