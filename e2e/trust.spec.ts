import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { freshTotpCode } from '../src/server/test/totp';
import { expect, test } from './support/fixtures';
import { password, signUpThroughApi } from './support/accounts';
import { createOrder } from './support/orders';

/*
 * The second factor's journeys, in Spanish on a phone: an administrator sets up a second factor with a code
 * the test computes like a phone would, signs out, signs in with password and code, opens a
 * customer's passport, and finds the look in the order's access log; a customer takes their data
 * and erases their account.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'es-MX' });

test('a new administrator enrolls a second factor, signs in again with a code, opens a passport and sees the access log', async ({
  page,
  adminPage: admin,
  browser,
  baseURL,
}) => {
  test.slow(); // an enrolment, two sign-ins and a file
  // a customer's order with a passport
  const customerContext = await browser.newContext({ baseURL });
  await signUpThroughApi(customerContext.request, 'Rosa Quispe Mamani');
  const orderId = await createOrder(customerContext.request);
  await customerContext.close();

  // a colleague makes the new account an administrator: it has no second factor yet
  const account = await signUpThroughApi(page.request, 'Tomás Ñáñez');
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const promoted = await admin.request.patch(`/api/admin/users/${me.user.id}/role`, { data: { isAdmin: true } });
  expect(promoted.status()).toBe(200);
  // the password alone opens no enrolment: the screen asks for the one-time link
  await page.goto('/es/admin/orders');
  await expect(page.getByTestId('enrolment-link-required')).toContainText('se necesita el enlace de un solo uso');
  await expect(page.getByLabel(/^Su contraseña/)).toHaveCount(0);
  // the colleague passes the link on; it opens the admin area's enrolment, and leaves the address bar
  const { enrolmentLink } = (await promoted.json()) as { enrolmentLink: { url: string } };
  await page.goto(`/es${new URL(enrolmentLink.url).pathname}${new URL(enrolmentLink.url).hash}`);
  await expect(page).toHaveURL(/\/es\/admin$/);
  expect(new URL(page.url()).hash).toBe('');
  const heading = page.getByRole('heading', { level: 1, name: 'Configure un segundo factor para continuar' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  // the server opens nothing before: the list's own request is refused with the enrolment code
  const refused = await page.request.get('/api/admin/orders');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('second_factor_required');

  await page.getByLabel(/^Su contraseña/).fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: /Escanee el código QR/ })).toBeFocused();
  await expect(page.getByRole('img', { name: 'Código QR para agregar Frontera a una aplicación de autenticación' })).toBeVisible();
  // on the phone that shows the QR code it cannot be scanned: the key is copied (or the app opened with it)
  await expect(page.getByRole('link', { name: 'Abrir en la aplicación de autenticación' })).toHaveAttribute('href', /^otpauth:\/\/totp\/Frontera:/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.getByRole('button', { name: 'Copiar la clave' }).click();
  await expect(page.getByRole('button', { name: 'Clave copiada' })).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(/^\S{16,}$/); // the key itself: no spaces, as apps take it
  await page.getByLabel(/^Código de la aplicación/).fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: /Guarde sus códigos de recuperación/ })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
  // the page the link opened: the team's queue
  await expect(page.getByRole('heading', { level: 1, name: 'Trabajo pendiente' })).toBeVisible();

  // signed out, the password alone is not enough: the code is asked next
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/es\/?$/);
  await page.goto('/es/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const code = page.getByLabel(/^Código de autenticación/);
  await expect(code).toBeFocused();
  await code.fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/es\/admin\/orders$/);

  // the passport opens in a new tab, and the order's access log names who opened it
  await page.goto(`/es/admin/orders/${orderId}`);
  const log = page.getByRole('region', { name: 'Registro de accesos' });
  await expect(log).toContainText('Nadie del equipo ha abierto estos archivos.');
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /^Pasaporte/ }).click()]);
  await tab.waitForLoadState();
  await tab.close();
  await page.reload();
  await expect(page.getByTestId('identity-access-log')).toContainText('Tomás Ñáñez · Pasaporte');
  await expect(page.getByTestId('identity-access-log')).toContainText('desde 127.0.0.1');
});

test('a customer downloads their data as a ZIP, then deletes the account, and cannot sign in again', async ({ customerPage: page, customer }) => {
  test.slow(); // an export prepared in the background, then a deletion
  await createOrder(page.request);
  await page.goto('/es/dashboard');
  await page.getByRole('navigation', { name: 'Acciones rápidas' }).getByRole('link', { name: 'Seguridad y privacidad' }).click();
  await expect(page).toHaveURL(/\/es\/dashboard\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seguridad' })).toBeVisible();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Desactivado');

  await page.getByRole('button', { name: 'Preparar mis datos' }).click();
  const ready = page.getByRole('link', { name: /^Archivo listo: descargar/ });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), ready.click()]);
  const zip = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  const account = JSON.parse(strFromU8(zip['account.json']!)) as Record<string, unknown>;
  expect(JSON.stringify(account)).toContain(customer.email);
  expect(Object.keys(zip).some((name) => name.startsWith('files/') && name.endsWith('.pdf'))).toBe(true);

  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar su cuenta?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Contraseña/).fill('not the password at all');
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(dialog).toContainText('La contraseña no es correcta.');
  await dialog.getByLabel(/^Contraseña/).fill(password);
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(page).toHaveURL(/\/es\/?$/);
  await expect(page.getByText('Su cuenta se eliminó.')).toBeVisible();

  // no login is left, and the same address can open a new account
  const signIn = await page.request.post('/api/auth/sign-in', { data: { email: customer.email, password } });
  expect(signIn.status()).toBe(401);
  const again = await page.request.post('/api/auth/sign-up', { data: { name: customer.name, email: customer.email, password } });
  expect(again.status()).toBe(201);
});
