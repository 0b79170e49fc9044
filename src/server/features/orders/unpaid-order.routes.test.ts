import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { documents, orderAudit, orderMilestones, orders, partners } from '@server/db/schema';
import { buildTestApp, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { editOrder, orderMultipart, passportFile, pngBytes, submitOrder, validOrder } from '@server/test/orders';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';

const partner = { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '+51 999 888 777', country: 'PE', address: 'Calle 1' };
const pngFile = { name: 'new-passport.png', type: 'image/png', bytes: pngBytes };

describe.each(testDatabases)('fixing or discarding an unpaid order on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let filesDir: string;
  beforeAll(async () => {
    database = await target.open();
    const built = await buildTestApp(database, { SANCTIONED_NATIONALITIES: 'CU' });
    app = built.app;
    filesDir = built.config.filesDir;
  });
  afterAll(async () => {
    await app?.close();
  });

  const row = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const stored = (key: string | null | undefined) => Boolean(key) && fs.existsSync(path.join(filesDir, key!));
  const audits = (id: string) => database.db.select().from(orderAudit).where(eq(orderAudit.orderId, id)).orderBy(asc(orderAudit.createdAt));

  /** A customer with an unpaid order holding a passport, another id and a partner. */
  async function unpaidOrder() {
    const owner = await signUp(app);
    const created = await submitOrder(app, owner.cookie, validOrder({ partner }), {
      passport: passportFile,
      otherId: { name: 'id.png', type: 'image/png', bytes: pngBytes },
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().order.id;
    return { ...owner, id, before: (await row(id))! };
  }

  async function pay(id: string, cookie: string) {
    const sessionId = await openCheckoutSession(app, id, cookie);
    const paid = await deliverPaymentEvent(app, completedEvent(`evt_${id}`, id, { sessionId }));
    expect(paid.statusCode).toBe(200);
    expect((await row(id))?.status).toBe('paid');
  }

  it('lets the owner edit the order in place: same id, new data, replaced file gone, kept file still served, audited', async () => {
    const { cookie, user, id, before } = await unpaidOrder();
    const edited = validOrder({ companyName1: 'Condor Andino LLC', addressCity: 'Arequipa', partner: undefined });
    const response = await editOrder(app, cookie, id, edited, { passport: pngFile }, ['otherId']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toEqual({ id, held: false });

    const after = (await row(id))!;
    expect(after).toMatchObject({
      userId: user.id,
      companyName1: 'Condor Andino LLC',
      addressCity: 'Arequipa',
      status: 'pending_payment',
      otherIdKey: before.otherIdKey,
      createdAt: before.createdAt,
    });
    expect(after.searchText).toContain('condor andino llc');
    expect(after.searchText).not.toContain((before.companyName1 ?? '').toLowerCase());
    expect(after.passportKey).toMatch(new RegExp(`^identity/${id}/passport-[\\w-]+\\.png$`));
    expect(stored(before.passportKey)).toBe(false);
    expect(stored(after.passportKey)).toBe(true);
    expect(stored(before.otherIdKey)).toBe(true);
    expect(await database.db.select().from(partners).where(eq(partners.orderId, id))).toEqual([]);

    const passport = await app.inject({ url: `/api/orders/${id}/identity/passport`, headers: { cookie } });
    expect(passport.rawPayload).toEqual(pngBytes);
    const otherId = await app.inject({ url: `/api/orders/${id}/identity/otherId`, headers: { cookie } });
    expect(otherId.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/orders', headers: { cookie } })).json().orders).toEqual([
      expect.objectContaining({ id, companyName1: 'Condor Andino LLC' }),
    ]);

    expect(await audits(id)).toMatchObject([
      {
        action: 'order_edited',
        actorId: user.id,
        detail: { changed: expect.arrayContaining(['companyName1', 'addressCity', 'partner']), documents: ['passport'] },
      },
    ]);
  });

  it('removes a stored file that is neither kept nor sent again, and still needs the required one', async () => {
    const { cookie, id, before } = await unpaidOrder();
    const dropped = await editOrder(app, cookie, id, validOrder(), {}, ['passport']);
    expect(dropped.statusCode).toBe(200);
    expect((await row(id))?.otherIdKey).toBeNull();
    expect(stored(before.otherIdKey)).toBe(false);
    expect(stored(before.passportKey)).toBe(true);

    // a US national needs the SSN document: the kept passport does not do
    const us = await editOrder(app, cookie, id, validOrder({ nationality: 'US' }), {}, ['passport']);
    expect(us.statusCode).toBe(400);
    expect(us.json().error.fields).toEqual({ ssnDoc: 'order.ssnRequired' });
    const missing = await editOrder(app, cookie, id, validOrder(), {}, []);
    expect(missing.json().error.fields).toEqual({ passport: 'order.passportRequired' });
    expect((await row(id))?.passportKey).toBe(before.passportKey);
  });

  it('answers 400 with field errors for a bad edit, and changes nothing (no file left behind)', async () => {
    const { cookie, id, before } = await unpaidOrder();
    const files = () => fs.readdirSync(path.join(filesDir, 'identity', id)).sort();
    const filesBefore = files();
    const cases: [unknown, Record<string, string>][] = [
      [validOrder({ companyName1: '' }), { companyName1: 'order.required' }],
      [validOrder({ companyName1: 'Acme Bank' }), { companyName1: 'order.name.designatorMissing' }],
      [validOrder({ email: 'ana@example' }), { email: 'order.validEmail' }],
      [validOrder({ companyName1: 'x'.repeat(121) }), { companyName1: 'order.tooLong' }],
    ];
    for (const [order, fields] of cases) {
      const response = await editOrder(app, cookie, id, order, { passport: pngFile }, ['otherId']);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect((await editOrder(app, cookie, id, validOrder(), {}, ['selfie'])).statusCode).toBe(400);
    expect((await editOrder(app, cookie, id, validOrder(), {}, 'not json')).statusCode).toBe(400);
    expect(await row(id)).toEqual(before);
    expect(files()).toEqual(filesBefore);
    expect(await audits(id)).toEqual([]);
  });

  it('keeps other users out (404), visitors out (401), and a malformed id is 400', async () => {
    const { cookie, id, before } = await unpaidOrder();
    const other = await signUp(app);
    expect((await editOrder(app, other.cookie, id, validOrder({ companyName1: 'Stolen LLC' }), {}, ['passport'])).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const { payload, headers } = await orderMultipart(validOrder(), {}, { keep: ['passport'] });
    expect((await app.inject({ method: 'PUT', url: `/api/orders/${id}`, payload, headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `/api/orders/${id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/orders/not-a-uuid', headers: { cookie } })).statusCode).toBe(400);
    expect(await row(id)).toEqual(before);
  });

  it('refuses to edit or discard a paid order (409 order.notEditable) and changes nothing', async () => {
    const { cookie, id } = await unpaidOrder();
    await pay(id, cookie);
    const paid = (await row(id))!;
    const edit = await editOrder(app, cookie, id, validOrder({ companyName1: 'Too Late LLC' }), { passport: pngFile }, ['otherId']);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({ code: 'conflict', message: 'order.notEditable' });
    const discard = await app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: { cookie } });
    expect(discard.statusCode).toBe(409);
    expect(await row(id)).toEqual(paid);
    expect(stored(paid.passportKey)).toBe(true);
    expect(fs.readdirSync(path.join(filesDir, 'identity', id))).toHaveLength(2);
    expect(await audits(id)).toEqual([]);
  });

  it('refuses an order an administrator moved on, even unpaid', async () => {
    const { cookie, id } = await unpaidOrder();
    await database.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, id));
    expect((await editOrder(app, cookie, id, validOrder(), {}, ['passport'])).statusCode).toBe(409);
    expect((await app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: { cookie } })).statusCode).toBe(409);
  });

  it('discards the order with its partner, milestones and files, and leaves an audit row with its number', async () => {
    const { cookie, user, id, before } = await unpaidOrder();
    const keep = await unpaidOrder();
    const attachedKey = `documents/${id}/articles.pdf`;
    fs.mkdirSync(path.join(filesDir, 'documents', id), { recursive: true });
    fs.writeFileSync(path.join(filesDir, attachedKey), 'x');
    await database.db
      .insert(documents)
      .values({ orderId: id, fileName: 'Articles.pdf', storageKey: attachedKey, contentType: 'application/pdf', sizeBytes: 1 });
    expect(await database.db.select().from(orderMilestones).where(eq(orderMilestones.orderId, id))).toHaveLength(1);

    const response = await app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(await row(id)).toBeUndefined();
    expect(await database.db.select().from(partners).where(eq(partners.orderId, id))).toEqual([]);
    expect(await database.db.select().from(orderMilestones).where(eq(orderMilestones.orderId, id))).toEqual([]);
    expect(await database.db.select().from(documents).where(eq(documents.orderId, id))).toEqual([]);
    for (const key of [before.passportKey, before.otherIdKey, attachedKey]) expect(stored(key), key!).toBe(false);
    expect(await audits(id)).toMatchObject([
      { action: 'order_discarded', actorId: user.id, detail: { orderNumber: id.slice(0, 8).toUpperCase(), companyName1: before.companyName1 } },
    ]);
    expect((await app.inject({ url: '/api/orders', headers: { cookie } })).json().orders).toEqual([]);

    // a second discard finds nothing; another customer's order is untouched
    expect((await app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: { cookie } })).statusCode).toBe(404);
    expect(stored(keep.before.passportKey)).toBe(true);
  });

  it('decides the sanctions hold again: a sanctioned nationality holds the edited order', async () => {
    const { cookie, id } = await unpaidOrder();
    const held = await editOrder(app, cookie, id, validOrder({ nationality: 'CU', addressCountry: 'ES' }), {}, ['passport']);
    expect(held.json().order).toEqual({ id, held: true });
    expect((await row(id))?.holdReason).toBe('sanctioned_nationality');
    const cleared = await editOrder(app, cookie, id, validOrder({ nationality: 'PE' }), {}, ['passport']);
    expect(cleared.json().order.held).toBe(false);
    expect((await row(id))?.holdReason).toBeNull();
  });

  it('a payment that commits while an edit waits wins: the edit is refused and the paid order keeps its data', async () => {
    const { cookie, id } = await unpaidOrder();
    const sessionId = await openCheckoutSession(app, id, cookie);
    let edit: ReturnType<typeof editOrder> | undefined;
    if (target.name === 'postgres') {
      // the payment holds the row lock (as applyPaymentEvent does); the edit queues behind it
      await database.db.transaction(async (tx) => {
        await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        await tx.update(orders).set({ status: 'paid', paidAt: new Date(), orderAmountPaid: 39900 }).where(eq(orders.id, id));
        edit = editOrder(app, cookie, id, validOrder({ companyName1: 'Racing LLC' }), { passport: pngFile }, ['otherId']);
        for (;;) {
          const result = (await database.db.execute(sql`select count(*)::int as n from pg_locks where not granted`)) as unknown as { rows: { n: number }[] };
          if (result.rows[0]!.n > 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    } else {
      // one connection: the payment is applied first, then the edit's conditional update finds it paid
      await deliverPaymentEvent(app, completedEvent(`evt_race_${id}`, id, { sessionId }));
      edit = editOrder(app, cookie, id, validOrder({ companyName1: 'Racing LLC' }), { passport: pngFile }, ['otherId']);
    }
    const response = await edit!;
    expect(response.statusCode).toBe(409);
    const after = (await row(id))!;
    expect(after.status).toBe('paid');
    expect(after.companyName1).not.toBe('Racing LLC');
    expect(fs.readdirSync(path.join(filesDir, 'identity', id))).toHaveLength(2);
    expect(await audits(id)).toEqual([]);
  });
});
