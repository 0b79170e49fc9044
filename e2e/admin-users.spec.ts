import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { languageCookie, languageStorageKey } from '@shared/languages';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/accounts';

/** The administrator reads the admin area in Spanish, as a returning visitor would have it. */
async function speakSpanish(page: Page) {
  await page.context().addCookies([{ name: languageCookie, value: 'es', url: process.env.E2E_BASE_URL! }]);
  await page.context().addInitScript(([key, value]) => localStorage.setItem(key, value), [languageStorageKey, 'es'] as const);
}

test.describe('administration: users and integrations', () => {
  test('in Spanish, an administrator finds a customer without accents, promotes them, and the customer then reaches /admin/orders', async ({
    customerPage,
    customer,
    adminPage: admin,
  }) => {
    // the customer is refused the admin area first
    await customerPage.goto('/admin/orders');
    await expect(customerPage).toHaveURL(/\/dashboard$/);

    await speakSpanish(admin);
    await admin.goto('/es/admin/users');
    await expect(admin).toHaveTitle(/^Usuarios \|/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    // "Ana María Pérez", searched in capitals without accents, narrowed by the email's unique part
    await admin.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(`MARIA PEREZ`);
    await expect(admin).toHaveURL(/\?q=MARIA/);
    await admin.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(customer.email.split('@')[0]!.toUpperCase());
    const row = admin.getByTestId('users-table').getByTestId('user-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.email);
    await expect(row.getByTestId('user-role')).toHaveText('Cliente');
    await expect(admin.getByTestId('users-total')).toHaveText('1 resultado');

    await row.getByRole('button', { name: `Hacer administrador: ${customer.name}` }).click();
    const question = admin.getByRole('alertdialog', { name: `¿Hacer administrador a ${customer.name}?` });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Confirmar' }).click();
    const notice = admin.getByRole('status').filter({ hasText: `${customer.name} ahora es administrador.` });
    await expect(notice).toBeVisible();
    await expect(row.getByTestId('user-role')).toHaveText('Administrador');
    // with the one-time link to pass on for the second factor
    await expect(notice).toContainText('Entréguele este enlace de un solo uso');
    const link = (await notice.getByTestId('enrolment-link').textContent())!;

    // the same session of the customer, through that link, opens the admin area at its second factor's enrolment
    await customerPage.goto(`${new URL(link).pathname}${new URL(link).hash}`);
    await expect(customerPage).toHaveURL(/\/admin$/);
    await expect(customerPage.getByRole('heading', { level: 1, name: 'Set up a second factor to continue' })).toBeVisible();
    await expect(customerPage.getByTestId('two-factor-enrolment')).toBeVisible();
  });

  test('in Spanish, the integrations page says what is connected and shows no secret', async ({ adminPage: admin }) => {
    await speakSpanish(admin);
    await admin.goto('/es/admin/integrations');
    await expect(admin.getByRole('heading', { level: 1, name: 'Integraciones' })).toBeVisible();
    const database = admin.getByRole('region', { name: 'Base de datos' });
    await expect(database).toContainText('Integrada (PGlite)');
    await expect(database).toContainText('Funciona');
    await expect(admin.getByRole('region', { name: 'Almacenamiento de archivos' })).toContainText('Disco local');
    await expect(admin.getByRole('region', { name: 'Correo electrónico' })).toContainText('Archivos (.eml, sin enviar)');
    await expect(admin.getByRole('region', { name: 'Pagos' })).toContainText('Proveedor de prueba integrado');
    await expect(admin.getByRole('region', { name: 'Límites de solicitudes' })).toContainText('Base de datos');

    // the install's secret (DATA_DIR/auth-secret) and paths appear neither on the page nor in the answer
    const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'auth-secret'), 'utf8').trim();
    expect(secret.length).toBeGreaterThan(20);
    const answer = await admin.request.get('/api/admin/integrations');
    expect(answer.status()).toBe(200);
    const body = await answer.text();
    for (const leak of [secret, process.env.E2E_DATA_DIR!, process.env.E2E_ADMIN_PASSWORD!]) {
      expect(body).not.toContain(leak);
      await expect(admin.locator('body')).not.toContainText(leak);
    }
  });

  test('a visitor joins the launch list in Spanish; the administrator sees the count and downloads it as CSV', async ({ page, adminPage: admin }) => {
    const email = uniqueEmail('lanzamiento');
    await speakSpanish(page);
    await page.goto('/es/jv-presale');
    await page.getByLabel('Correo electrónico').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Avisarme' }).click();
    await expect(page.getByRole('status').filter({ hasText: '¡Gracias! Agregamos su correo a la lista de lanzamiento.' })).toBeVisible();

    await admin.goto('/admin/users');
    const count = Number((await admin.getByTestId('launch-list-count').innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThanOrEqual(1);
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^launch-list-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('email,language,signed_up_at');
    expect(lines).toHaveLength(count + 1);
    expect(lines.filter((line) => line.toLowerCase().startsWith(`${email},es,`))).toHaveLength(1);
  });
});
