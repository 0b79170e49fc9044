import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { password, uniqueEmail } from './support/accounts';
import { startBuiltApp } from './support/app-process';
import { runAxe } from './support/axe';
import { freePort } from '../src/server/test/ports';
import { freshTotpCode } from '../src/server/test/totp';

/*
 * Passkeys, in Spanish on a phone, with Chromium's own WebAuthn stack and its virtual
 * authenticator as the phone (a resident key, a fingerprint that matches). The app runs on its own
 * port at http://localhost: a passkey belongs to a domain, and the shared app's 127.0.0.1 is an
 * address, which WebAuthn refuses as a relying party.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'es-MX' });

test('a customer adds a passkey, signs in with it alone, removes it, and it no longer opens the account', async ({ page }) => {
  test.setTimeout(150_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-passkeys-'));
  const { APP_URL: _ignored, HOST: _host, ...env } = process.env;
  const app = await startBuiltApp({ ...env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info' }, dataDir);
  try {
    const origin = `http://localhost:${port}`;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const email = uniqueEmail();
    const signUp = await page.request.post(`${origin}/api/auth/sign-up`, { data: { name: 'Valentina Ríos Castañeda', email, password, language: 'es' } });
    expect(signUp.status(), await signUp.text()).toBe(201);

    await page.goto(`${origin}/es/dashboard/security`);
    const panel = page.getByRole('region', { name: 'Llaves de acceso' });
    await expect(panel.getByText('Todavía no tiene llaves de acceso.')).toBeVisible();
    // a password alone adds no passkey: the page says the way there is the authenticator app
    await expect(panel.getByText(/^Para agregar una llave de acceso, primero configure la aplicación de autenticación/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Agregar una llave de acceso' })).toHaveCount(0);
    const setup = await page.request.post(`${origin}/api/me/two-factor/enable`, { data: { password } });
    expect(setup.status(), await setup.text()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const confirmed = await page.request.post(`${origin}/api/me/two-factor/confirm`, { data: { code: await freshTotpCode(secret) } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await page.reload();
    await panel.getByRole('button', { name: 'Agregar una llave de acceso' }).click();
    await expect(panel.getByRole('heading', { name: 'Agregar una llave de acceso' })).toBeFocused();
    await panel.getByLabel(/^Nombre de la llave de acceso/).fill('Celular de Valentina');
    await panel.getByLabel(/^Su contraseña/).fill(password);
    await panel.getByRole('button', { name: 'Crear llave de acceso' }).click();
    await expect(page.getByText('Llave de acceso agregada')).toBeVisible();
    const list = panel.getByRole('list', { name: 'Llaves de acceso' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Celular de Valentina');
    await expect(list).toBeFocused();
    // the phone holds one discoverable passkey for this site
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((credential) => ({ rpId: credential.rpId, resident: credential.isResidentCredential }))).toEqual([
      { rpId: 'localhost', resident: true },
    ]);
    const { violations } = await runAxe(page);
    expect(violations.map((violation) => violation.id)).toEqual([]);

    // signed out: no email, no password, the fingerprint alone
    await page.context().clearCookies();
    await page.goto(`${origin}/es/login`);
    await page.getByRole('button', { name: 'Usar una llave de acceso' }).click();
    await expect(page).toHaveURL(`${origin}/es/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Valentina');
    const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(used!.signCount).toBeGreaterThan(credentials[0]!.signCount);

    // removed on the Security page, the same passkey opens nothing
    await page.goto(`${origin}/es/dashboard/security`);
    await panel.getByRole('button', { name: 'Quitar la llave de acceso Celular de Valentina' }).click();
    await expect(panel.getByText('Todavía no tiene llaves de acceso.')).toBeVisible();
    await page.context().clearCookies();
    await page.goto(`${origin}/es/login`);
    await page.getByRole('button', { name: 'Usar una llave de acceso' }).click();
    await expect(page.getByRole('alert')).toContainText('Esa llave de acceso no funcionó aquí.');
    await expect(page).toHaveURL(`${origin}/es/login`);
  } finally {
    await app.stop();
  }
});
