import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { documents, mailOutbox, orderAudit, orders } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, injectAs, signUp, onTwoPostgresInstances } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { fileForm, pdfBytes, pngBytes, submitOrder } from '@server/test/orders';
import { sendDocumentEmails } from './document-emails';

const appUrl = 'http://localhost:3000';
const delaySeconds = 120;

const documentMails = (database: Database, email: string) =>
  database.db
    .select({ payload: mailOutbox.payload, language: mailOutbox.language })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'documentsUpdated')));

describe.each(testDatabases)('deleting and replacing order documents on $name', (target) => {
  const suite = appPerSuite(target, { DOCUMENT_EMAIL_DELAY_SECONDS: String(delaySeconds) });
  let admin: { cookie: string };
  let customer: Awaited<ReturnType<typeof signUp>>;
  let orderId: string;
  beforeAll(async () => {
    ({ admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database));
  });

  const as = (...args: Parameters<typeof injectAs> extends [unknown, ...infer Rest] ? Rest : never) => injectAs(suite.app, ...args);
  const upload = async (id: string, name: string, bytes = pdfBytes) =>
    (await as(admin.cookie, 'POST', `/api/admin/orders/${id}/documents`, await fileForm(name, bytes))).json().document as { id: string; fileName: string };
  const stored = async (documentId: string) => (await suite.database.db.select().from(documents).where(eq(documents.id, documentId)))[0];
  const fileExists = (key: string) =>
    suite.app.services.storage.get(key).then(
      (stream) => (stream.destroy(), true),
      () => false,
    );
  const audits = (id: string) => suite.database.db.select().from(orderAudit).where(eq(orderAudit.orderId, id)).orderBy(asc(orderAudit.createdAt));
  const runJob = (now: Date) => sendDocumentEmails(suite.database.db, { mail: suite.app.services.mail, appUrl }, { now });

  it('refuses visitors (401) and customers (403); 404 for an unknown document or another order’s', async () => {
    const document = await upload(orderId, 'keep.pdf');
    const url = `/api/admin/orders/${orderId}/documents/${document.id}`;
    for (const method of ['PUT', 'DELETE'] as const) {
      const extra = method === 'PUT' ? await fileForm('new.pdf', pdfBytes) : {};
      expect((await as(undefined, method, url, extra)).statusCode, `${method} visitor`).toBe(401);
      expect((await as(customer.cookie, method, url, extra)).statusCode, `${method} customer`).toBe(403);
      expect((await as(customer.cookie, method, url, extra)).json().error.code).toBe('forbidden');
    }
    const other = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const target of [
      `/api/admin/orders/${other}/documents/${document.id}`,
      `/api/admin/orders/${orderId}/documents/${unknown}`,
      `/api/admin/orders/${unknown}/documents/${document.id}`,
    ]) {
      expect((await as(admin.cookie, 'DELETE', target)).statusCode, `DELETE ${target}`).toBe(404);
      expect((await as(admin.cookie, 'PUT', target, await fileForm('new.pdf', pdfBytes))).statusCode, `PUT ${target}`).toBe(404);
    }
    expect((await as(admin.cookie, 'DELETE', `/api/admin/orders/${orderId}/documents/not-a-uuid`)).statusCode).toBe(400);
    // nothing was touched, and no stray file was written for the refused replacements
    const row = await stored(document.id);
    expect(row).toMatchObject({ fileName: 'keep.pdf', orderId });
    expect(await fileExists(row!.storageKey)).toBe(true);
    expect((await suite.database.db.select().from(documents).where(eq(documents.orderId, orderId))).map((d) => d.fileName)).toEqual(['keep.pdf']);
  });

  it('deletes a document: the row, the stored file, audited with the admin and the name; no email', async () => {
    const id = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const document = await upload(id, 'wrong customer.pdf');
    await runJob(new Date(Date.now() + (delaySeconds + 1) * 1000)); // the upload's own email
    const before = (await documentMails(suite.database, customer.user.email)).length;
    const key = (await stored(document.id))!.storageKey;
    const deleted = await as(admin.cookie, 'DELETE', `/api/admin/orders/${id}/documents/${document.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await stored(document.id)).toBeUndefined();
    expect(await fileExists(key)).toBe(false);
    expect((await as(customer.cookie, 'GET', `/api/documents/${document.id}/file`)).statusCode).toBe(404);
    expect((await audits(id)).map((a) => [a.action, a.detail])).toEqual([['document_deleted', { fileName: 'wrong customer.pdf' }]]);
    expect((await audits(id))[0]!.actorId).toBeTruthy();
    // deleting it again: already gone
    expect((await as(admin.cookie, 'DELETE', `/api/admin/orders/${id}/documents/${document.id}`)).statusCode).toBe(404);
    await runJob(new Date(Date.now() + 10 * delaySeconds * 1000));
    expect(await documentMails(suite.database, customer.user.email)).toHaveLength(before);
  });

  it('replaces a document: the new file in its place under the same id (links keep working), the old file removed, audited; a wrong file type changes nothing', async () => {
    const id = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    const old = await upload(id, 'draft.pdf');
    const oldKey = (await stored(old.id))!.storageKey;
    const url = `/api/admin/orders/${id}/documents/${old.id}`;

    const exe = await fileForm('final.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]));
    expect((await as(admin.cookie, 'PUT', url, exe)).statusCode).toBe(415);
    expect(await stored(old.id)).toBeDefined();

    const replaced = await as(admin.cookie, 'PUT', url, await fileForm('EIN letter.png', pngBytes));
    expect(replaced.statusCode).toBe(200);
    const fresh = replaced.json().document as { id: string; fileName: string };
    // the same document, a new version behind it
    expect(fresh).toMatchObject({ id: old.id, fileName: 'EIN letter.png' });
    expect(await stored(old.id)).toMatchObject({ fileName: 'EIN letter.png', version: 2 });
    expect(await fileExists(oldKey)).toBe(false);
    const list = (await as(customer.cookie, 'GET', `/api/orders/${id}/documents`)).json().documents;
    expect(list.map((d: { id: string; fileName: string }) => [d.id, d.fileName])).toEqual([[old.id, 'EIN letter.png']]);
    // the link the customer had (the old id) opens the new file
    const download = await as(customer.cookie, 'GET', `/api/documents/${old.id}/file`);
    expect(download.rawPayload).toEqual(pngBytes);
    expect((await audits(id)).map((a) => [a.action, a.detail])).toEqual([
      ['document_replaced', { fileName: 'draft.pdf', newFileName: 'EIN letter.png', version: 2 }],
    ]);
    // replaced again: version 3, still the same id
    await as(admin.cookie, 'PUT', url, await fileForm('EIN letter (signed).pdf', pdfBytes));
    expect(await stored(old.id)).toMatchObject({ fileName: 'EIN letter (signed).pdf', version: 3 });
  });

  it('three uploads in a row give the customer ONE email listing them, only once the delay has passed', async () => {
    const someone = await signUp(suite.app, { language: 'es' });
    const id = (await submitOrder(suite.app, someone.cookie)).json().order.id as string;
    await upload(id, 'acta.pdf');
    await upload(id, 'carta EIN.png', pngBytes);
    const third = await upload(id, 'borrador.pdf');
    await as(admin.cookie, 'PUT', `/api/admin/orders/${id}/documents/${third.id}`, await fileForm('acuerdo operativo.pdf', pdfBytes));

    expect(await runJob(new Date())).toBe(0);
    expect(await runJob(new Date(Date.now() + (delaySeconds - 5) * 1000))).toBe(0);
    expect(await documentMails(suite.database, someone.user.email)).toEqual([]);

    await runJob(new Date(Date.now() + (delaySeconds + 5) * 1000));
    const mails = await documentMails(suite.database, someone.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('es');
    expect(mails[0]!.payload.documents).toBe(['acta.pdf', 'carta EIN.png', 'acuerdo operativo.pdf'].join('\n'));
    // a later run sends nothing more; a new change starts a new batch
    await runJob(new Date(Date.now() + 10 * delaySeconds * 1000));
    expect(await documentMails(suite.database, someone.user.email)).toHaveLength(1);
    const [row] = await suite.database.db.select({ at: orders.documentsNotifyAfter }).from(orders).where(eq(orders.id, id));
    expect(row!.at).toBeNull();
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('document emails from two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  it('sends one email per batch when both run the job at the same time', async () => {
    await onTwoPostgresInstances(adminUrl!, async ({ one, two, app }) => {
      const { admin, customer, orderId } = await adminCustomerAndOrder(app, one);
      for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
        expect((await injectAs(app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/documents`, await fileForm(name, pdfBytes))).statusCode).toBe(201);
      }
      const mailer = { mail: app.services.mail, appUrl };
      const now = new Date(Date.now() + 3_600_000);
      const sent = await Promise.all([one, two, one, two].map((instance) => sendDocumentEmails(instance.db, mailer, { now })));
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await documentMails(one, customer.user.email)).toHaveLength(1);
    });
  });
});
