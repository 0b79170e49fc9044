import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderSort } from '@shared/admin';
import { orderNumber } from '@shared/order-model';
import { orderStatuses, type OrderStatus } from '@shared/order-status';
import type { Database } from '@server/db/client';
import { mailOutbox, orders, paymentEvents, paymentReviews } from '@server/db/schema';
import { refreshOrderState } from '@server/domain/orders/order-state';
import { buildTestApp, signUp, uniqueEmail, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder, validOrder } from '@server/test/orders';
import { orderSearchText } from '@server/domain/search/order-search';

/*
 * The admin list's filters, sorts and paging, the CSV export, order notes and the
 * support ticket workflow, on both databases.
 */

const supportEmail = 'help-desk@example.com';
const rank = (status: OrderStatus) => orderStatuses.indexOf(status);

interface Seeded {
  id: string;
  status: OrderStatus;
  llcState: string;
  nationality: string;
  createdAt: Date;
}

describe.each(testDatabases)('admin operations API on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let outboxDir: string;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let customerOrderId: string;
  /** orders placed in March 2001: no other order of this database falls in that range */
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    database = await target.open();
    const built = await buildTestApp(database, { SUPPORT_EMAIL: supportEmail });
    app = built.app;
    outboxDir = built.config.outboxDir;
    admin = await signUp(app, { name: 'Olga Operadora' });
    await promoteEnrolledAdmin(database.db, admin.user.email);
    customer = await signUp(app, { language: 'es' });
    customerOrderId = (await submitOrder(app, customer.cookie)).json().order.id;

    // 36 orders: every status, three states, three nationalities, over ten days; two share an instant
    const states = ['WY', 'DE', 'NM'] as const;
    const nationalities = ['MX', 'PE', 'US'];
    for (let i = 0; i < 36; i++) {
      const createdAt = new Date(Date.UTC(2001, 2, 1 + (i % 10), (i * 7) % 24, i, 0, i === 35 ? 0 : i));
      const values = {
        ...validOrder({ llcState: states[i % 3], nationality: nationalities[Math.floor(i / 3) % 3], organizerName: `Seeded ${i}` }),
        userId: customer.user.id,
        status: orderStatuses[(i * 5) % 4]!,
        orderAmount: 39900,
        createdAt: i === 35 ? (seeded[34]?.createdAt ?? createdAt) : createdAt,
      };
      const [row] = await database.db
        .insert(orders)
        .values({ ...values, searchText: '' })
        .returning({ id: orders.id, status: orders.status, llcState: orders.llcState, nationality: orders.nationality, createdAt: orders.createdAt });
      await database.db
        .update(orders)
        .set({ searchText: orderSearchText({ ...values, id: row!.id }) })
        .where(eq(orders.id, row!.id));
      seeded.push(row!);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {} });
  const get = (url: string) => as(admin.cookie, 'GET', url);

  /** The expected rows, in the sort's order, computed here independently of the SQL. */
  function expected(filter: Partial<Pick<Seeded, 'status' | 'llcState' | 'nationality'>> & { from?: string; to?: string }, sort: AdminOrderSort) {
    const rows = seeded.filter(
      (row) =>
        (!filter.status || row.status === filter.status) &&
        (!filter.llcState || row.llcState === filter.llcState) &&
        (!filter.nationality || row.nationality === filter.nationality) &&
        row.createdAt >= new Date(`${filter.from ?? '2001-03-01'}T00:00:00Z`) &&
        row.createdAt < new Date(Date.parse(`${filter.to ?? '2001-03-31'}T00:00:00Z`) + 86_400_000),
    );
    const byDate = (a: Seeded, b: Seeded) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);
    if (sort === 'newest') return rows.sort((a, b) => byDate(b, a)).map((row) => row.id);
    if (sort === 'oldest') return rows.sort(byDate).map((row) => row.id);
    return rows.sort((a, b) => rank(a.status) - rank(b.status) || byDate(a, b)).map((row) => row.id);
  }

  /** Walks every page of 4; checks no page repeats or skips. */
  async function allPages(query: string) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let first: { total: number; counts: Record<OrderStatus, number> } | undefined;
    do {
      const response = await get(`/api/admin/orders?${query}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      first ??= page;
      if (cursor) expect(page.counts).toBeNull();
      ids.push(...page.orders.map((o: { id: string }) => o.id));
      cursor = page.nextCursor;
    } while (cursor);
    return { ids, total: first!.total, counts: first!.counts };
  }

  it('answers visitors 401 and customers 403 on every new admin endpoint', async () => {
    const ticketId = (
      await app.inject({
        method: 'POST',
        url: '/api/support-tickets',
        payload: { name: 'Ana Pérez', email: uniqueEmail('t'), support_message: 'Where is my EIN please?' },
      })
    ).json().ticket.id;
    const endpoints: [method: 'GET' | 'POST' | 'PATCH', url: string, payload: unknown, ok: number][] = [
      ['GET', '/api/admin/orders?status=paid&state=WY&nationality=MX&from=2001-03-01&to=2001-03-31&sort=status', undefined, 200],
      ['GET', '/api/admin/orders/export.csv?status=paid', undefined, 200],
      ['GET', `/api/admin/orders/${customerOrderId}/notes`, undefined, 200],
      ['POST', `/api/admin/orders/${customerOrderId}/notes`, { body: 'checked the passport' }, 201],
      ['GET', `/api/admin/support-tickets/${ticketId}`, undefined, 200],
      ['POST', `/api/admin/support-tickets/${ticketId}/replies`, { body: 'We are on it.' }, 201],
      ['POST', `/api/admin/support-tickets/${ticketId}/notes`, { body: 'asked the IRS' }, 201],
      ['PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'closed' }, 200],
      ['GET', '/api/admin/support-tickets?status=closed', undefined, 200],
    ];
    for (const [method, url, payload, ok] of endpoints) {
      const visitor = await as(undefined, method, url, payload);
      expect(visitor.statusCode, `${method} ${url} visitor`).toBe(401);
      expect(visitor.body).not.toContain('checked the passport');
      expect((await as(customer.cookie, method, url, payload)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await as(admin.cookie, method, url, payload)).statusCode, `${method} ${url} admin`).toBe(ok);
    }
  });

  it.each([
    [{}, 'newest'],
    [{}, 'oldest'],
    [{}, 'status'],
    [{ status: 'paid' as const }, 'newest'],
    [{ status: 'completed' as const, llcState: 'DE' }, 'oldest'],
    [{ llcState: 'WY', nationality: 'MX' }, 'status'],
    [{ nationality: 'PE', from: '2001-03-03', to: '2001-03-07' }, 'newest'],
    [{ from: '2001-03-05', to: '2001-03-05' }, 'status'],
    [{ status: 'processing' as const, llcState: 'NM', nationality: 'US', from: '2001-03-02' }, 'oldest'],
  ] as const)('filters %o sorted %s: exactly the matching rows, every page, no repeats', async (filter, sort) => {
    const query = new URLSearchParams({ sort, from: '2001-03-01', to: '2001-03-31' });
    if ('status' in filter) query.set('status', filter.status);
    if ('llcState' in filter) query.set('state', filter.llcState);
    if ('nationality' in filter) query.set('nationality', filter.nationality);
    if ('from' in filter) query.set('from', filter.from);
    if ('to' in filter) query.set('to', filter.to);
    const want = expected({ ...filter }, sort);
    expect(want.length, 'the case selects something').toBeGreaterThan(0);
    const { ids, total, counts } = await allPages(query.toString());
    expect(ids).toEqual(want);
    expect(total).toBe(want.length);
    // the tabs: what each status would show with the other filters
    for (const status of orderStatuses) expect(counts[status], status).toBe(expected({ ...filter, status }, sort).length);
  });

  it('includes both ends of a date range (UTC days) and refuses a bad filter with 400', async () => {
    const day = seeded.find((row) => row.createdAt.toISOString().startsWith('2001-03-05'))!;
    const { ids } = await allPages('from=2001-03-05&to=2001-03-05');
    expect(ids).toContain(day.id);
    expect(ids).toEqual(expected({ from: '2001-03-05', to: '2001-03-05' }, 'newest'));
    for (const bad of ['status=shipped', 'state=wyoming', 'nationality=mx', 'from=2001-13-01', 'from=2001-03-05&to=2001-03-04', 'sort=price']) {
      const response = await get(`/api/admin/orders?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect((await get(`/api/admin/orders/export.csv?${bad}`)).statusCode, `export ${bad}`).toBe(400);
    }
  });

  it('exports the filtered list as CSV: BOM, the columns, accents, quoting, and formulas neutralised', async () => {
    const owner = await signUp(app);
    const tricky = validOrder({
      organizerName: '=HYPERLINK("http://evil.example","Núñez")',
      companyName1: 'Comma, Quote "Co" LLC',
      llcState: 'NM',
      nationality: 'GT',
      addressCountry: 'GT',
      addressLine2: 'Zona 10, Of. 5',
    });
    const trickyId = (await submitOrder(app, owner.cookie, tricky)).json().order.id;
    await database.db
      .update(orders)
      .set({ status: 'paid', orderAmountPaid: 39950, paidAt: new Date('2026-01-02T10:00:00Z') })
      .where(eq(orders.id, trickyId));
    // written directly, as a payment would: the stage follows as after any change
    await refreshOrderState(database.db, trickyId);

    const response = await get('/api/admin/orders/export.csv?state=NM&nationality=GT&lang=es');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Número de pedido,Creado,Pagado,Cliente,Correo electrónico,Empresa,Estado de la LLC,Nacionalidad,Monto pagado (USD),Estado del pedido,Etapa,Dirección',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toEqual([
      `${orderNumber(trickyId)},${new Date().toISOString().slice(0, 10)},2026-01-02,"'=HYPERLINK(""http://evil.example"",""Núñez"")",ana@example.com,"Comma, Quote ""Co"" LLC",NM,Guatemala,399.50,Pagado,Pagado: faltan los datos de la empresa,"Av. Larco 123, Zona 10, Of. 5, Lima, Lima 15074, Guatemala"`,
    ]);

    // every seeded March 2001 order, English, newest first
    const all = await get('/api/admin/orders/export.csv?from=2001-03-01&to=2001-03-31');
    const rows = all.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(rows[0]).toBe('Order number,Created,Paid,Customer,Email,Company,LLC state,Nationality,Amount paid (USD),Status,Stage,Address');
    expect(rows.slice(1).map((line) => line.split(',')[0])).toEqual(expected({}, 'newest').map(orderNumber));
  });

  it('keeps internal notes: added and listed with author and time, validated, never in a customer endpoint', async () => {
    const body = `Passport checked by phone ${Math.random().toString(36).slice(2)}`;
    const added = await as(admin.cookie, 'POST', `/api/admin/orders/${customerOrderId}/notes`, { body: `  ${body}\n` });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ id: expect.any(String), body, author: 'Olga Operadora', createdAt: expect.any(String) });
    const second = await as(admin.cookie, 'POST', `/api/admin/orders/${customerOrderId}/notes`, { body: 'x'.repeat(2000) });
    expect(second.statusCode).toBe(201);

    const list = (await get(`/api/admin/orders/${customerOrderId}/notes`)).json().notes;
    expect(list.map((note: { body: string }) => note.body).slice(-2)).toEqual([body, 'x'.repeat(2000)]);
    expect(list.at(-2)).toMatchObject({ author: 'Olga Operadora' });

    for (const [payload, field] of [
      [{ body: '' }, 'admin.notes.required'],
      [{ body: '   ' }, 'admin.notes.required'],
      [{ body: 'x'.repeat(2001) }, 'admin.notes.tooLong'],
      [{}, 'admin.notes.required'],
    ] as const) {
      const refused = await as(admin.cookie, 'POST', `/api/admin/orders/${customerOrderId}/notes`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ body: field });
    }
    expect((await as(admin.cookie, 'POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/notes', { body: 'lost' })).statusCode).toBe(404);
    expect((await get('/api/admin/orders/00000000-0000-4000-8000-000000000000/notes')).statusCode).toBe(404);

    // everything the customer can read about their order
    for (const url of ['/api/orders', `/api/orders/${customerOrderId}`, `/api/orders/${customerOrderId}/documents`, '/api/me', '/api/session']) {
      const response = await as(customer.cookie, 'GET', url);
      expect(response.statusCode, url).toBeLessThan(400);
      expect(response.body, url).not.toContain(body);
      expect(response.body, url).not.toContain('Olga');
    }
  });

  it('marks orders flagged for payment review, in the list and on the order', async () => {
    const id = seeded[0]!.id;
    const flagged = async () => ({
      listed: (await get(`/api/admin/orders?from=2001-03-01&to=2001-03-31&limit=100`)).json().orders.find((o: { id: string }) => o.id === id).paymentReview,
      detail: (await get(`/api/admin/orders/${id}`)).json().order.paymentReview,
    });
    expect(await flagged()).toEqual({ listed: false, detail: false });
    const eventId = `evt_${Math.random().toString(36).slice(2)}`;
    await database.db.insert(paymentEvents).values({ eventId, provider: 'test', type: 'checkout.session.completed', orderId: id, outcome: 'review' });
    const [review] = await database.db
      .insert(paymentReviews)
      .values({ orderId: id, eventId, sessionId: 'cs_1', reason: 'amount_mismatch', amount: 100, currency: 'usd' })
      .returning();
    expect(await flagged()).toEqual({ listed: true, detail: true });
    await as(admin.cookie, 'POST', `/api/admin/payment-reviews/${review!.id}/resolve`);
    expect(await flagged()).toEqual({ listed: false, detail: false });
  });

  describe('support tickets', () => {
    const mailFile = (needle: string) =>
      fs
        .readdirSync(outboxDir)
        .map((file) => fs.readFileSync(`${outboxDir}/${file}`, 'utf8'))
        .find((text) => text.includes(needle));

    const submit = async (language: 'en' | 'es', origin?: 'Affiliate') => {
      const email = uniqueEmail('requester');
      const response = await app.inject({
        method: 'POST',
        url: '/api/support-tickets',
        payload: { name: 'Rosa Quispe', email, support_message: 'Mi EIN todavía no llega, ¿pueden revisar?', language, message_origin: origin },
        remoteAddress: `10.21.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      expect(response.statusCode).toBe(201);
      return { id: response.json().ticket.id as string, email };
    };

    it("emails the team with Reply-To the requester, stores the ticket's language and starts it open", async () => {
      const { id, email } = await submit('es');
      await app.services.mail.drain();
      const file = mailFile(`From: Rosa Quispe <${email}>`) ?? mailFile(email);
      expect(file).toContain(`To: ${supportEmail}`);
      expect(file).toContain(`Reply-To: ${email}`);
      const thread = (await get(`/api/admin/support-tickets/${id}`)).json();
      expect(thread).toEqual({ ticket: expect.objectContaining({ id, status: 'open', language: 'es', email }), messages: [] });
    });

    it.each(['es', 'en'] as const)(
      'a reply is emailed in the ticket language (%s), Reply-To support; the ticket is answered; notes stay internal',
      async (language) => {
        const { id, email } = await submit(language);
        const replyText = `Su EIN sale esta semana ${Math.random().toString(36).slice(2)}`;
        const reply = await as(admin.cookie, 'POST', `/api/admin/support-tickets/${id}/replies`, { body: replyText });
        expect(reply.statusCode).toBe(201);
        expect(reply.json()).toMatchObject({ kind: 'reply', body: replyText, author: 'Olga Operadora' });
        const note = await as(admin.cookie, 'POST', `/api/admin/support-tickets/${id}/notes`, { body: 'Llamé al IRS, internal only' });
        expect(note.statusCode).toBe(201);

        await app.services.mail.drain();
        const [sent, ...others] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
        expect(others).toEqual([]);
        expect(sent).toMatchObject({ template: 'ticketReply', language, replyTo: supportEmail, status: 'sent' });
        const file = mailFile(`\nTo: ${email}`)!;
        expect(file).toContain(`Reply-To: ${supportEmail}`);
        expect(file).toMatch(language === 'es' ? /Subject: Re: su mensaje a Frontera/ : /Subject: Re: your message to Frontera/);
        expect(file).toContain(language === 'es' ? 'Hola, Rosa:' : 'Hi Rosa,');
        expect(file).not.toContain('Llamé al IRS');

        const thread = (await get(`/api/admin/support-tickets/${id}`)).json();
        expect(thread.ticket.status).toBe('answered');
        expect(thread.messages.map((m: { kind: string; body: string }) => [m.kind, m.body])).toEqual([
          ['reply', replyText],
          ['note', 'Llamé al IRS, internal only'],
        ]);
      },
    );

    it('closes and reopens, filters by status and origin, and refuses bad input', async () => {
      const open = await submit('en');
      const affiliate = await submit('en', 'Affiliate');
      const closed = await submit('es');
      expect((await as(admin.cookie, 'PATCH', `/api/admin/support-tickets/${closed.id}/status`, { status: 'closed' })).json()).toMatchObject({
        id: closed.id,
        status: 'closed',
      });

      const ids = async (query: string) =>
        (await get(`/api/admin/support-tickets?limit=100&${query}`)).json().tickets.map((t: { id: string }) => t.id) as string[];
      const statuses = async (query: string) =>
        (await get(`/api/admin/support-tickets?limit=100&${query}`)).json().tickets.map((t: { status: string }) => t.status) as string[];
      expect(await ids('status=closed')).toContain(closed.id);
      expect(await ids('status=closed')).not.toContain(open.id);
      expect(new Set(await statuses('status=closed'))).toEqual(new Set(['closed']));
      expect(await ids('status=open')).toEqual(expect.arrayContaining([open.id, affiliate.id]));
      expect(await ids('status=open&origin=affiliate')).toContain(affiliate.id);
      expect(await ids('status=open&origin=affiliate')).not.toContain(open.id);
      expect(await ids('status=open&origin=support')).not.toContain(affiliate.id);

      // a reply to a closed ticket reopens the conversation as answered
      await as(admin.cookie, 'POST', `/api/admin/support-tickets/${closed.id}/replies`, { body: 'Una cosa más.' });
      expect((await get(`/api/admin/support-tickets/${closed.id}`)).json().ticket.status).toBe('answered');

      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await get(`/api/admin/support-tickets/${missing}`)).statusCode).toBe(404);
      expect((await as(admin.cookie, 'POST', `/api/admin/support-tickets/${missing}/replies`, { body: 'hello' })).statusCode).toBe(404);
      expect((await get('/api/admin/support-tickets/not-a-uuid')).statusCode).toBe(400);
      expect((await get('/api/admin/support-tickets?status=pending')).statusCode).toBe(400);
      expect((await as(admin.cookie, 'PATCH', `/api/admin/support-tickets/${open.id}/status`, { status: 'deleted' })).statusCode).toBe(400);
      const tooLong = await as(admin.cookie, 'POST', `/api/admin/support-tickets/${open.id}/replies`, { body: 'x'.repeat(2001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.fields).toEqual({ body: 'support.admin.thread.tooLong' });
      expect((await as(admin.cookie, 'POST', `/api/admin/support-tickets/${open.id}/replies`, { body: ' ' })).statusCode).toBe(400);
      // nothing was sent for the refused replies
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, open.email))).toEqual([]);
    });
  });
});
