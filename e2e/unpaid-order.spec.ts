import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { chooseCountry, createOrder } from './support/orders';
import { english, fillAddress, fillCompanyAndContact, labelled, pdfFile, position } from './support/wizard';

/* An order nobody has paid yet can be fixed or discarded; Back from its confirmation reopens it. */

/** The identity files the server stores for an order (the app's DATA_DIR, from global-setup). */
function storedFiles(orderId: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'files', 'identity', orderId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

test.describe('an unpaid order', () => {
  test('Back from the confirmation reopens the order, not an empty wizard; Edit changes the company name and keeps the number and the passport', async ({
    customerPage: page,
    customer: { email },
  }) => {
    test.slow(); // a whole journey: the wizard twice, an upload, the dashboard
    await page.goto('/dashboard');
    await page.goto('/order');
    await fillCompanyAndContact(page, english, ['Prairie Goods LLC', 'Prairie Labs LLC', 'Prairie Holdings LLC'], email);
    await fillAddress(page, english, { line1: 'Av. Larco 123', city: 'Lima', state: 'Lima', zip: '15074' }, 'Peru');
    await chooseCountry(labelled(page, 'Nationality (country of citizenship)'), 'peru', 'Peru');
    await labelled(page, 'Passport').setInputFiles(pdfFile('passport.pdf'));
    await page.getByRole('button', { name: 'Submit order' }).click();
    await expect(page).toHaveURL(/\/order\/confirm\?orderId=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    await expect(page.getByTestId('order-number')).toHaveText(`Order #${orderNumber(orderId)}`);
    const [passportKey] = storedFiles(orderId);
    expect(passportKey).toMatch(/^passport-.+\.pdf$/);

    // Back: the order, prefilled, to fix; not step 1 of an empty wizard
    await page.goBack();
    await expect(page).toHaveURL(`/order?edit=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fix your order' })).toBeVisible();
    await expect(labelled(page, 'First choice')).toHaveValue('Prairie Goods LLC');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();

    await page.getByRole('link', { name: 'Edit order' }).click();
    await expect(page).toHaveURL(`/order?edit=${orderId}`);
    await expect(position(page)).toHaveText('Step 1 of 4');
    await labelled(page, 'First choice').fill('Prairie Summit LLC');
    await page.getByTestId('step-tab-verification').click();
    await expect(page.getByTestId('upload-passport')).toContainText('Uploaded with your order');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(`/order/confirm?orderId=${orderId}`);
    await expect(page.getByRole('region', { name: 'Company' })).toContainText('Prairie Summit LLC');
    await expect(page.getByTestId('order-number')).toHaveText(`Order #${orderNumber(orderId)}`);
    // the passport on file was kept, not uploaded again
    expect(storedFiles(orderId)).toEqual([passportKey]);

    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    const card = page.getByTestId('order-card');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('data-order-id', orderId);
    await expect(card).toContainText('Prairie Summit LLC');
    await expect(card).toContainText(`Order #${orderNumber(orderId)}`);
    await expect(card).not.toContainText('Prairie Goods LLC');
  });

  test('is discarded from the dashboard after a confirmation: its files leave storage and its card the list', async ({ customerPage: page }) => {
    const discarded = await createOrder(page.request, { companyName1: 'Gone Tomorrow LLC' });
    const kept = await createOrder(page.request, { companyName1: 'Still Here LLC' });
    expect(storedFiles(discarded)).toHaveLength(1);

    await page.goto('/dashboard');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${discarded}"]`);
    await card.getByRole('button', { name: 'Discard order' }).click();
    const dialog = page.getByRole('dialog', { name: `Discard order #${orderNumber(discarded)}?` });
    await expect(dialog).toBeVisible();
    // Keep first: nothing happens
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await expect(dialog).toBeHidden();
    expect(storedFiles(discarded)).toHaveLength(1);

    await card.getByRole('button', { name: 'Discard order' }).click();
    await dialog.getByRole('button', { name: 'Discard order' }).click();
    await expect(page.getByText(`Order #${orderNumber(discarded)} was discarded.`)).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
    await expect(card).toHaveCount(0);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-card')).toContainText('Still Here LLC');
    expect(storedFiles(discarded)).toEqual([]);
    expect(storedFiles(kept)).toHaveLength(1);
    expect((await page.request.get(`/api/orders/${discarded}`)).status()).toBe(404);
  });
});
