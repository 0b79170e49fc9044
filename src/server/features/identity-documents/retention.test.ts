import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { documents, mailOutbox, orderAudit, orderMilestones, orders } from '@server/db/schema';
import { addDays } from '@server/domain/orders/identity-documents';
import { utcDay } from '@server/domain/orders/milestones';
import { renderMail } from '@server/platform/mail/templates';
import { sweepOrphanFiles } from '@server/platform/storage/sweeper';
import type { Storage } from '@server/platform/storage/storage';
import { adminCustomerAndOrder, appPerSuite, injectAs, onTwoPostgresInstances, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { passportFile, pdfBytes, submitOrder } from '@server/test/orders';
import { deleteExpiredIdentityDocuments } from './retention';

/* Identity documents are kept no longer than needed: IDENTITY_RETENTION_DAYS after the EIN. */

const retentionDays = 90;
const bothFiles = { passport: passportFile, otherId: passportFile };

async function fileForm(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

const stored = (storage: Storage, key: string) =>
  storage.get(key).then(
    (stream) => (stream.destroy(), true),
    () => false,
  );

/** The storage, counting each key's deletes (and failing those `failing` names). */
function countingStorage(storage: Storage, failing: (key: string) => boolean = () => false) {
  const deletes = new Map<string, number>();
  const wrapped: Storage = {
    put: (key, body, contentType) => storage.put(key, body, contentType),
    get: (key) => storage.get(key),
    ping: () => storage.ping(),
    list: () => storage.list(),
    async delete(key) {
      deletes.set(key, (deletes.get(key) ?? 0) + 1);
      if (failing(key)) throw new Error('the bucket said no');
      await storage.delete(key);
    },
  };
  return { storage: wrapped, deletes };
}

const keysOf = async (db: Db, ids: string[]) =>
  new Map(
    (await db.select({ id: orders.id, passport: orders.passportKey, otherId: orders.otherIdKey }).from(orders).where(inArray(orders.id, ids))).map((row) => [
      row.id,
      row,
    ]),
  );
const deletionAudits = (db: Db, ids: string[]) =>
  db
    .select()
    .from(orderAudit)
    .where(and(inArray(orderAudit.orderId, ids), eq(orderAudit.action, 'identity_documents_deleted')))
    .orderBy(asc(orderAudit.createdAt));
const recordEin = (db: Db, orderId: string, occurredOn: string) => db.insert(orderMilestones).values({ orderId, milestone: 'ein_issued', occurredOn });

describe.each(testDatabases)('identity document retention on $name', (target) => {
  const suite = appPerSuite(target, { IDENTITY_RETENTION_DAYS: String(retentionDays) });
  const run = (now: Date, storage: Storage = suite.app.services.storage, log?: { info(...args: unknown[]): void; warn(...args: unknown[]): void }) =>
    deleteExpiredIdentityDocuments({ db: suite.database.db, storage, retentionDays, now, log: log as never });

  it(
    'driven through a year: deletes exactly the files past the limit, on the day the customer was told, once; other files and the team’s documents stay',
    { timeout: 180_000 },
    async () => {
      const { admin, customer } = await adminCustomerAndOrder(suite.app, suite.database);
      const startDay = utcDay(new Date());
      /** when each order's EIN is issued, in days from the start (null: never) */
      const plan = { early: 0, later: 10, autumn: 200, nextYear: 300, noEin: null } as const;
      type Name = keyof typeof plan;
      const names = Object.keys(plan) as Name[];
      const ids = {} as Record<Name, string>;
      for (const name of names) ids[name] = (await submitOrder(suite.app, customer.cookie, undefined, bothFiles)).json().order.id as string;
      const all = Object.values(ids);
      const keys = await keysOf(suite.database.db, all);
      // the team's papers on the first order to go: the LLC's documents are kept
      const upload = await injectAs(
        suite.app,
        admin.cookie,
        'POST',
        `/api/admin/orders/${ids.early}/documents`,
        await fileForm('Articles of Organization.pdf', pdfBytes),
      );
      expect(upload.statusCode).toBe(201);
      const [paper] = await suite.database.db.select().from(documents).where(eq(documents.orderId, ids.early));
      const read = async (name: Name) => (await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${ids[name]}`)).json().order;

      const deletedOn = new Map<Name, number>();
      for (let day = 0; day <= 365; day += 1) {
        const today = addDays(startDay, day);
        for (const name of names) if (plan[name] === day) await recordEin(suite.database.db, ids[name], today);
        if (day === 200) {
          // told the date once the EIN is issued: the EIN's day + IDENTITY_RETENTION_DAYS
          expect((await read('autumn')).identityDeletionOn).toBe(addDays(startDay, 290));
          expect((await read('noEin')).identityDeletionOn).toBeNull();
        }
        const result = await run(new Date(`${today}T06:30:00Z`));
        const rows = await suite.database.db.select({ id: orders.id, at: orders.identityDeletedAt }).from(orders).where(inArray(orders.id, all));
        const gone = new Set(rows.filter((row) => row.at).map((row) => row.id));
        for (const name of names) {
          const due = plan[name] !== null && day >= plan[name] + retentionDays;
          expect(gone.has(ids[name]), `${name} on day ${day}`).toBe(due);
          if (due && !deletedOn.has(name)) deletedOn.set(name, day);
        }
        expect(result.orders).toBe(names.filter((name) => deletedOn.get(name) === day).length);
      }
      expect(Object.fromEntries(deletedOn)).toEqual({ early: 90, later: 100, autumn: 290 });

      // the files are really gone from storage; the others' and the team's documents are not
      for (const name of names) {
        const { passport, otherId } = keys.get(ids[name])!;
        const kept = !deletedOn.has(name);
        expect([await stored(suite.app.services.storage, passport!), await stored(suite.app.services.storage, otherId!)], name).toEqual([kept, kept]);
      }
      expect(await stored(suite.app.services.storage, paper!.storageKey)).toBe(true);
      expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/documents/${paper!.id}/file`)).statusCode).toBe(200);

      // the order keeps the record: which files existed, when they went, why; one audit row each
      const audits = await deletionAudits(suite.database.db, all);
      expect(audits.map((audit) => [audit.orderId, audit.actorId, audit.detail])).toEqual(
        (['early', 'later', 'autumn'] as const).map((name) => [ids[name], null, { documents: ['passport', 'otherId'], reason: 'retention', retentionDays }]),
      );
      const early = await read('early');
      expect(early).toMatchObject({
        documents: { ssnDoc: false, passport: false, otherId: false },
        identityDeletionOn: null,
        identityDeleted: { at: `${addDays(startDay, 90)}T06:30:00.000Z`, documents: ['passport', 'otherId'] },
      });
      expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${ids.early}/identity/passport`)).statusCode).toBe(404);
      expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/orders/${ids.early}/identity/passport`)).statusCode).toBe(404);
      expect(await read('nextYear')).toMatchObject({
        identityDeletionOn: addDays(startDay, 390),
        identityDeleted: null,
        documents: { passport: true, otherId: true },
      });

      // a second run the same day, or a year later, finds nothing more to do
      expect(await run(new Date(`${addDays(startDay, 365)}T23:00:00Z`))).toEqual({ orders: 0, files: 0, failed: 0 });
      expect(await deletionAudits(suite.database.db, all)).toHaveLength(3);
    },
  );

  it('a file the storage fails to delete is logged, and the orphan sweeper removes it: no row names it any more', async () => {
    const customer = await signUp(suite.app);
    const id = (await submitOrder(suite.app, customer.cookie, undefined, bothFiles)).json().order.id as string;
    const { passport, otherId } = (await keysOf(suite.database.db, [id])).get(id)!;
    await recordEin(suite.database.db, id, addDays(utcDay(new Date()), -retentionDays));
    const { storage, deletes } = countingStorage(suite.app.services.storage, (key) => key === passport);
    const warnings: unknown[][] = [];
    const result = await run(new Date(), storage, { info: () => undefined, warn: (...args) => warnings.push(args) });
    expect(result).toEqual({ orders: 1, files: 1, failed: 1 });
    expect(warnings).toEqual([[expect.objectContaining({ orderId: id, document: 'passport' }), expect.stringContaining('orphan sweeper')]]);
    expect(deletes.get(passport!)).toBe(1);
    expect(await stored(suite.app.services.storage, otherId!)).toBe(false);
    // the row forgot it, the file is still there: an orphan, which the sweep removes
    expect(await stored(suite.app.services.storage, passport!)).toBe(true);
    const swept = await sweepOrphanFiles({ database: suite.database, storage: suite.app.services.storage, graceMs: 0, now: new Date(Date.now() + 1000) });
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await stored(suite.app.services.storage, passport!)).toBe(false);
    // the sweep kept what rows still name: this customer's new order
    const fresh = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const freshKey = (await keysOf(suite.database.db, [fresh])).get(fresh)!.passport!;
    await sweepOrphanFiles({ database: suite.database, storage: suite.app.services.storage, graceMs: 0, now: new Date(Date.now() + 1000) });
    expect(await stored(suite.app.services.storage, freshKey)).toBe(true);
  });

  it('a refunded order’s files go as many days after its refund, without an EIN; the customer is told that day', async () => {
    const customer = await signUp(suite.app);
    const id = (await submitOrder(suite.app, customer.cookie, undefined, bothFiles)).json().order.id as string;
    const refundDay = addDays(utcDay(new Date()), -retentionDays);
    await suite.database.db
      .update(orders)
      .set({ refundedAt: new Date(`${refundDay}T15:00:00Z`) })
      .where(eq(orders.id, id));
    const detail = (await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${id}`)).json().order;
    expect(detail.identityDeletionOn).toBe(utcDay(new Date()));
    // the day before, nothing; on the day, both files, audited once
    expect((await run(new Date(`${addDays(utcDay(new Date()), -1)}T23:00:00Z`))).orders).toBe(0);
    const { passport, otherId } = (await keysOf(suite.database.db, [id])).get(id)!;
    expect(await run(new Date())).toMatchObject({ orders: 1, files: 2 });
    expect(await stored(suite.app.services.storage, passport!)).toBe(false);
    expect(await stored(suite.app.services.storage, otherId!)).toBe(false);
    expect(await deletionAudits(suite.database.db, [id])).toHaveLength(1);
  });

  it('the EIN email tells the customer the day their identity documents will be deleted, in their language', async () => {
    const { admin, customer } = await adminCustomerAndOrder(suite.app, suite.database);
    const id = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const today = utcDay(new Date());
    for (const milestone of ['filed_with_state', 'state_approved', 'ein_requested', 'ein_issued']) {
      const recorded = await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${id}/milestones`, {
        payload: { milestone, occurredOn: today, ...(milestone === 'ein_issued' ? { ein: '12-3456789' } : {}) },
      });
      expect(recorded.statusCode, milestone).toBe(200);
    }
    const mails = await suite.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, customer.user.email), eq(mailOutbox.template, 'milestoneRecorded')));
    const einMail = mails.find((mail) => (mail.payload as { milestone: string }).milestone === 'ein_issued')!;
    const deletionDay = addDays(today, retentionDays);
    expect(einMail.payload).toMatchObject({ identityDeletionOn: deletionDay });
    // the other milestones' emails say nothing of it
    expect(mails.filter((mail) => mail !== einMail).map((mail) => (mail.payload as { identityDeletionOn?: string }).identityDeletionOn)).toEqual(['', '', '']);
    const [year, month, day] = deletionDay.split('-').map(Number) as [number, number, number];
    const spanishMonths = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
    expect(einMail.language).toBe('es');
    expect(renderMail('milestoneRecorded', 'es', einMail.payload as never).text).toContain(`se eliminarán el ${day} de ${spanishMonths[month - 1]} de ${year}`);
    const englishMonth = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(renderMail('milestoneRecorded', 'en', einMail.payload as never).text).toContain(`will be deleted on ${englishMonth} ${day}, ${year}`);
    // the dashboard says the same day
    expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${id}`)).json().order.identityDeletionOn).toBe(deletionDay);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('identity document retention from two instances on one PostgreSQL', { timeout: 120_000 }, () => {
  it('deletes each file once and audits each order once when both run the job at the same time', async () => {
    await onTwoPostgresInstances(adminUrl!, async ({ one, two, app }) => {
      const customer = await signUp(app);
      const first = (await submitOrder(app, customer.cookie, undefined, bothFiles)).json().order.id as string;
      const [row] = await one.db.select().from(orders).where(eq(orders.id, first));
      // enough orders, each with files of its own, for the instances' batches to overlap
      const clones = new Map(
        Array.from({ length: 120 }, () => randomUUID()).map((id) => [
          id,
          { passport: `identity/${id}/passport-${randomUUID()}.pdf`, otherId: `identity/${id}/otherId-${randomUUID()}.pdf` },
        ]),
      );
      for (const files of clones.values())
        for (const key of Object.values(files)) await app.services.storage.put(key, Readable.from([pdfBytes]), 'application/pdf');
      await one.db
        .insert(orders)
        .values(
          [...clones].map(([id, files]) => ({ ...row!, id, passportKey: files.passport, otherIdKey: files.otherId, searchText: `${row!.searchText} ${id}` })),
        );
      const ids = [first, ...clones.keys()];
      const einDay = addDays(utcDay(new Date()), -retentionDays - 10);
      await one.db.insert(orderMilestones).values(ids.map((orderId) => ({ orderId, milestone: 'ein_issued', occurredOn: einDay })));
      const keys = await keysOf(one.db, ids);

      const { storage, deletes } = countingStorage(app.services.storage);
      const results = await Promise.all(
        [one, two, one, two].map((instance) => deleteExpiredIdentityDocuments({ db: instance.db, storage, retentionDays, batchSize: 10 })),
      );
      expect(results.reduce((sum, result) => sum + result.orders, 0)).toBe(ids.length);
      expect(results.reduce((sum, result) => sum + result.files, 0)).toBe(ids.length * 2);
      // every file deleted exactly once, and gone
      const allKeys = [...keys.values()].flatMap((entry) => [entry.passport!, entry.otherId!]);
      expect(deletes.size).toBe(allKeys.length);
      expect([...deletes.values()].every((count) => count === 1)).toBe(true);
      for (const key of allKeys.slice(0, 10)) expect(await stored(app.services.storage, key)).toBe(false);
      // one audit row per order
      const audits = await deletionAudits(one.db, ids);
      expect(audits).toHaveLength(ids.length);
      expect(new Set(audits.map((audit) => audit.orderId)).size).toBe(ids.length);
      const left = await one.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, ids), or(isNull(orders.identityDeletedAt), isNotNull(orders.passportKey), isNotNull(orders.otherIdKey))));
      expect(left).toEqual([]);
    });
  });
});
