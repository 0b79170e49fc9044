import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signUpThroughApi } from './support/accounts';
import { acceptCheckoutTerms, checkoutConsent, createOrder as createOrderFor } from './support/orders';

const createOrder = (page: Page) => createOrderFor(page.request);

test.describe('payment', () => {
  test('confirm -> checkout -> test provider Pay -> success page -> dashboard shows the order paid', async ({ customerPage: page }) => {
    const orderId = await createOrder(page);
    const number = orderId.slice(0, 8).toUpperCase();

    await page.goto('/dashboard');
    // one order: its state leads the page (no count tiles)
    await expect(page.getByTestId('order-now-stage')).toHaveText('Waiting for your payment.');
    await expect(page.getByTestId('stat-total')).toHaveCount(0);

    await page.goto(`/order/confirm?orderId=${orderId}`);
    await page.getByRole('link', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(`/checkout?orderId=${orderId}`);
    await expect(page).toHaveTitle(/^Checkout \|/);
    await expect(page.getByTestId('company-name')).toHaveText('Andes Trading LLC');
    await expect(page.getByText('Wyoming LLC')).toBeVisible();
    await expect(page.getByTestId('total')).toHaveText('$399');
    await expect(page.getByText('Included', { exact: true })).toBeVisible();
    await expect(page.getByText('from 500+ reviews')).toBeVisible();

    await acceptCheckoutTerms(page);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page).toHaveURL(/\/api\/test-payments\/checkout\?session=/);
    await expect(page.getByTestId('amount')).toHaveText('$399');
    await page.getByRole('button', { name: 'Pay $399' }).click();

    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_\w+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.getByTestId('payment-status')).toHaveText('Completed');
    // the order's one state and next step, as the dashboard says it
    await expect(page.getByTestId('order-now-stage')).toHaveText('Paid. We need your company details to prepare the filing.');
    await expect(page.getByTestId('order-now-next')).toHaveText('Complete your company details');
    const billing = page.getByRole('region', { name: 'Billing address and nationality' });
    await expect(billing.getByText('Peruvian')).toBeVisible();

    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    const card = page.getByRole('button', { name: /Andes Trading LLC/ });
    await expect(card).toContainText(`Order #${number}`);
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByTestId('order-now-stage')).toHaveText('Paid. We need your company details to prepare the filing.');
    await expect(page.getByRole('link', { name: 'Complete your company details' })).toBeVisible();

    // paid: checkout says so instead of offering to pay twice
    await page.goto(`/checkout?orderId=${orderId}`);
    await expect(page.getByText('This order is already paid')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Payment' })).toHaveCount(0);
  });

  test('in Spanish: Cancel on the provider page lands on the cancelled page, and Try Again returns to the same order', async ({ customerPage: page }) => {
    const orderId = await createOrder(page);
    await page.goto('/dashboard');
    await page.getByTestId('language-switch').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.goto(`/es/checkout?orderId=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Complete su pedido' })).toBeVisible();
    await expect(page.getByText('Incluidas', { exact: true })).toBeVisible();
    await acceptCheckoutTerms(page, 'es');
    await page.getByRole('button', { name: 'Completar pago' }).click();
    await expect(page).toHaveURL(/\/api\/test-payments\/checkout\?session=/);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // the provider sends a Spanish customer back to the Spanish page
    await expect(page).toHaveURL(`/es/payment-cancelled?order_id=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pago cancelado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/es/dashboard');
    await page.getByRole('link', { name: 'Inténtelo de nuevo' }).click();
    await expect(page).toHaveURL(`/es/order/confirm?orderId=${orderId}`);
    await expect(page.getByRole('link', { name: 'Continuar al pago' })).toBeVisible();

    const order = await page.request.get(`/api/orders/${orderId}`);
    expect(((await order.json()) as { order: { status: string } }).order.status).toBe('pending_payment');
  });

  test("someone else's order and payment show nothing of it", async ({ customerPage: page, browser }) => {
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 404' });
    // the owner opens a checkout session
    const owner = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await signUpThroughApi(owner.request, 'Olga Owner');
    const orderId = await createOrder(owner);
    expect((await owner.request.post(`/api/orders/${orderId}/checkout`, { data: checkoutConsent })).status()).toBe(200);
    await owner.close();

    await page.goto(`/checkout?orderId=${orderId}`);
    await expect(page).toHaveURL(/\/order$/);
    await page.goto('/payment-success?session_id=cs_test_not_yours');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not show this payment' })).toBeVisible();
    await expect(page.getByText('Andes Trading LLC')).toHaveCount(0);
    await page.goto('/payment-success');
    await expect(page).toHaveURL('/dashboard');
  });
});
