import { Readable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderInput } from '@shared/orders';
import type { Database } from '@server/db/client';
import { documents, mailOutbox, orders, orderStatusHistory, partners } from '@server/db/schema';
import { buildTestApp, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { checkoutConsent } from '@server/test/payments';
import { orderMultipart, passportFile, pdfBytes, pngBytes, submitOrder, validOrder } from '@server/test/orders';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe.each(testDatabases)('orders API on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let filesDir: string;
  const maxBytes = 64 * 1024;
  beforeAll(async () => {
    database = await target.open();
    const built = await buildTestApp(database, { UPLOAD_MAX_BYTES: String(maxBytes) });
    app = built.app;
    filesDir = built.config.filesDir;
  });
  afterAll(async () => {
    await app?.close();
  });

  const orderCount = async (userId: string) => (await database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;

  it('creates a valid order with its files: pending_payment at the server price, files stored privately', async () => {
    const { cookie, user } = await signUp(app);
    const response = await submitOrder(
      app,
      cookie,
      validOrder({
        addressLine2: 'Piso 14, Of. 1402',
        partner: { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '999 888 777', country: 'PE', address: 'Calle 1' },
      }),
      {
        passport: passportFile,
        otherId: { name: 'id.png', type: 'image/png', bytes: pngBytes },
      },
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json().order;
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({
      userId: user.id,
      status: 'pending_payment',
      orderAmount: 39900,
      orderAmountPaid: null,
      llcState: 'WY',
      nationality: 'PE',
      addressCountry: 'PE',
      addressLine2: 'Piso 14, Of. 1402',
      phone: '+51999888777',
      holdReason: null,
      ssnDocKey: null,
    });
    expect(row?.passportKey).toMatch(new RegExp(`^identity/${id}/passport-[\\w-]+\\.pdf$`));
    expect(row?.otherIdKey).toMatch(/\.png$/);
    // encrypted at rest (ADR 0026): the stored bytes are not the PDF, the download is
    const stored = fs.readFileSync(path.join(filesDir, row!.passportKey!));
    expect(stored.includes('%PDF')).toBe(false);
    expect((await app.inject({ url: `/api/orders/${id}/identity/passport`, headers: { cookie } })).rawPayload).toEqual(pdfBytes);
    expect(await database.db.select({ phone: partners.phone, country: partners.country }).from(partners).where(eq(partners.orderId, id))).toEqual([
      { phone: '+51999888777', country: 'PE' },
    ]);
    expect(await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).toMatchObject([
      { fromStatus: null, toStatus: 'pending_payment' },
    ]);

    const detail = await app.inject({ url: `/api/orders/${id}`, headers: { cookie } });
    expect(detail.json().order).toMatchObject({
      id,
      orderAmount: 39900,
      addressLine2: 'Piso 14, Of. 1402',
      documents: { ssnDoc: false, passport: true, otherId: true },
      partner: { fullName: 'Luis Gómez' },
    });
    expect(detail.body).not.toContain('identity/');
  });

  it('ignores any price the browser sends', async () => {
    const { cookie } = await signUp(app);
    const response = await submitOrder(app, cookie, { ...validOrder(), orderAmount: 100, order_amount: 1, status: 'completed' });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, response.json().order.id));
    expect(row).toMatchObject({ orderAmount: 39900, status: 'pending_payment' });
  });

  it('needs the SSN document for a US national and the passport for anyone else', async () => {
    const { cookie, user } = await signUp(app);
    const us = await submitOrder(app, cookie, validOrder({ nationality: 'US' }), { passport: passportFile });
    expect(us.statusCode).toBe(400);
    expect(us.json().error.fields).toEqual({ ssnDoc: 'order.ssnRequired' });
    const other = await submitOrder(app, cookie, validOrder({ nationality: 'MX' }), { ssnDoc: passportFile });
    expect(other.json().error.fields).toEqual({ passport: 'order.passportRequired' });
    expect(await orderCount(user.id)).toBe(0);
    const ok = await submitOrder(app, cookie, validOrder({ nationality: 'US' }), { ssnDoc: passportFile });
    expect(ok.statusCode).toBe(201);
  });

  it('answers 400 with field errors for missing or wrong fields', async () => {
    const { cookie } = await signUp(app);
    const { companyName2: _drop, ...missing } = validOrder();
    const cases: [unknown, Record<string, string>][] = [
      [missing, { companyName2: 'order.required' }],
      [validOrder({ organizerName: '   ' }), { organizerName: 'order.required' }],
      [validOrder({ email: 'ana@example' }), { email: 'order.validEmail' }],
      [validOrder({ llcState: 'ZZ' as never }), { llcState: 'order.invalidState' }],
      [validOrder({ addressCountry: 'Atlantis' as never }), { addressCountry: 'order.required' }],
      [validOrder({ companyName1: 'x'.repeat(121) }), { companyName1: 'order.tooLong' }],
      [
        validOrder({ partner: { fullName: 'P', email: 'bad', phone: '', country: 'PE', address: 'x' } }),
        { 'partner.email': 'order.validEmail', 'partner.phone': 'order.required' },
      ],
      [validOrder({ nationality: 'Peruvian' as never }), { nationality: 'order.required' }],
      // not a number of the address country (Peru), nor one with a country code
      [validOrder({ phone: '12345' }), { phone: 'order.invalidPhoneInCountry' }],
      [validOrder({ phone: '+51 12345' }), { phone: 'order.invalidPhone' }],
      [
        validOrder({ partner: { fullName: 'P', email: 'p@example.com', phone: '+52 1', country: 'MX', address: 'x' } }),
        { 'partner.phone': 'order.invalidPhone' },
      ],
    ];
    for (const [order, fields] of cases) {
      const response = await submitOrder(app, cookie, order);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    const notJson = await submitOrder(app, cookie, '{not json');
    expect(notJson.statusCode).toBe(400);
  });

  describe('every founder can order', () => {
    it("accepts a Guatemalan founder's order, with a phone written the local way, stored in E.164", async () => {
      const { cookie } = await signUp(app);
      const response = await submitOrder(
        app,
        cookie,
        validOrder({ addressCountry: 'GT', nationality: 'GT', phone: '5555 1234', addressCity: 'Ciudad de Guatemala' }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().order.held).toBe(false);
      const [row] = await database.db.select().from(orders).where(eq(orders.id, response.json().order.id));
      expect(row).toMatchObject({ addressCountry: 'GT', nationality: 'GT', phone: '+50255551234', holdReason: null });
      const detail = (await app.inject({ url: `/api/orders/${row!.id}`, headers: { cookie } })).json().order;
      expect(detail).toMatchObject({ nationality: 'GT', phone: '+50255551234', holdReason: null });
    });

    it('refuses names the state would refuse, with a field error per name, and keeps nothing', async () => {
      const { cookie, user } = await signUp(app);
      const cases: [Partial<TOrderInput>, Record<string, string>][] = [
        // no designator in Wyoming
        [{ companyName1: 'Acme Bank' }, { companyName1: 'order.name.designatorMissing' }],
        // New York needs the full designator: LC is not one of its forms
        [{ llcState: 'NY', companyName2: 'Andes Imports LC' }, { companyName2: 'order.name.designatorMissing' }],
        // a word that makes it another kind of company (California)
        [{ llcState: 'CA', companyName3: 'Andes Corporation LLC' }, { companyName3: 'order.name.forbiddenWord' }],
        // the same name twice, once LLC, case, accents and punctuation are ignored
        [{ companyName2: 'ANDÉS TRADING, L.L.C.' }, { companyName2: 'order.name.duplicate' }],
      ];
      for (const [overrides, fields] of cases) {
        const response = await submitOrder(app, cookie, validOrder(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json().error.fields).toEqual(fields);
      }
      expect(await orderCount(user.id)).toBe(0);
    });

    it('asks for confirmation of a word that needs approval (New York: Bank), then accepts it', async () => {
      const { cookie } = await signUp(app);
      const order = validOrder({ llcState: 'NY', companyName1: 'Andes Bank LLC' });
      const unconfirmed = await submitOrder(app, cookie, order);
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json().error.fields).toEqual({ companyName1: 'order.name.confirmRestricted' });
      const confirmed = await submitOrder(app, cookie, { ...order, restrictedWordsAccepted: true });
      expect(confirmed.statusCode).toBe(201);
    });

    it('asks for confirmation of a banking word in Wyoming too, whose LLC statute lists none, then accepts it', async () => {
      const { cookie, user } = await signUp(app);
      const order = validOrder({ llcState: 'WY', companyName1: 'Acme Bank LLC' });
      const unconfirmed = await submitOrder(app, cookie, order);
      expect(unconfirmed.statusCode).toBe(400);
      // every state's banking and insurance laws are the reason, not Wyoming's list
      expect(unconfirmed.json().error.fields).toEqual({ companyName1: 'order.name.confirmRegulated' });
      expect(await orderCount(user.id)).toBe(0);
      const confirmed = await submitOrder(app, cookie, { ...order, restrictedWordsAccepted: true });
      expect(confirmed.statusCode).toBe(201);
      const [row] = await database.db.select({ companyName1: orders.companyName1 }).from(orders).where(eq(orders.id, confirmed.json().order.id));
      expect(row?.companyName1).toBe('Acme Bank LLC');
      // California's own list refuses it, confirmed or not
      const refused = await submitOrder(app, cookie, validOrder({ llcState: 'CA', companyName1: 'Acme Bank LLC', restrictedWordsAccepted: true }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ companyName1: 'order.name.forbiddenWord' });
    });

    it('accepts a Mexican phone as WhatsApp writes it (the old mobile "1") and a national one read in the address country, stored in E.164', async () => {
      const { cookie } = await signUp(app);
      const cases: [Partial<TOrderInput>, string][] = [
        [{ phone: '+52 1 55 1234 5678' }, '+525512345678'],
        [{ phone: '521 55 1234 5678' }, '+525512345678'],
        [{ addressCountry: 'MX', phone: '55 1234 5678' }, '+525512345678'],
      ];
      for (const [overrides, stored] of cases) {
        const response = await submitOrder(
          app,
          cookie,
          validOrder({
            ...overrides,
            partner: { fullName: 'Luis Gómez', email: 'luis@example.mx', phone: '+52 1 55 8765 4321', country: 'MX', address: 'Av. Reforma 1' },
          }),
        );
        expect(response.statusCode, JSON.stringify(overrides)).toBe(201);
        const { id } = response.json().order;
        const [row] = await database.db.select({ phone: orders.phone }).from(orders).where(eq(orders.id, id));
        expect(row?.phone).toBe(stored);
        expect(await database.db.select({ phone: partners.phone }).from(partners).where(eq(partners.orderId, id))).toEqual([{ phone: '+525587654321' }]);
      }
      // the same national number is not a Peruvian one
      const peru = await submitOrder(app, cookie, validOrder({ addressCountry: 'PE', phone: '55 1234 5678' }));
      expect(peru.statusCode).toBe(400);
      expect(peru.json().error.fields).toEqual({ phone: 'order.invalidPhoneInCountry' });
    });

    it('holds an order of a sanctioned nationality before payment: no checkout until an administrator releases it', async () => {
      const { cookie, user } = await signUp(app);
      const response = await submitOrder(app, cookie, validOrder({ nationality: 'CU', addressCountry: 'ES' }));
      expect(response.statusCode).toBe(201);
      const { id, held } = response.json().order;
      expect(held).toBe(true);
      // no email invites the customer to pay an order that cannot be paid yet
      const mailsOf = (template: string) =>
        database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.template, template)));
      expect(await mailsOf('orderReceived')).toEqual([]);
      expect((await app.inject({ url: `/api/orders/${id}`, headers: { cookie } })).json().order.holdReason).toBe('sanctioned_nationality');
      expect((await app.inject({ url: '/api/orders', headers: { cookie } })).json().orders[0]).toMatchObject({ id, holdReason: 'sanctioned_nationality' });

      const checkout = await app.inject({ method: 'POST', url: `/api/orders/${id}/checkout`, headers: { cookie }, payload: checkoutConsent });
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json().error.message).toBe('payment.heldForReview');
      const [row] = await database.db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, id));
      expect(row?.paymentId).toBeNull();

      // the customer cannot release it; an administrator can, once
      const release = (who: string) => app.inject({ method: 'POST', url: `/api/admin/orders/${id}/release-hold`, headers: { cookie: who } });
      expect((await release(cookie)).statusCode).toBe(403);
      const admin = await signUp(app, { name: 'Erin Reviewer' });
      await promoteEnrolledAdmin(database.db, admin.user.email);
      expect((await release(admin.cookie)).json()).toEqual({ released: true });
      expect((await release(admin.cookie)).json()).toEqual({ released: false });
      // one email says it can be paid now, with the way back to pay it
      const released = await mailsOf('holdReleased');
      expect(released).toHaveLength(1);
      expect(released[0]!.payload).toMatchObject({
        orderNumber: id.slice(0, 8).toUpperCase(),
        payUrl: expect.stringContaining(`/order/confirm?orderId=${id}`),
      });
      const detail = (await app.inject({ url: `/api/admin/orders/${id}`, headers: { cookie: admin.cookie } })).json().order;
      expect(detail).toMatchObject({ holdReason: null, holdReleasedBy: admin.user.name });
      expect(detail.holdReleasedAt).toEqual(expect.any(String));
      expect((await app.inject({ method: 'POST', url: `/api/orders/${id}/checkout`, headers: { cookie }, payload: checkoutConsent })).statusCode).toBe(200);
    });
  });

  it('refuses two partners, a second file for one document and unknown fields', async () => {
    const { cookie } = await signUp(app);
    const twoPartners = await submitOrder(app, cookie, { ...validOrder(), partner: [{}, {}] });
    expect(twoPartners.statusCode).toBe(400);
    const twice = await orderMultipart(validOrder(), { passport: passportFile });
    const form = new FormData();
    form.append('order', JSON.stringify(validOrder()));
    form.append('passport', new Blob([new Uint8Array(pdfBytes)]), 'a.pdf');
    form.append('passport', new Blob([new Uint8Array(pdfBytes)]), 'b.pdf');
    const body = new Response(form);
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type')!, cookie },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(twice.payload.length).toBeGreaterThan(0);
    const unknown = await submitOrder(app, cookie, validOrder(), { passport: passportFile, selfie: passportFile });
    expect(unknown.statusCode).toBe(400);
  });

  it('checks files by content: an .exe renamed .pdf is 415 and leaves nothing behind', async () => {
    const { cookie, user } = await signUp(app);
    const before = filesUnder(filesDir).length;
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]);
    const response = await submitOrder(app, cookie, validOrder(), {
      otherId: passportFile,
      passport: { name: 'passport.pdf', type: 'application/pdf', bytes: exe },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
    expect(await orderCount(user.id)).toBe(0);
    expect(filesUnder(filesDir).length).toBe(before);
  });

  it('stops a file over the limit with 413 and keeps nothing', async () => {
    const { cookie, user } = await signUp(app);
    const before = filesUnder(filesDir).length;
    const big = Buffer.concat([pdfBytes, Buffer.alloc(maxBytes + 1024, 0x20)]);
    const response = await submitOrder(app, cookie, validOrder(), { passport: { name: 'big.pdf', type: 'application/pdf', bytes: big } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
    expect(await orderCount(user.id)).toBe(0);
    expect(filesUnder(filesDir).length).toBe(before);
  });

  it('leaves no files and no rows when the database fails after the files were stored', async () => {
    const { cookie, user } = await signUp(app);
    const before = filesUnder(filesDir).length;
    await database.db.execute(
      sql`create or replace function fail_partner_insert() returns trigger as $$ begin raise exception 'simulated failure'; end $$ language plpgsql`,
    );
    await database.db.execute(sql`create trigger fail_partner before insert on partners for each row execute function fail_partner_insert()`);
    try {
      const response = await submitOrder(
        app,
        cookie,
        validOrder({ partner: { fullName: 'P Q', email: 'p@q.co', phone: '+51 999 888 777', country: 'PE', address: 'x' } }),
      );
      expect(response.statusCode).toBe(500);
      expect(await orderCount(user.id)).toBe(0);
      expect(filesUnder(filesDir).length).toBe(before);
    } finally {
      await database.db.execute(sql`drop trigger fail_partner on partners`);
    }
  });

  it('lists only the user’s own orders, newest first', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const first = (await submitOrder(app, a.cookie, validOrder({ companyName1: 'First LLC' }))).json().order.id;
    const second = (await submitOrder(app, a.cookie, validOrder({ companyName1: 'Second LLC' }))).json().order.id;
    await submitOrder(app, b.cookie);
    const list = (await app.inject({ url: '/api/orders', headers: { cookie: a.cookie } })).json().orders;
    expect(list.map((o: { id: string }) => o.id)).toEqual([second, first]);
    expect(list[0]).toEqual({
      id: second,
      companyName1: 'Second LLC',
      llcState: 'WY',
      status: 'pending_payment',
      holdReason: null,
      openRequests: 0,
      refunded: false,
      createdAt: expect.any(String),
    });
  });

  it("keeps user B out of user A's order, files and documents (404), lets A and an admin in", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const id = (await submitOrder(app, a.cookie)).json().order.id;
    const [doc] = await database.db
      .insert(documents)
      .values({ orderId: id, fileName: 'Articles.pdf', storageKey: `documents/${id}/articles.pdf`, contentType: 'application/pdf', sizeBytes: pdfBytes.length })
      .returning();
    // stored as the app stores every file (encrypted, bound to its key)
    await app.services.storage.put(`documents/${id}/articles.pdf`, Readable.from([pdfBytes]), 'application/pdf');

    for (const url of [`/api/orders/${id}`, `/api/orders/${id}/documents`, `/api/orders/${id}/identity/passport`, `/api/documents/${doc!.id}/file`]) {
      const asB = await app.inject({ url, headers: { cookie: b.cookie } });
      expect(asB.statusCode, url).toBe(404);
      expect((await app.inject({ url })).statusCode, url).toBe(401);
      expect((await app.inject({ url, headers: { cookie: a.cookie } })).statusCode, url).toBe(200);
    }
    const file = await app.inject({ url: `/api/orders/${id}/identity/passport`, headers: { cookie: a.cookie } });
    expect(file.rawPayload).toEqual(pdfBytes);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="passport.pdf"/);
    expect((await app.inject({ url: `/api/orders/${id}/identity/ssnDoc`, headers: { cookie: a.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/orders/${id}/documents`, headers: { cookie: a.cookie } })).json().documents).toEqual([
      { id: doc!.id, kind: 'other', fileName: 'Articles.pdf', createdAt: expect.any(String) },
    ]);

    await promoteEnrolledAdmin(database.db, b.user.email);
    expect((await app.inject({ url: `/api/orders/${id}`, headers: { cookie: b.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/orders/not-a-uuid', headers: { cookie: a.cookie } })).statusCode).toBe(400);
  });

  it('needs a session to create an order', async () => {
    const { payload, headers } = await orderMultipart(validOrder(), { passport: passportFile });
    expect((await app.inject({ method: 'POST', url: '/api/orders', payload, headers })).statusCode).toBe(401);
  });
});
