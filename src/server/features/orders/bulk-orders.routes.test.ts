import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orderAudit, orders, orderStatusHistory, orderMilestones } from '@server/db/schema';
import { appPerSuite, injectAs, promoteEnrolledAdmin, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';

/*
 * Bulk actions: one change to many orders, each order in its own transaction (a failure
 * is that order's alone), audited and emailed as one by one, the emails batched per recipient.
 */
describe.each(testDatabases)('bulk actions on orders on $name', (target) => {
  const suite = appPerSuite(target, { APP_URL: 'http://localhost:3000' });
  const bulk = (cookie: string | undefined, payload: unknown) => injectAs(suite.app, cookie, 'POST', '/api/admin/orders/bulk', { payload });
  const mailsTo = (to: string) =>
    suite.database.db
      .select({ template: mailOutbox.template, language: mailOutbox.language, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, to));
  const newAdmin = async (name: string, language: 'en' | 'es' = 'en') => {
    const account = await signUp(suite.app, { name, language });
    await promoteEnrolledAdmin(suite.database.db, account.user.email);
    return account;
  };
  /** A customer with `count` orders: one through the API, the rest copies of it with their own ids. */
  const customerWithOrders = async (count: number, language: 'en' | 'es') => {
    const customer = await signUp(suite.app, { language });
    const first = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const [row] = await suite.database.db.select().from(orders).where(eq(orders.id, first));
    const copies = Array.from({ length: count - 1 }, () => randomUUID());
    if (copies.length > 0) await suite.database.db.insert(orders).values(copies.map((id) => ({ ...row!, id, searchText: `${row!.searchText} ${id}` })));
    return { ...customer, orderIds: [first, ...copies] };
  };

  it('sets the status of 100 orders of two customers: one history and audit row each, one email per customer, a missing order reported alone', async () => {
    const admin = await newAdmin('Erin Admin');
    const ana = await customerWithOrders(60, 'es');
    const bob = await customerWithOrders(40, 'en');
    const missing = randomUUID();
    const orderIds = [...ana.orderIds, missing, ...bob.orderIds];
    const before = (await mailsTo(ana.user.email)).length;

    const answer = await bulk(admin.cookie, { orderIds, action: { type: 'status', status: 'processing' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json().results as { orderId: string; outcome: string; error?: string }[];
    expect(results.map((entry) => entry.orderId)).toEqual(orderIds);
    expect(results.filter((entry) => entry.outcome === 'changed')).toHaveLength(100);
    expect(results.find((entry) => entry.orderId === missing)).toEqual({ orderId: missing, outcome: 'failed', error: 'admin.orderNotFound' });

    const changed = [...ana.orderIds, ...bob.orderIds];
    const statuses = await suite.database.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, changed));
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['processing']));
    const history = await suite.database.db
      .select({ orderId: orderStatusHistory.orderId, from: orderStatusHistory.fromStatus, by: orderStatusHistory.changedBy })
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, changed), eq(orderStatusHistory.toStatus, 'processing')));
    expect(history).toHaveLength(100);
    expect(new Set(history.map((row) => `${row.from} ${row.by}`))).toEqual(new Set([`pending_payment ${admin.user.id}`]));

    // one email each, in their language, listing every change with its link
    const anaMails = (await mailsTo(ana.user.email)).slice(before);
    expect(anaMails).toHaveLength(1);
    expect(anaMails[0]).toMatchObject({ template: 'ordersUpdated', language: 'es', payload: { total: '60' } });
    expect(((anaMails[0]!.payload as { updates: string }).updates.match(/^- /gm) ?? []).length).toBe(60);
    expect((await mailsTo(bob.user.email)).filter((mail) => mail.template === 'ordersUpdated')).toEqual([
      expect.objectContaining({ language: 'en', payload: expect.objectContaining({ total: '40' }) }),
    ]);

    // again: nothing changes, nobody is emailed
    const again = (await bulk(admin.cookie, { orderIds: changed, action: { type: 'status', status: 'processing' } })).json().results as { outcome: string }[];
    expect(new Set(again.map((entry) => entry.outcome))).toEqual(new Set(['unchanged']));
    expect((await mailsTo(ana.user.email)).length).toBe(before + 1);
  });

  it('gives three orders to a colleague (one email listing them) and records a milestone for two; a single change keeps its own email', async () => {
    const admin = await newAdmin('Erin Admin');
    const luis = await newAdmin('Luis Gómez', 'es');
    const ana = await customerWithOrders(3, 'es');
    const given = await bulk(admin.cookie, { orderIds: ana.orderIds, action: { type: 'assign', assigneeId: luis.user.id } });
    expect(given.statusCode, given.body).toBe(200);
    const owners = await suite.database.db.select({ assigneeId: orders.assigneeId }).from(orders).where(inArray(orders.id, ana.orderIds));
    expect(owners.map((row) => row.assigneeId)).toEqual([luis.user.id, luis.user.id, luis.user.id]);
    const audit = await suite.database.db
      .select({ orderId: orderAudit.orderId })
      .from(orderAudit)
      .where(and(inArray(orderAudit.orderId, ana.orderIds), eq(orderAudit.action, 'assigned')));
    expect(audit).toHaveLength(3);
    expect((await mailsTo(luis.user.email)).filter((mail) => mail.template !== 'welcome')).toEqual([
      expect.objectContaining({ template: 'ordersUpdated', language: 'es', payload: expect.objectContaining({ firstName: 'Luis', total: '3' }) }),
    ]);

    const today = new Date().toISOString().slice(0, 10);
    const before = (await mailsTo(ana.user.email)).length;
    const filed = await bulk(admin.cookie, {
      orderIds: ana.orderIds.slice(0, 1),
      action: { type: 'milestone', record: { milestone: 'filed_with_state', occurredOn: today } },
    });
    expect(filed.json().results).toEqual([{ orderId: ana.orderIds[0], outcome: 'changed' }]);
    const rows = await suite.database.db
      .select({ orderId: orderMilestones.orderId })
      .from(orderMilestones)
      .where(and(inArray(orderMilestones.orderId, ana.orderIds), eq(orderMilestones.milestone, 'filed_with_state')));
    expect(rows).toHaveLength(1);
    expect((await mailsTo(ana.user.email)).slice(before).map((mail) => mail.template)).toEqual(['milestoneRecorded']);
  });

  it('exports the selection as CSV: only the selected orders, a bad selection refused', async () => {
    const admin = await newAdmin('Erin Admin');
    const ana = await customerWithOrders(3, 'es');
    const [first, , third] = ana.orderIds as [string, string, string];
    const csv = await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/export.csv?ids=${first},${third}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([first, third].map((id) => id.slice(0, 8).toUpperCase()).sort());
    for (const ids of ['nope', Array.from({ length: 501 }, () => randomUUID()).join(',')])
      expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/export.csv?ids=${ids}`)).statusCode).toBe(400);
  });

  it('refuses what is not a bulk action, and anyone but an administrator', async () => {
    const admin = await newAdmin('Erin Admin');
    const ana = await customerWithOrders(1, 'en');
    const orderIds = ana.orderIds;
    for (const payload of [
      { orderIds: [], action: { type: 'status', status: 'paid' } },
      { orderIds: Array.from({ length: 501 }, () => randomUUID()), action: { type: 'status', status: 'paid' } },
      { orderIds: [orderIds[0], orderIds[0]], action: { type: 'status', status: 'paid' } },
      { orderIds: ['not-a-uuid'], action: { type: 'status', status: 'paid' } },
      { orderIds, action: { type: 'status', status: 'shipped' } },
      { orderIds, action: { type: 'delete' } },
      { orderIds, action: { type: 'milestone', record: { milestone: 'ein_issued', occurredOn: '2026-11-01', ein: '12-3456789' } } },
      { orderIds, action: { type: 'assign', assigneeId: 'x'.repeat(101) } },
      { orderIds },
    ]) {
      expect((await bulk(admin.cookie, payload)).statusCode).toBe(400);
    }
    const refused = await bulk(admin.cookie, { orderIds, action: { type: 'assign', assigneeId: ana.user.id } });
    expect(refused.json().results).toEqual([{ orderId: orderIds[0], outcome: 'failed', error: 'admin.assign.notAdmin' }]);
    expect((await bulk(ana.cookie, { orderIds, action: { type: 'status', status: 'completed' } })).statusCode).toBe(403);
    expect((await bulk(undefined, { orderIds, action: { type: 'status', status: 'completed' } })).statusCode).toBe(401);
    const [row] = await suite.database.db.select({ status: orders.status, assigneeId: orders.assigneeId }).from(orders).where(eq(orders.id, orderIds[0]!));
    expect(row).toEqual({ status: 'pending_payment', assigneeId: null });
  });
  it('"select all" of a filter takes every match, not only the loaded page: at most 500, in the list\'s order, with the total', async () => {
    const admin = await newAdmin('Erin Admin');
    const many = await customerWithOrders(501, 'es');
    // a word only these orders hold, to search them by
    const word = `zorzal${randomUUID().slice(0, 8)}`;
    await suite.database.db
      .update(orders)
      .set({ searchText: sql`${orders.searchText} || ${` ${word}`}` })
      .where(eq(orders.userId, many.user.id));
    const ids = async (query: string, cookie = admin.cookie) => injectAs(suite.app, cookie, 'GET', `/api/admin/orders/ids?${query}`);
    const all = await ids(`q=${word}`);
    expect(all.statusCode, all.body).toBe(200);
    const { ids: selected, total } = all.json() as { ids: string[]; total: number };
    expect(total).toBe(501);
    expect(selected).toHaveLength(500);
    expect(new Set(selected).size).toBe(500);
    expect(selected.every((id) => many.orderIds.includes(id))).toBe(true);
    // the list's own first page, in the same order
    const page = (await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders?q=${word}&limit=50`)).json() as { orders: { id: string }[] };
    expect(selected.slice(0, 50)).toEqual(page.orders.map((order) => order.id));
    // the other filters apply: none of these is paid, none is Luis's
    expect((await ids(`q=${word}&status=paid`)).json()).toEqual({ ids: [], total: 0 });
    expect((await ids(`q=${word}&owner=mine`)).json()).toEqual({ ids: [], total: 0 });
    // refused: a bad filter, a customer, a visitor
    expect((await ids('status=nope')).statusCode).toBe(400);
    expect((await ids('', many.cookie)).statusCode).toBe(403);
    expect((await injectAs(suite.app, undefined, 'GET', '/api/admin/orders/ids')).statusCode).toBe(401);
  });
});
