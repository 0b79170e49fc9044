import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { startBuiltApp } from './support/app-process';
import { acceptCheckoutTerms, createOrder } from './support/orders';
import { freePort } from '../src/server/test/ports';

/**
 * README: `PORT=4000 npm start` works end to end with no APP_URL. The app runs as a newcomer
 * starts it (only PORT and DATA_DIR set), and the payment's redirect and the welcome email's
 * link must come back to that port, not to :3000.
 */
test('an app started on another port without APP_URL sends the payer back to its own port', async ({ page }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-port-'));
  const { APP_URL: _ignored, HOST: _host, ...env } = process.env;
  const app = await startBuiltApp({ ...env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info' }, dataDir);
  try {
    const origin = `http://localhost:${port}`;
    const email = `port-${Date.now().toString(36)}@example.com`;
    const signUp = await page.request.post(`${origin}/api/auth/sign-up`, { data: { name: 'Lucía Fernández', email, password: 'a sturdy test passphrase' } });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const orderId = await createOrder(page.request, {}, origin);

    await page.goto(`${origin}/checkout?orderId=${orderId}`);
    await acceptCheckoutTerms(page);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/api/test-payments/checkout\\?session=`));
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/payment-success\\?session_id=cs_test_\\w+$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

    const outbox = path.join(dataDir, 'outbox');
    const welcome = fs
      .readdirSync(outbox)
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
      .find((text) => text.includes(`To: ${email}`));
    expect(welcome?.replace(/=\r?\n/g, '')).toContain(`${origin}/dashboard`);
  } finally {
    await app.stop();
  }
});
