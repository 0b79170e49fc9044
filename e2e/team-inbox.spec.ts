import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from './support/fixtures';
import { enrollSecondFactor, enrolmentTokenIn, signInThroughApi, signUpThroughApi } from './support/accounts';
import { builtServer, startBuiltApp } from './support/app-process';
import { runAxe } from './support/axe';
import { completeAndSign } from './support/filing';
import { createOrder, payThroughApi, pdf } from './support/orders';
import { freshDatabase } from './support/postgres';
import { freePort } from '../src/server/test/ports';

/*
 * The team's inbox across two instances of the app on one PostgreSQL: a founder in Spanish works on
 * instance one (a message, her answer to a request with a file, a refund request, her partner's
 * signature), while the operator's queue is open on instance two. Each event appears on the order's
 * one row without a reload, the section counts equal the rows, and each reason leaves when the
 * operator answers, decides or reviews.
 */
test.use({ viewport: { width: 1280, height: 900 } });

async function instance(env: NodeJS.ProcessEnv, dataDir: string) {
  const port = await freePort();
  return startBuiltApp({ ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` }, dataDir);
}

test('every customer event reaches the operator’s queue on the other instance once, live, with its reason, and leaves when handled; the counts are the rows', async ({
  browser,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL): two instances share one database');
  test.setTimeout(240_000);
  const database = await freshDatabase('e2e_inbox');
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'llc-inbox-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'llc-inbox-b-'))] as const;
  const { APP_URL: _app, DATABASE_URL: _db, PORT: _port, ...inherited } = process.env;
  // one secret for both, as behind a load balancer; each instance its own files directory is enough here
  const env = {
    ...inherited,
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    NODE_ENV: 'test' as const,
    LOG_LEVEL: 'info',
    AUTH_SECRET: 'e2e-inbox-shared-secret-0123456789abcdef',
  };
  const operator = { email: `operator-${Date.now().toString(36)}@example.com`, password: 'orchid lantern gravel sonnet' };
  const made = spawnSync(
    process.execPath,
    [path.join(path.dirname(builtServer()), 'admin.js'), 'create', operator.email, '--password', operator.password, '--name', 'Olivia Operator'],
    { env: { ...env, DATA_DIR: dirs[0] }, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  const one = await instance({ ...env }, dirs[0]);
  const two = await instance({ ...env }, dirs[1]);
  const data = new pg.Client({ connectionString: database.url });
  try {
    await data.connect();
    const { secret: totpSecret } = await enrollSecondFactor(two.url, { ...operator, enrolmentToken: enrolmentTokenIn(made.stdout) });

    // the founder, on instance one: an order with a partner, paid
    const founder = await browser.newContext({ baseURL: one.url, locale: 'es-MX' });
    const api = founder.request;
    await signUpThroughApi(api, 'María Fernanda Gutiérrez Núñez');
    await api.put('/api/me/language', { data: { language: 'es' } });
    const partnerEmail = `partner-${Date.now().toString(36)}@example.com`;
    const orderId = await createOrder(api, {
      companyName1: 'Cóndor Importaciones LLC',
      organizerName: 'María Fernanda Gutiérrez Núñez',
      nationality: 'MX',
      addressCountry: 'MX',
      partner: { fullName: 'Zoë Gonçalves', email: partnerEmail, phone: '+52 55 1234 5678', country: 'MX', address: 'Calle Río Lerma 4, Ciudad de México' },
    });
    await payThroughApi(api, orderId);
    const number = orderId.slice(0, 8).toUpperCase();

    // the operator, on instance two, with the queue open
    const context = await browser.newContext({ baseURL: two.url });
    const admin = await context.newPage();
    const errors: string[] = [];
    admin.on('pageerror', (error) => errors.push(error.message));
    await signInThroughApi(context.request, { ...operator, totpSecret });
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
    const rows = admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: new RegExp(number) }) });
    const reasons = rows.getByRole('list', { name: 'Waiting for the team' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Writes in Spanish');
    await expect(reasons).toHaveCount(0);

    /** The order is on one row; each section's count is what it lists. */
    const expectOnceAndCounted = async () => {
      await expect(rows).toHaveCount(1);
      for (const section of ['dueToday', 'overdue', 'unassigned', 'waiting', 'reviews']) {
        const block = admin.getByTestId(`queue-${section}`);
        const listed = await block.locator(':scope > ul > li').count();
        await expect(block.getByRole('heading', { level: 2 })).toHaveText(new RegExp(`${listed}$`));
      }
    };

    // 1. her message
    expect((await api.post(`/api/orders/${orderId}/messages`, { data: { body: '¿Cuándo presentan mi LLC?' } })).status()).toBe(201);
    await expect(reasons).toHaveText([/^Message from the customer · /]);
    await expectOnceAndCounted();

    // 2. the team asks for a clearer passport (from instance two): her message is answered; her file answers the request
    const asked = await context.request.post(`/api/orders/${orderId}/messages`, {
      data: {
        body: 'La foto de su pasaporte está borrosa.',
        request: { kind: 'document', document: 'passport', dueOn: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    await expect(reasons).toHaveCount(0);
    const requestId = ((await asked.json()) as { message: { request: { id: string } } }).message.request.id;
    const answered = await api.post(`/api/orders/${orderId}/requests/${requestId}/answer`, {
      multipart: {
        message: JSON.stringify({ body: 'Aquí está, con buena luz.' }),
        files: { name: 'WhatsApp Image 2026-12-03 at 09.12.44 (2).pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
    await expect(reasons).toHaveText([/^Request answered · /]);

    // 3. her refund request
    const refund = await api.post(`/api/orders/${orderId}/refund-requests`, { data: { reason: 'ein_not_issued', details: 'Tarda demasiado.' } });
    expect(refund.status(), await refund.text()).toBe(201);
    await expect(reasons).toHaveText([/^Request answered · /, /^Refund requested · /]);

    // 4. the company's details, her two signatures, then her partner's through the emailed link
    const sign = await completeAndSign(api, orderId, 'María Fernanda Gutiérrez Núñez');
    await sign();
    await expect(reasons).toHaveCount(2);
    const mail = await data.query<{ payload: { signUrl: string } }>("select payload from mail_outbox where template = 'partnerSigning' and recipient = $1", [
      partnerEmail,
    ]);
    const token = new URL(mail.rows.at(-1)!.payload.signUrl).searchParams.get('token')!;
    const partner = await browser.newContext({ baseURL: one.url });
    const reading = (await (await partner.request.get(`/api/sign?token=${token}`)).json()) as { version: number };
    const partnerSigned = await partner.request.post('/api/sign', {
      data: { token, version: reading.version, typedName: 'Zoë Gonçalves', consent: true, language: 'es' },
    });
    expect(partnerSigned.status(), await partnerSigned.text()).toBe(200);
    await partner.close();
    await expect(reasons).toHaveText([/^Request answered · /, /^Refund requested · /, /^Partner signed, packet to review · /]);
    await expectOnceAndCounted();
    const { violations } = await runAxe(admin, { include: 'main' });
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    // the operator handles each: a reply in the thread, the refund declined, the packet approved
    const queue = admin.url();
    await rows.getByRole('link', { name: new RegExp(number) }).click();
    await expect(admin.getByRole('main')).toContainText('Customer’s languageSpanish');
    await admin.getByRole('textbox', { name: /^Your message/ }).fill('Gracias, la revisamos hoy.');
    await admin.getByRole('button', { name: 'Send message' }).click();
    await expect(admin.getByText('Gracias, la revisamos hoy.')).toBeVisible();
    const declined = await context.request.post(
      `/api/admin/orders/${orderId}/refund-requests/${((await refund.json()) as { refund: { id: string } }).refund.id}/decision`,
      {
        data: { decision: 'decline', note: 'El EIN está en trámite dentro del plazo prometido.' },
      },
    );
    expect(declined.status(), await declined.text()).toBe(200);
    const panel = admin.getByTestId('packet-panel');
    await panel.getByRole('button', { name: 'Approve the packet' }).click();
    await panel.getByRole('alertdialog', { name: 'Approve the packet?' }).getByRole('button', { name: 'Approve and freeze' }).click();
    await expect(panel.getByTestId('packet-status')).toHaveText('Approved by our team');
    await admin.goto(queue);
    await expect(rows).toHaveCount(1);
    await expect(reasons).toHaveCount(0);
    await expectOnceAndCounted();
    expect(errors).toEqual([]);
    await context.close();
    await founder.close();
  } finally {
    await data.end().catch(() => undefined);
    await one.stop();
    await two.stop();
    await database.drop();
  }
});
