import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from './support/fixtures';
import { enrollSecondFactor, enrolmentTokenIn, signInThroughApi, signUpThroughApi } from './support/accounts';
import { builtServer, startBuiltApp } from './support/app-process';
import { runAxe } from './support/axe';
import { createOrder } from './support/orders';
import { freshDatabase } from './support/postgres';
import { freePort } from '../src/server/test/ports';

/*
 * The team's day in Spanish: an administrator opens /admin, takes the oldest overdue
 * order, records a milestone, bulk-assigns three unassigned orders to a colleague, finds a ticket
 * by a word of its message typed without its accents, and answers it; the Activity page shows all
 * of it. An app of its own on PostgreSQL: its queue holds only this journey's work, and the
 * overdue order is one paid 30 hours ago (written in the database: the payment has its journeys).
 */
test.use({ locale: 'es-MX', viewport: { width: 1280, height: 900 } });

test('a day of the team in Spanish: the overdue order taken and moved on, three orders given to a colleague, a ticket found without its accents and answered; the Activity page shows it all', async ({
  browser,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL): the overdue order is written 30 hours in the past');
  test.setTimeout(180_000);
  const database = await freshDatabase('e2e_team_day');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-team-day-'));
  const port = await freePort();
  const { APP_URL: _app, DATABASE_URL: _db, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    NODE_ENV: 'test' as const,
    LOG_LEVEL: 'info',
  };
  // two administrators made with the real command
  const suffix = Date.now().toString(36);
  const erin = { email: `erin-${suffix}@example.com`, password: 'orchid lantern gravel sonnet' };
  let erinToken = '';
  for (const [email, name] of [
    [erin.email, 'Erin Admin'],
    [`luis-${suffix}@example.com`, 'Luis Colega'],
  ] as const) {
    const made = spawnSync(
      process.execPath,
      [path.join(path.dirname(builtServer()), 'admin.js'), 'create', email, '--password', erin.password, '--name', name],
      { env, encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    if (email === erin.email) erinToken = enrolmentTokenIn(made.stdout);
  }
  const app = await startBuiltApp(env, dataDir);
  const data = new pg.Client({ connectionString: database.url });
  try {
    await data.connect();
    const { secret: totpSecret } = await enrollSecondFactor(app.url, { ...erin, enrolmentToken: erinToken });

    // a founder's four orders, paid: the first 30 hours ago (its 24 hours to start are gone), three just now
    const founder = await browser.newContext({ baseURL: app.url });
    await signUpThroughApi(founder.request, 'Rosa Quispe Mamani');
    const companies = ['Cóndor Andino LLC', 'Llama Dorada LLC', 'Quinua Real LLC', 'Titicaca Labs LLC'];
    const ids: string[] = [];
    for (const companyName1 of companies)
      ids.push(
        await createOrder(founder.request, {
          companyName1,
          companyName2: `${companyName1.replace(' LLC', '')} Holdings LLC`,
          companyName3: `${companyName1.replace(' LLC', '')} Group LLC`,
        }),
      );
    await founder.close();
    for (const [i, id] of ids.entries()) {
      const paidAt = new Date(Date.now() - (i === 0 ? 30 : 1) * 3_600_000);
      await data.query("update orders set status = 'paid', paid_at = $2, promise_kind = 'processing_start', promise_from = $2 where id = $1", [id, paidAt]);
    }
    const [overdueId, ...others] = ids as [string, ...string[]];
    const overdueNumber = overdueId.slice(0, 8).toUpperCase();
    // a ticket whose message has accents the search will be typed without, and one it must not find
    for (const [name, message] of [
      ['Ana Pérez', 'Mi número de identificación tributaria salió mal escrito en la carta.'],
      ['Bruno Díaz', '¿Puedo cambiar el nombre de mi empresa después de pagar?'],
    ] as const) {
      const ticket = await fetch(`${app.url}/api/support-tickets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({ name, email: `${name.split(' ')[0]!.toLowerCase()}.${suffix}@example.com`, support_message: message, language: 'es' }),
      });
      expect(ticket.status, await ticket.text()).toBe(201);
    }

    const context = await browser.newContext({ baseURL: app.url, locale: 'es-MX', viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    const errors: string[] = [];
    admin.on('pageerror', (error) => errors.push(error.message));
    await signInThroughApi(context.request, { ...erin, totpSecret });

    // the queue: the oldest overdue order first, late by some six hours
    await admin.goto('/es/admin');
    const overdue = admin.getByTestId('queue-overdue');
    await expect(overdue.getByRole('listitem').first()).toContainText(overdueNumber);
    await expect(overdue.getByTestId('late').first()).toContainText('de atraso');
    await overdue.getByRole('link', { name: new RegExp(overdueNumber) }).click();
    await expect(admin).toHaveURL(`/es/admin/orders/${overdueId}`);
    await admin.getByTestId('owner-control').getByRole('button', { name: 'Tomarlo' }).click();
    await expect(admin.getByTestId('owner-control')).toContainText('Usted');

    // a milestone: filed with the state today
    const milestones = admin.getByRole('form', { name: 'Registrar un hito' });
    await milestones.getByLabel('Hito').selectOption('filed_with_state');
    await milestones.getByRole('button', { name: 'Registrar hito' }).click();
    await expect(milestones.getByRole('status')).toContainText('registrado');

    // the three nobody owns, all selected at once and given to Luis
    await admin.goto('/es/admin/orders?owner=unassigned');
    for (const id of others)
      await expect(admin.getByRole('checkbox', { name: `Seleccionar el pedido ${id.slice(0, 8).toUpperCase()}` }).filter({ visible: true })).toBeVisible();
    await admin.getByRole('checkbox', { name: 'Seleccionar todos los pedidos mostrados' }).filter({ visible: true }).check();
    const bar = admin.getByTestId('bulk-bar');
    await expect(bar).toContainText('3 pedidos seleccionados');
    await bar.getByLabel('Acción').selectOption({ label: 'Asignar a' });
    await bar.getByLabel('Responsable').selectOption({ label: 'Luis Colega' });
    await bar.getByRole('button', { name: 'Aplicar a 3 pedidos' }).click();
    await expect(admin.getByTestId('bulk-report')).toContainText('Cambiados: 3 · ya estaban así: 0 · con error: 0');

    // the ticket, found by a word typed in capitals and without its accents
    await admin.goto('/es/admin/tickets');
    await expect(admin.getByTestId('ticket')).toHaveCount(2);
    await admin.getByLabel('Buscar tickets').fill('IDENTIFICACION');
    await expect(admin).toHaveURL(/[?&]q=IDENTIFICACION/);
    const found = admin.getByTestId('ticket');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('Ana Pérez');
    await found.getByRole('link', { name: 'Abrir el ticket' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Ana Pérez' })).toBeVisible();
    await admin.getByLabel('Responder al solicitante').fill('Gracias, Ana. Ya pedimos la corrección al IRS; le escribimos en cuanto llegue la carta nueva.');
    await admin.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(admin.getByText('Respuesta enviada.')).toBeVisible();

    // the Activity page (from Users), Erin's: every step above, newest first
    await admin.getByRole('link', { name: 'Usuarios' }).click();
    await admin.getByRole('link', { name: 'Actividad' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Actividad del equipo' })).toBeVisible();
    await admin.getByLabel('Persona').selectOption({ label: 'Erin Admin' });
    await expect(admin).toHaveURL(/\/es\/admin\/activity\?person=/);
    const rows = admin.getByTestId('activity-list').getByRole('listitem');
    await expect(rows.first()).toContainText('Respondió el ticket: Gracias, Ana.');
    await expect(rows.first().getByRole('link', { name: 'Ticket de Ana Pérez' })).toBeVisible();
    for (const id of others)
      await expect(rows.filter({ hasText: 'Responsable: nadie → Luis Colega' }).filter({ hasText: `Pedido ${id.slice(0, 8).toUpperCase()}` })).toHaveCount(1);
    const onOverdue = rows.filter({ hasText: `Pedido ${overdueNumber}` });
    await expect(onOverdue.filter({ hasText: 'Hito registrado: Presentada ante el estado' })).toHaveCount(1);
    await expect(onOverdue.filter({ hasText: 'Responsable: nadie → Erin Admin' })).toHaveCount(1);
    await expect(rows).toHaveCount(6);
    // the same, as CSV in Spanish
    const csv = await context.request.get((await admin.getByTestId('activity-csv').getAttribute('href')) as string);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n').filter((line) => line.includes('Erin Admin'))).toHaveLength(6);
    const { violations } = await runAxe(admin, { include: 'main' });
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await data.end().catch(() => undefined);
    await app.stop();
    await database.drop();
  }
});
