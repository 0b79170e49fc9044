import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, mailOutbox, orderAudit, orders, supportTickets } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, injectAs, promoteEnrolledAdmin, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

/*
 * Owners: an order or a ticket is given to an administrator (or taken, or left
 * unassigned); the lists filter by owner; the new owner is emailed when someone else gave it.
 */
describe.each(testDatabases)('owners of orders and tickets on $name', (target) => {
  const suite = appPerSuite(target, { APP_URL: 'http://localhost:3000' });
  const assign = (cookie: string | undefined, orderId: string, assigneeId: unknown) =>
    injectAs(suite.app, cookie, 'POST', `/api/admin/orders/${orderId}/assignee`, { payload: { assigneeId } });
  const assignedMails = (to: string) =>
    suite.database.db
      .select({ language: mailOutbox.language, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'assigned'), eq(mailOutbox.recipient, to)));
  const colleague = async (language: 'en' | 'es' = 'es') => {
    const account = await signUp(suite.app, { name: 'Luis Gómez', language });
    await promoteEnrolledAdmin(suite.database.db, account.user.email);
    return account;
  };
  const listIds = async (cookie: string, query: string) =>
    ((await injectAs(suite.app, cookie, 'GET', `/api/admin/orders?limit=100&${query}`)).json().orders as { id: string; assignee: unknown }[]).map(
      (order) => order.id,
    );

  it('an administrator gives an order to a colleague: audited, the colleague emailed once in their language, and the lists filter by owner', async () => {
    const { admin, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const luis = await colleague('es');
    const given = await assign(admin.cookie, orderId, luis.user.id);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({ assignee: { id: luis.user.id, name: 'Luis Gómez' }, changed: true });
    const [row] = await suite.database.db.select({ assigneeId: orders.assigneeId }).from(orders).where(eq(orders.id, orderId));
    expect(row!.assigneeId).toBe(luis.user.id);
    const mails = await assignedMails(luis.user.email);
    expect(mails).toEqual([
      {
        language: 'es',
        payload: expect.objectContaining({ kind: 'order', assignedBy: 'Erin Admin', url: `http://localhost:3000/es/admin/orders/${orderId}` }),
      },
    ]);
    // the detail and the rows name the owner; the filters find it
    expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}`)).json().order.assignee).toEqual({
      id: luis.user.id,
      name: 'Luis Gómez',
    });
    expect(await listIds(luis.cookie, 'owner=mine')).toContain(orderId);
    expect(await listIds(admin.cookie, 'owner=mine')).not.toContain(orderId);
    expect(await listIds(admin.cookie, `owner=${luis.user.id}`)).toContain(orderId);
    expect(await listIds(admin.cookie, 'owner=unassigned')).not.toContain(orderId);

    // the same again changes nothing and emails nobody; taking it yourself emails nobody
    expect((await assign(admin.cookie, orderId, luis.user.id)).json().changed).toBe(false);
    expect(await assignedMails(luis.user.email)).toHaveLength(1);
    expect((await assign(admin.cookie, orderId, admin.user.id)).json()).toEqual({ assignee: { id: admin.user.id, name: 'Erin Admin' }, changed: true });
    expect(await assignedMails(admin.user.email)).toEqual([]);
    expect((await assign(admin.cookie, orderId, null)).json()).toEqual({ assignee: null, changed: true });
    expect(await listIds(admin.cookie, 'owner=unassigned')).toContain(orderId);

    const audit = await suite.database.db
      .select({ actorId: orderAudit.actorId, detail: orderAudit.detail })
      .from(orderAudit)
      .where(and(eq(orderAudit.orderId, orderId), eq(orderAudit.action, 'assigned')))
      .orderBy(orderAudit.createdAt);
    expect(audit).toEqual([
      { actorId: admin.user.id, detail: { from: null, to: luis.user.id } },
      { actorId: admin.user.id, detail: { from: luis.user.id, to: admin.user.id } },
      { actorId: admin.user.id, detail: { from: admin.user.id, to: null } },
    ]);
  });

  it('only an administrator owns work, and only an administrator assigns it', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    for (const [assigneeId, status] of [
      [customer.user.id, 400],
      ['no-such-user', 400],
      ['', 400],
      [42, 400],
      [undefined, 400],
    ] as const) {
      const refused = await assign(admin.cookie, orderId, assigneeId);
      expect({ assigneeId, status: refused.statusCode }).toEqual({ assigneeId, status });
    }
    expect((await assign(admin.cookie, '00000000-0000-4000-8000-000000000000', admin.user.id)).statusCode).toBe(404);
    expect((await assign(customer.cookie, orderId, customer.user.id)).statusCode).toBe(403);
    expect((await assign(undefined, orderId, admin.user.id)).statusCode).toBe(401);
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/admin/assignees')).statusCode).toBe(403);
    const [row] = await suite.database.db.select({ assigneeId: orders.assigneeId }).from(orders).where(eq(orders.id, orderId));
    expect(row!.assigneeId).toBeNull();
    const assignees = (await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/assignees')).json().assignees as { id: string }[];
    expect(assignees.map((entry) => entry.id)).toContain(admin.user.id);
    expect(assignees.map((entry) => entry.id)).not.toContain(customer.user.id);
  });

  it('a ticket is given, filtered by owner and audited the same way', async () => {
    const { admin } = await adminCustomerAndOrder(suite.app, suite.database);
    const luis = await colleague('en');
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/support-tickets',
      payload: { name: 'Ana Pérez', email: uniqueEmail('ana'), support_message: 'My EIN has not arrived yet, can you check?' },
    });
    const ticketId = created.json().ticket.id as string;
    const given = await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/support-tickets/${ticketId}/assignee`, { payload: { assigneeId: luis.user.id } });
    expect([given.statusCode, given.json().assigneeId]).toEqual([200, luis.user.id]);
    const [row] = await suite.database.db.select({ assigneeId: supportTickets.assigneeId }).from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.assigneeId).toBe(luis.user.id);
    expect(await assignedMails(luis.user.email)).toEqual([
      { language: 'en', payload: expect.objectContaining({ kind: 'ticket', title: 'Ana Pérez', url: `http://localhost:3000/admin/tickets/${ticketId}` }) },
    ]);
    const mine = (await injectAs(suite.app, luis.cookie, 'GET', '/api/admin/support-tickets?owner=mine&limit=50')).json().tickets as { id: string }[];
    expect(mine.map((ticket) => ticket.id)).toEqual([ticketId]);
    const unassigned = (await injectAs(suite.app, luis.cookie, 'GET', '/api/admin/support-tickets?owner=unassigned&limit=50')).json().tickets as {
      id: string;
    }[];
    expect(unassigned.map((ticket) => ticket.id)).not.toContain(ticketId);
    const [audit] = await suite.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, ticketId), eq(adminAudit.action, 'assign_ticket')));
    expect(audit).toMatchObject({ actorId: admin.user.id, detail: { from: null, to: luis.user.id } });
    const customer = await signUp(suite.app);
    expect(
      (await injectAs(suite.app, customer.cookie, 'POST', `/api/admin/support-tickets/${ticketId}/assignee`, { payload: { assigneeId: customer.user.id } }))
        .statusCode,
    ).toBe(403);
  });
});
