import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '@server/db/client';
import { identityDocumentViews } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, injectAs, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { passportFile, pdfBytes, submitOrder } from '@server/test/orders';

/* Every look by the team at a customer's identity document is logged; the customer sees when. */

const unknownOrder = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabases)('identity document views on $name', (target) => {
  const suite = appPerSuite(target);
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    ({ admin, customer } = await adminCustomerAndOrder(suite.app, suite.database));
  });

  const views = (id: string) =>
    suite.database.db.select().from(identityDocumentViews).where(eq(identityDocumentViews.orderId, id)).orderBy(asc(identityDocumentViews.createdAt));
  /** a download as the holder of `cookie`, from `address` */
  const open = (id: string, document: string, cookie: string | undefined, address = '203.0.113.7') =>
    suite.app.inject({ url: `/api/orders/${id}/identity/${document}`, headers: cookie ? { cookie } : {}, remoteAddress: address });
  const newOrder = async (owner = customer) =>
    (await submitOrder(suite.app, owner.cookie, undefined, { passport: passportFile, otherId: passportFile })).json().order.id as string;

  it('an administrator opening a customer’s passport writes exactly one row: who (id and name), which, the order, when, the address', async () => {
    const id = await newOrder();
    const before = Date.now();
    const file = await open(id, 'passport', admin.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(pdfBytes);
    const rows = await views(id);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        orderId: id,
        document: 'passport',
        fileName: null,
        viewerId: admin.user.id,
        viewerName: 'Erin Admin',
        ipAddress: '203.0.113.7',
        createdAt: expect.any(Date),
      },
    ]);
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // each look is a row: a second download, of another document, from another address
    await open(id, 'otherId', admin.cookie, '198.51.100.20');
    await open(id, 'passport', admin.cookie, '198.51.100.20');
    expect((await views(id)).map((row) => [row.document, row.ipAddress])).toEqual([
      ['passport', '203.0.113.7'],
      ['otherId', '198.51.100.20'],
      ['passport', '198.51.100.20'],
    ]);
  });

  it('the customer’s own download is not logged; a stranger, a visitor and a missing document get no file and write no row', async () => {
    const id = await newOrder();
    expect((await open(id, 'passport', customer.cookie)).rawPayload).toEqual(pdfBytes);
    const stranger = await signUp(suite.app);
    const refused = await open(id, 'passport', stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('%PDF');
    expect((await open(id, 'passport', undefined)).statusCode).toBe(401);
    // the administrator asks for a document the order does not have
    expect((await open(id, 'ssnDoc', admin.cookie)).statusCode).toBe(404);
    expect((await open(unknownOrder, 'passport', admin.cookie)).statusCode).toBe(404);
    expect(await views(id)).toEqual([]);
  });

  it('an administrator’s own order, opened by them, is not a look at a customer’s document', async () => {
    const id = await newOrder(admin);
    expect((await open(id, 'passport', admin.cookie)).statusCode).toBe(200);
    expect(await views(id)).toEqual([]);
  });

  it('cannot be skipped: when the row cannot be written, the file is not sent', async () => {
    const id = await newOrder();
    const db = suite.database.db as Db;
    await queryRows(db, sql`alter table identity_document_views rename to identity_document_views_away`);
    try {
      const refused = await open(id, 'passport', admin.cookie);
      expect(refused.statusCode).toBe(500);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.body).not.toContain('%PDF');
    } finally {
      await queryRows(db, sql`alter table identity_document_views_away rename to identity_document_views`);
    }
    // the owner's download writes nothing, so it does not depend on the log
    expect((await open(id, 'passport', customer.cookie)).statusCode).toBe(200);
  });

  it('GET /api/admin/orders/:id/identity-views: 401 for visitors, 403 for customers (their own order too), 404 for an unknown order, newest first for administrators', async () => {
    const id = await newOrder();
    await open(id, 'passport', admin.cookie, '203.0.113.9');
    await open(id, 'otherId', admin.cookie, '203.0.113.10');
    const url = `/api/admin/orders/${id}/identity-views`;
    expect((await injectAs(suite.app, undefined, 'GET', url)).statusCode).toBe(401);
    const forbidden = await injectAs(suite.app, customer.cookie, 'GET', url);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
    expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${unknownOrder}/identity-views`)).statusCode).toBe(404);
    expect((await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders/not-a-uuid/identity-views')).statusCode).toBe(400);

    const answer = await injectAs(suite.app, admin.cookie, 'GET', url);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      views: [
        {
          id: expect.any(String),
          document: 'otherId',
          fileName: null,
          viewerName: 'Erin Admin',
          viewerId: admin.user.id,
          ipAddress: '203.0.113.10',
          createdAt: expect.any(String),
        },
        {
          id: expect.any(String),
          document: 'passport',
          fileName: null,
          viewerName: 'Erin Admin',
          viewerId: admin.user.id,
          ipAddress: '203.0.113.9',
          createdAt: expect.any(String),
        },
      ],
    });
    // reading the log is not a look at a document
    expect(await views(id)).toHaveLength(2);
  });

  it('the customer’s order answer says when the team last opened each of their documents, never who or from where', async () => {
    const id = await newOrder();
    const other = await newOrder();
    const read = async (orderId: string) => (await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}`)).json().order;
    expect((await read(id)).identityViewedAt).toEqual({ ssnDoc: null, passport: null, otherId: null });

    await open(id, 'passport', admin.cookie);
    const first = (await views(id))[0]!.createdAt.toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await open(id, 'passport', admin.cookie);
    // the customer's own download changes nothing
    await open(id, 'otherId', customer.cookie);
    const last = (await views(id)).at(-1)!.createdAt.toISOString();
    expect(last > first).toBe(true);

    const answer = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${id}`);
    expect(answer.json().order.identityViewedAt).toEqual({ ssnDoc: null, passport: last, otherId: null });
    expect(answer.body).not.toContain('Erin Admin');
    expect(answer.body).not.toContain('203.0.113.7');
    expect(answer.body).not.toContain(admin.user.id);
    // another order of the same customer shows nothing of it
    expect((await read(other)).identityViewedAt).toEqual({ ssnDoc: null, passport: null, otherId: null });
    // nor does the order a stranger cannot read at all
    const stranger = await signUp(suite.app);
    expect((await injectAs(suite.app, stranger.cookie, 'GET', `/api/orders/${id}`)).statusCode).toBe(404);
  });
});
