import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, mailOutbox, orders, orderStatusHistory } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, injectAs, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { firstName } from '@shared/names';
import { pdfBytes, pngBytes, submitOrder, validOrder } from '@server/test/orders';
import { renderMail } from '@server/platform/mail/templates';
import { sendDocumentEmails } from './document-emails';

async function fileForm(name: string, bytes: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

describe.each(testDatabases)('admin orders API on $name', (target) => {
  const suite = appPerSuite(target);
  let admin: { cookie: string };
  let customer: Awaited<ReturnType<typeof signUp>>;
  let orderId: string;
  beforeAll(async () => {
    ({ admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database));
  });

  const as = (...args: Parameters<typeof injectAs> extends [unknown, ...infer Rest] ? Rest : never) => injectAs(suite.app, ...args);

  it('the order page says the customer’s language and gives the message templates in it, filled with the order’s facts; in English for a customer who reads English', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const detail = (await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}`)).json().order;
    const [row] = await suite.database.db.select({ company: orders.companyName1, organizer: orders.organizerName }).from(orders).where(eq(orders.id, orderId));
    expect(detail.customerLanguage).toBe('es');
    expect(detail.messageTemplates.map((template: { kind: string }) => template.kind)).toEqual([
      'clearer_passport',
      'proof_of_address',
      'missing_details',
      'ein_delay',
    ]);
    const passport = detail.messageTemplates[0].body as string;
    expect(passport).toMatch(new RegExp(`^Hola, ${firstName(row!.organizer)}:`));
    expect(passport).toContain(`Para presentar ${row!.company} necesitamos una copia más legible de su pasaporte`);
    expect(passport).not.toMatch(/\{\{|\}\}/);
    // a customer who reads English gets the English text
    await injectAs(suite.app, customer.cookie, 'PUT', '/api/me/language', { payload: { language: 'en' } });
    const english = (await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}`)).json().order;
    expect(english.customerLanguage).toBe('en');
    expect(english.messageTemplates[3].body).toContain(`The IRS is taking longer than usual to assign the EIN of ${row!.company}`);
  });

  it('answers visitors 401, customers 403 and administrators 200 on every admin endpoint', async () => {
    const upload = await fileForm('articles.pdf', pdfBytes);
    const endpoints: [method: 'GET' | 'PATCH' | 'POST', url: string, extra: { payload?: unknown; headers?: Record<string, string> }, ok: number][] = [
      ['GET', '/api/admin/orders', {}, 200],
      ['GET', `/api/admin/orders/${orderId}`, {}, 200],
      ['PATCH', `/api/admin/orders/${orderId}/status`, { payload: { status: 'pending_payment' } }, 200],
      ['POST', `/api/admin/orders/${orderId}/documents`, upload, 201],
      ['POST', `/api/admin/orders/${orderId}/release-hold`, {}, 200],
      [
        'POST',
        `/api/admin/orders/${orderId}/milestones`,
        { payload: { milestone: 'filed_with_state', occurredOn: new Date().toISOString().slice(0, 10) } },
        200,
      ],
    ];
    for (const [method, url, extra, ok] of endpoints) {
      expect((await as(undefined, method, url, extra)).statusCode, `${method} ${url} visitor`).toBe(401);
      expect((await as(customer.cookie, method, url, extra)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await as(admin.cookie, method, url, extra)).statusCode, `${method} ${url} admin`).toBe(ok);
    }
  });

  it('searches order number, organizer name, email, company names and nationality in either language, ignoring case and accents', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const owner = await signUp(suite.app);
    const make = (overrides: Parameters<typeof validOrder>[0]) => submitOrder(suite.app, owner.cookie, validOrder(overrides));
    const byName = (await make({ organizerName: `Zoë Núñez-${tag}` })).json().order.id;
    const byEmail = (await make({ email: `QUINTANA.${tag}@Example.com` })).json().order.id;
    const byNationality = (await make({ nationality: 'NZ', organizerName: `NZ ${tag}` })).json().order.id;
    const guatemalan = (await make({ nationality: 'GT', addressCountry: 'GT', organizerName: `GT ${tag}` })).json().order.id;
    const byCompany = (await make({ companyName1: `Cóndor ${tag} LLC`, companyName2: `Other ${tag} LLC`, companyName3: `Third ${tag} LLC` })).json().order.id;

    const search = async (q: string) => (await as(admin.cookie, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`)).json();
    const ids = async (q: string) => (await search(q)).orders.map((o: { id: string }) => o.id);
    // accents and case ignored both ways
    expect(await ids(`zoe NUNEZ-${tag}`)).toEqual([byName]);
    expect(await ids(`zoë núñez-${tag}`)).toEqual([byName]);
    expect(await ids(`quintana.${tag.toUpperCase()}@EXAMPLE`)).toEqual([byEmail]);
    // the order number, whatever the case, and the company names
    expect(await ids(byName.slice(0, 8).toUpperCase())).toEqual([byName]);
    expect(await ids(`condor ${tag}`)).toEqual([byCompany]);
    expect(await ids(`third ${tag}`)).toEqual([byCompany]);
    // the nationality by code, country name and demonym, in English and Spanish
    for (const q of ['new ZEALANDER', 'neozelandesa', 'Nueva Zelanda', 'new zealand']) {
      const found = await search(q);
      expect(
        found.orders.map((o: { id: string }) => o.id),
        q,
      ).toContain(byNationality);
      expect(
        found.orders.every((o: { nationality: string }) => o.nationality === 'NZ'),
        q,
      ).toBe(true);
    }
    for (const q of ['guatemal', 'GUATEMALA', 'gt ']) expect(await ids(q), q).toContain(guatemalan);
    expect((await search('estadounidense')).orders.every((o: { nationality: string }) => o.nationality === 'US')).toBe(true);
    expect(await search(`no-such-${tag}`)).toMatchObject({ orders: [], total: 0, nextCursor: null });
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    const [row] = (await search(`zoe nunez-${tag}`)).orders;
    expect(row).toEqual({
      id: byName,
      organizerName: `Zoë Núñez-${tag}`,
      email: 'ana@example.com',
      nationality: 'PE',
      companyName1: 'Andes Trading LLC',
      holdReason: null,
      orderAmountPaid: null,
      status: 'pending_payment',
      llcState: validOrder().llcState,
      paymentReview: false,
      openRequests: 0,
      refundRequestedAt: null,
      assignee: null,
      stage: 'awaiting_payment',
      createdAt: expect.any(String),
    });
  });

  it('pages with a cursor, newest first, without repeats', async () => {
    const owner = await signUp(suite.app);
    for (let i = 0; i < 5; i++) await submitOrder(suite.app, owner.cookie);
    const first = (await as(admin.cookie, 'GET', '/api/admin/orders?limit=3')).json();
    expect(first.orders).toHaveLength(3);
    const second = (await as(admin.cookie, 'GET', `/api/admin/orders?limit=3&cursor=${first.nextCursor}`)).json();
    const ids = [...first.orders, ...second.orders].map((o: { id: string }) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const dates = [...first.orders, ...second.orders].map((o: { createdAt: string }) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await as(admin.cookie, 'GET', '/api/admin/orders?cursor=garbage')).statusCode).toBe(400);
  });

  it('pages through orders made in the same millisecond without skipping any (microsecond timestamps)', async () => {
    const owner = await signUp(suite.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await submitOrder(suite.app, owner.cookie)).json().order.id);
    // newest first: 300 µs, 200 µs, 100 µs past the same millisecond, after every other order
    for (const [index, id] of ids.entries()) {
      await suite.database.db
        .update(orders)
        .set({ createdAt: sql`${`2999-01-01 00:00:00.000${3 - index}00+00`}::timestamptz` })
        .where(eq(orders.id, id));
    }
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 3; page++) {
      const answer = (await as(admin.cookie, 'GET', `/api/admin/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(answer.orders[0].id);
      cursor = answer.nextCursor;
    }
    expect(seen).toEqual(ids);
    for (const bad of ['garbage', `${ids[0]}x`, '00000000-0000-0000-0000']) {
      expect((await as(admin.cookie, 'GET', `/api/admin/orders?cursor=${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('refuses an invalid status with 400 and changes nothing', async () => {
    for (const payload of [{ status: 'shipped' }, { status: '' }, {}, { status: 3 }]) {
      const response = await as(admin.cookie, 'PATCH', `/api/admin/orders/${orderId}/status`, { payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ status: 'admin.invalidStatus' });
    }
    const [row] = await suite.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe('pending_payment');
    expect((await as(admin.cookie, 'PATCH', '/api/admin/orders/00000000-0000-4000-8000-000000000000/status', { payload: { status: 'paid' } })).statusCode).toBe(
      404,
    );
  });

  it('writes one history row and one email (in the customer language) per status change', async () => {
    const id = (await submitOrder(suite.app, customer.cookie)).json().order.id;
    const history = () => suite.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    const mails = () =>
      suite.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, customer.user.email), eq(mailOutbox.template, 'statusChanged')));
    const before = (await mails()).length;
    const response = await as(admin.cookie, 'PATCH', `/api/admin/orders/${id}/status`, { payload: { status: 'processing' } });
    expect(response.json()).toEqual({ status: 'processing', changed: true });
    expect(await history()).toHaveLength(2);
    const after = await mails();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      language: 'es',
      payload: expect.objectContaining({ status: 'processing', stage: 'awaiting_payment', llcState: 'WY' }),
    });
    // the status the team set, and where the order stands as the customer's dashboard says it
    expect(renderMail('statusChanged', 'es', after.at(-1)!.payload as never).text).toContain('Dónde está su pedido ahora: Esperamos su pago.');

    // the same status again: no new row, no new email
    expect((await as(admin.cookie, 'PATCH', `/api/admin/orders/${id}/status`, { payload: { status: 'processing' } })).json().changed).toBe(false);
    expect(await history()).toHaveLength(2);
    expect(await mails()).toHaveLength(before + 1);

    // any transition is allowed, and the detail shows who did what
    await as(admin.cookie, 'PATCH', `/api/admin/orders/${id}/status`, { payload: { status: 'pending_payment' } });
    const detail = (await as(admin.cookie, 'GET', `/api/admin/orders/${id}`)).json();
    expect(detail.order).toMatchObject({ id, status: 'pending_payment', customer: { email: customer.user.email } });
    expect(detail.history.map((h: { fromStatus: string | null; toStatus: string }) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'processing'],
      ['processing', 'pending_payment'],
    ]);
    expect(detail.history[1]).toMatchObject({ source: 'admin', changedBy: 'Erin Admin' });
  });

  it('uploads a document: 415 for a disallowed type, and only the owner and admins can open it', async () => {
    const id = (await submitOrder(suite.app, customer.cookie)).json().order.id;
    const exe = await fileForm('contract.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]));
    expect((await as(admin.cookie, 'POST', `/api/admin/orders/${id}/documents`, exe)).statusCode).toBe(415);
    const html = await fileForm('page.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect((await as(admin.cookie, 'POST', `/api/admin/orders/${id}/documents`, html)).statusCode).toBe(415);
    const nothing = await fileForm('x.pdf', pdfBytes, 'other');
    expect((await as(admin.cookie, 'POST', `/api/admin/orders/${id}/documents`, nothing)).json().error.fields).toEqual({ file: 'admin.noFileSelected' });
    expect(await suite.database.db.select().from(documents).where(eq(documents.orderId, id))).toEqual([]);

    const pdf = await as(admin.cookie, 'POST', `/api/admin/orders/${id}/documents`, await fileForm('Articles of Organization.pdf', pdfBytes));
    expect(pdf.statusCode).toBe(201);
    const png = await as(admin.cookie, 'POST', `/api/admin/orders/${id}/documents`, await fileForm('EIN letter.png', pngBytes));
    const list = (await as(customer.cookie, 'GET', `/api/orders/${id}/documents`)).json().documents;
    expect(list.map((d: { fileName: string }) => d.fileName)).toEqual(['EIN letter.png', 'Articles of Organization.pdf']);

    const url = `/api/documents/${pdf.json().document.id}/file`;
    const download = await as(customer.cookie, 'GET', url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdfBytes);
    expect(download.headers['content-disposition']).toContain('Articles%20of%20Organization.pdf');
    const stranger = await signUp(suite.app, { email: uniqueEmail('stranger') });
    expect((await as(stranger.cookie, 'GET', url)).statusCode).toBe(404);
    expect((await as(admin.cookie, 'GET', url)).statusCode).toBe(200);
    expect(png.statusCode).toBe(201);

    // no email per upload: the order waits for its one documents email (order-documents.routes.test.ts)
    const told = await suite.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, customer.user.email), eq(mailOutbox.template, 'documentAdded')));
    expect(told).toEqual([]);
    const [marked] = await suite.database.db.select({ at: orders.documentsNotifyAfter }).from(orders).where(eq(orders.id, id));
    expect(marked!.at!.getTime()).toBeGreaterThan(Date.now());
  });

  it('stores, lists and sends a file name without bidi or control characters (no .exe posing as a .pdf)', async () => {
    const id = (await submitOrder(suite.app, customer.cookie)).json().order.id;
    const upload = await as(admin.cookie, 'POST', `/api/admin/orders/${id}/documents`, await fileForm('invoice\u202Efdp.exe\u0007', pdfBytes));
    expect(upload.statusCode).toBe(201);
    // the controls go, and the name ends as what the file is: a PDF
    expect(upload.json().document.fileName).toBe('invoicefdp.pdf');
    const [row] = await suite.database.db.select({ fileName: documents.fileName }).from(documents).where(eq(documents.orderId, id));
    expect(row!.fileName).toBe('invoicefdp.pdf');
    await sendDocumentEmails(suite.database.db, { mail: suite.app.services.mail, appUrl: 'http://localhost:3000' }, { now: new Date(Date.now() + 3_600_000) });
    const told = await suite.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, customer.user.email), eq(mailOutbox.template, 'documentsUpdated')));
    expect(told.map((m) => m.payload.documents)).toContain('invoicefdp.pdf');

    // a row stored before names were cleaned is shown and sent cleaned
    await suite.database.db.update(documents).set({ fileName: 'old\u2067deed\u202E.pdf' }).where(eq(documents.orderId, id));
    const list = (await as(customer.cookie, 'GET', `/api/orders/${id}/documents`)).json().documents;
    expect(list.map((d: { fileName: string }) => d.fileName)).toEqual(['olddeed.pdf']);
    const download = await as(customer.cookie, 'GET', `/api/documents/${upload.json().document.id}/file`);
    expect(download.headers['content-disposition']).toBe(`inline; filename="olddeed.pdf"; filename*=UTF-8''olddeed.pdf`);
  });

  it('never answers with where a file is stored, nor with account internals', async () => {
    const upload = await as(admin.cookie, 'POST', `/api/admin/orders/${orderId}/documents`, await fileForm('articles.pdf', pdfBytes));
    expect(upload.statusCode).toBe(201);
    const [order] = await suite.database.db.select().from(orders).where(eq(orders.id, orderId));
    const stored = await suite.database.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.orderId, orderId));
    const secrets = [order!.passportKey!, ...stored.map((row) => row.key)];
    const answers = [
      upload,
      await as(admin.cookie, 'GET', `/api/admin/orders/${orderId}`),
      await as(customer.cookie, 'GET', `/api/orders/${orderId}`),
      await as(customer.cookie, 'GET', `/api/orders/${orderId}/documents`),
      await as(customer.cookie, 'GET', '/api/orders'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
      expect(answer.body).not.toMatch(/Key"|storage|userId|sizeBytes|uploadedBy|password/i);
    }
  });
});
