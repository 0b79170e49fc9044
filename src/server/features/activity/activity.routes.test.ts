import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TActivityEntry, TActivityPage } from '@shared/activity';
import { orderNumber } from '@shared/order-model';
import { adminAudit, orderNotes } from '@server/db/schema';
import { setStandardPrice } from '@server/domain/price';
import { adminCustomerAndOrder, appPerSuite, injectAs, promoteEnrolledAdmin, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';
import { listActivity } from './activity';

/* The Activity page, what the team did across the site; administrators only. */
describe.each(testDatabases)('the team activity on $name', (target) => {
  const suite = appPerSuite(target);
  const activity = async (cookie: string, query: string) => {
    const answer = await injectAs(suite.app, cookie, 'GET', `/api/admin/activity?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as TActivityPage;
  };

  it("lists one administrator's actions on orders, tickets and accounts, newest first, with what each was done to; the customer's own acts are not there", async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const sessionId = await openCheckoutSession(suite.app, orderId, customer.cookie);
    expect((await deliverPaymentEvent(suite.app, completedEvent(`evt_activity_${orderId}`, orderId, { sessionId }))).json().outcome).toBe('paid');
    const colleague = await signUp(suite.app, { name: 'Luis Colega' });
    const ticketId = (
      await suite.app.inject({
        method: 'POST',
        url: '/api/support-tickets',
        payload: { name: 'Ana Pérez', email: uniqueEmail('ana'), support_message: 'Mi EIN todavía no llega.' },
      })
    ).json().ticket.id as string;
    const steps: [string, string, unknown?][] = [
      ['PATCH', `/api/admin/orders/${orderId}/status`, { status: 'processing' }],
      ['POST', `/api/admin/orders/${orderId}/assignee`, { assigneeId: admin.user.id }],
      ['POST', `/api/admin/orders/${orderId}/milestones`, { milestone: 'filed_with_state', occurredOn: new Date().toISOString().slice(0, 10) }],
      ['POST', `/api/admin/orders/${orderId}/notes`, { body: 'Called the state office.' }],
      ['POST', `/api/orders/${orderId}/messages`, { body: 'Su pasaporte está borroso.' }],
      ['GET', `/api/orders/${orderId}/identity/passport`],
      ['PATCH', `/api/admin/users/${colleague.user.id}/role`, { isAdmin: true }],
      ['POST', `/api/admin/support-tickets/${ticketId}/assignee`, { assigneeId: admin.user.id }],
      ['POST', `/api/admin/support-tickets/${ticketId}/replies`, { body: 'Lo revisamos hoy.' }],
    ];
    // one after the other: each its own moment
    for (const [method, url, payload] of steps) {
      const answer = await injectAs(suite.app, admin.cookie, method as 'GET', url, { payload });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
    }
    expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Ya la subo.' } })).statusCode).toBe(201);

    const { entries, nextCursor } = await activity(admin.cookie, `actor=${admin.user.id}`);
    expect(nextCursor).toBeNull();
    expect(entries.map((entry) => entry.kind)).toEqual([
      'ticket_reply',
      'assign_ticket',
      'promote',
      'identity_viewed',
      'message_team',
      'note',
      'milestone_recorded',
      'assigned',
      'status',
    ]);
    expect(entries.every((entry) => entry.actorId === admin.user.id && entry.actor === 'Erin Admin')).toBe(true);
    const number = orderNumber(orderId);
    const byKind = (kind: string) => entries.find((entry) => entry.kind === kind)!;
    expect(byKind('status')).toMatchObject({ detail: { from: 'paid', to: 'processing' }, target: { type: 'order', id: orderId, label: number } });
    expect(byKind('assigned')).toMatchObject({ detail: { from: null, to: 'Erin Admin' }, target: { type: 'order', id: orderId } });
    expect(byKind('promote')).toMatchObject({ target: { type: 'user', id: colleague.user.id, label: colleague.user.email } });
    expect(byKind('assign_ticket')).toMatchObject({ detail: { from: null, to: 'Erin Admin' }, target: { type: 'ticket', id: ticketId, label: 'Ana Pérez' } });
    expect(byKind('ticket_reply')).toMatchObject({ detail: { text: 'Lo revisamos hoy.' }, target: { type: 'ticket', id: ticketId } });
    // the account's email stays out of the detail (it is the target's label), and who did it is the actor
    expect(byKind('promote').detail).toEqual({});

    // the customer did things too (paid, wrote): none of it is the team's activity
    expect((await activity(admin.cookie, `actor=${customer.user.id}`)).entries).toEqual([]);

    // a customer and a visitor reach neither the list nor its CSV
    for (const url of ['/api/admin/activity', '/api/admin/activity.csv']) {
      expect((await injectAs(suite.app, customer.cookie, 'GET', url)).statusCode).toBe(403);
      expect((await injectAs(suite.app, undefined, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('pages by a cursor that neither repeats nor skips, even when entries share a moment; filters by dates', async () => {
    const { admin, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    // five notes at one moment in 2020 and two the next day: ties broken by source and row
    const moment = new Date('2020-03-01T10:00:00.123456Z');
    const next = new Date('2020-03-02T08:00:00Z');
    const notes = [...Array(5).keys()].map((n) => ({ orderId, authorId: admin.user.id, body: `Nota ${n}`, createdAt: moment }));
    await suite.database.db
      .insert(orderNotes)
      .values([...notes, ...[1, 2].map((n) => ({ orderId, authorId: admin.user.id, body: `Día dos ${n}`, createdAt: next }))]);
    const window = { actor: admin.user.id, from: '2020-03-01T00:00:00Z', to: '2020-03-03T00:00:00Z' };

    const seen: TActivityEntry[] = [];
    for (let cursor: string | undefined, pages = 0; pages < 10; pages += 1) {
      const page = await listActivity(suite.database.db, { ...window, cursor, limit: 2 });
      seen.push(...page.entries);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((entry) => entry.key)).size).toBe(7);
    expect(
      seen
        .slice(0, 2)
        .map((entry) => entry.detail.text)
        .sort(),
    ).toEqual(['Día dos 1', 'Día dos 2']);
    expect(seen.slice(2).every((entry) => entry.at === '2020-03-01T10:00:00.123Z')).toBe(true);

    // the API's dates: one day only, then the end is exclusive
    const dayOne = await activity(admin.cookie, `actor=${admin.user.id}&from=2020-03-01T00:00:00Z&to=2020-03-02T00:00:00Z`);
    expect(dayOne.entries.map((entry) => entry.detail.text).sort()).toEqual(['Nota 0', 'Nota 1', 'Nota 2', 'Nota 3', 'Nota 4']);
    // a page's cursor through the API gives the rest
    const firstTwo = await listActivity(suite.database.db, { ...window, limit: 2 });
    const rest = await activity(
      admin.cookie,
      `actor=${admin.user.id}&from=2020-03-01T00:00:00Z&to=2020-03-03T00:00:00Z&cursor=${encodeURIComponent(firstTwo.nextCursor!)}`,
    );
    expect(rest.entries.map((entry) => entry.key)).toEqual(seen.slice(2).map((entry) => entry.key));

    // refused: an end before the start, a date that is not one, a cursor made up
    for (const query of [
      'from=2020-03-02T00:00:00Z&to=2020-03-01T00:00:00Z',
      'from=yesterday',
      'to=2020-13-45',
      "cursor=1' or 1=1",
      `actor=${'x'.repeat(65)}`,
    ]) {
      expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/activity?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('exports the filtered activity as CSV in the reader’s language, with the price changes of the admin command', async () => {
    const { admin, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await suite.database.db
      .insert(orderNotes)
      .values({ orderId, authorId: admin.user.id, body: '=HYPERLINK("http://evil")', createdAt: new Date('2019-05-05T12:00:00Z') });
    const csv = await injectAs(
      suite.app,
      admin.cookie,
      'GET',
      `/api/admin/activity.csv?actor=${admin.user.id}&from=2019-05-05T00:00:00Z&to=2019-05-06T00:00:00Z&lang=es`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Cuándo (UTC),Persona,Acción,Sobre,Enlace',
      // quoted as CSV asks (the sentence starts with its label, so no formula runs)
      `2019-05-05T12:00:00.000Z,Erin Admin,"Nota interna: =HYPERLINK(""http://evil"")",Pedido ${orderNumber(orderId)},http://localhost:3000/admin/orders/${orderId}`,
    ]);

    // the price set on the command line: no person, the site; in the CSV in English
    const before = new Date();
    await setStandardPrice(suite.database.db, 45000);
    const [row] = await suite.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'set_price'));
    expect(row).toMatchObject({ actorId: null, targetId: null, detail: { fromCents: 39900, toCents: 45000, actorEmail: 'admin command' } });
    const site = await activity(admin.cookie, `from=${before.toISOString()}`);
    expect(site.entries.filter((entry) => entry.kind === 'set_price')).toEqual([
      expect.objectContaining({ actor: null, actorId: null, detail: { fromCents: '39900', toCents: '45000' }, target: { type: 'site', id: null, label: '' } }),
    ]);
    const english = await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/activity.csv?from=${encodeURIComponent(before.toISOString())}`);
    expect(english.body).toContain(',System,Price changed: $399 → $450,The site,\r\n');
    await setStandardPrice(suite.database.db, 39900);
  });
});
