import { unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, injectAs, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { fileForm } from '@server/test/orders';

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

describe.each(testDatabases)('the bank pack after the EIN on $name', (target) => {
  const suite = appPerSuite(target);

  it('gives the owner the Articles as filed, the signed agreement and the EIN letter in one ZIP, named in her language', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const url = `/api/orders/${orderId}/bank-pack`;
    // before the EIN there is no bank pack
    const early = await injectAs(suite.app, customer.cookie, 'GET', url);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('order.bankPackBeforeEin');
    await suite.database.db.update(orders).set({ ein: '123456789' }).where(eq(orders.id, orderId));
    expect((await injectAs(suite.app, customer.cookie, 'GET', url)).json().error.message).toBe('order.bankPackEmpty');

    const files = { articles_filed: pdf('stamped'), operating_agreement: pdf('agreement'), ein_letter: pdf('cp575'), other: pdf('invoice') };
    for (const [kind, bytes] of Object.entries(files)) {
      const added = await injectAs(
        suite.app,
        admin.cookie,
        'POST',
        `/api/admin/orders/${orderId}/documents?kind=${kind}`,
        await fileForm(`scan-${kind}.pdf`, bytes),
      );
      expect(added.statusCode, added.body).toBe(201);
    }
    // a kind that is not one is refused, not stored as "other"
    expect(
      (await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/documents?kind=passport`, await fileForm('x.pdf', pdf('x')))).statusCode,
    ).toBe(400);

    const answer = await injectAs(suite.app, customer.cookie, 'GET', url);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="Paquete-bancario-[0-9A-F]{8}\.zip"$/);
    const entries = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(entries)).toEqual([
      'LEAME.txt',
      '1 Acta de constitución (Articles of Organization), como se presentó.pdf',
      '2 Acuerdo operativo (Operating Agreement), firmado.pdf',
      '3 Carta de confirmación del EIN (IRS CP 575).pdf',
    ]);
    expect(Buffer.from(entries['3 Carta de confirmación del EIN (IRS CP 575).pdf']!).equals(files.ein_letter)).toBe(true);
    const readme = new TextDecoder().decode(entries['LEAME.txt']);
    expect(readme).toContain('pasaporte');
    expect(readme).toContain('- 2 Acuerdo operativo (Operating Agreement), firmado.pdf');
    expect(readme).not.toContain('invoice');
  });

  it('is the owner’s and the team’s only', async () => {
    const { admin, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await suite.database.db.update(orders).set({ ein: '123456789' }).where(eq(orders.id, orderId));
    await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/documents?kind=ein_letter`, await fileForm('cp575.pdf', pdf('cp575')));
    const stranger = await signUp(suite.app, { name: 'Mallory Other' });
    expect((await injectAs(suite.app, stranger.cookie, 'GET', `/api/orders/${orderId}/bank-pack`)).statusCode).toBe(404);
    expect((await injectAs(suite.app, undefined, 'GET', `/api/orders/${orderId}/bank-pack`)).statusCode).toBe(401);
    expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/orders/${orderId}/bank-pack`)).statusCode).toBe(200);
  });
});
