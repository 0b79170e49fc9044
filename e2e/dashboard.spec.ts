import { expect, test } from './support/fixtures';
import { createOrder } from './support/orders';

test.describe('customer dashboard', () => {
  test('opening an order card by Enter or a click keeps the keyboard on it while its details load', async ({ customerPage: page }) => {
    await createOrder(page.request);
    await createOrder(page.request, { companyName1: 'Pampa Goods LLC', companyName2: 'Pampa Labs LLC', companyName3: 'Pampa Holdings LLC' });
    await page.goto('/es/dashboard');
    const andes = page.getByRole('button', { name: /Andes Trading LLC/ });
    await andes.focus();
    await page.keyboard.press('Enter');
    await expect(andes).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: /Andes Trading LLC/ }).getByText('Cargando los detalles del pedido')).toHaveCount(0);
    await expect(page.getByRole('region', { name: /Andes Trading LLC/ })).toContainText('Wyoming');
    await expect(andes).toBeFocused();
    const pampa = page.getByRole('button', { name: /Pampa Goods LLC/ });
    await pampa.click();
    await expect(page.getByRole('region', { name: /Pampa Goods LLC/ })).toContainText('Wyoming');
    await expect(pampa).toBeFocused();
  });

  test('a new customer sees the empty state, then their order with Proceed to Payment and its details', async ({ customerPage: page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Ana María!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create your first LLC' })).toHaveAttribute('href', '/order');
    // nothing to count and no current order yet
    await expect(page.getByTestId('stat-total')).toHaveCount(0);
    await expect(page.getByTestId('order-now')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Dashboard \|/);

    const orderId = await createOrder(page.request);
    await page.reload();
    const cardButton = page.getByRole('button', { name: /Andes Trading LLC/ });
    await expect(cardButton).toBeVisible();
    await expect(cardButton).toContainText('Wyoming');
    await expect(cardButton).toContainText(`Order #${orderId.slice(0, 8).toUpperCase()}`);
    await expect(cardButton.getByText('Pending Payment')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Proceed to Payment' })).toHaveAttribute('href', `/checkout?orderId=${orderId}`);
    await expect(page.getByTestId('order-now-stage')).toHaveText('Waiting for your payment.');
    await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/checkout?orderId=${orderId}`);
    await expect(page.getByTestId('stat-total')).toHaveCount(0);

    // the order's details (already read for its state at the top) show on expansion
    await cardButton.click();
    await expect(cardButton).toHaveAttribute('aria-expanded', 'true');
    const details = page.getByRole('region', { name: /Andes Trading LLC/ });
    // what she typed is folded under the steps: one click (its summary) opens it
    await expect(details.getByText('Andes Imports LLC')).toBeHidden();
    await details.getByText('Your order as you entered it, and the payment').click();
    for (const text of ['Andes Imports LLC', 'Andes Global LLC', 'Av. Larco 123', 'Peruvian', '$399'])
      await expect(details.getByText(text, { exact: false }).first()).toBeVisible();
    await expect(details.getByText(/^No documents yet/)).toBeVisible();

    // the customer's own passport opens through the authorized download, with the session cookie
    const passport = details.getByRole('link', { name: /Passport/ });
    await expect(passport).toHaveAttribute('target', '_blank');
    const href = await passport.getAttribute('href');
    expect(href).toBe(`/api/orders/${orderId}/identity/passport`);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');

    await cardButton.click();
    await expect(cardButton).toHaveAttribute('aria-expanded', 'false');
    await expect(details).toBeHidden();
  });

  test('speaks Spanish after switching language', async ({ customerPage: page }) => {
    await createOrder(page.request);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: /Andes Trading LLC/ })).toBeVisible();

    await page.getByTestId('language-switch').first().click();
    await expect(page.getByRole('heading', { name: '¡Hola de nuevo, Ana María!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mis pedidos' })).toBeVisible();
    const cardButton = page.getByRole('button', { name: /Andes Trading LLC/ });
    await expect(cardButton.getByText('Pago pendiente')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Proceder al pago' })).toBeVisible();
    // one order: its state and next step lead, and no count tiles
    await expect(page.getByTestId('order-now-stage')).toHaveText('Esperamos su pago.');
    await expect(page.getByRole('link', { name: 'Pagar ahora' })).toBeVisible();
    await expect(page.getByText('Pedidos totales')).toBeHidden();

    await cardButton.click();
    const details = page.getByRole('region', { name: /Andes Trading LLC/ });
    await details.getByText('Su pedido tal como lo ingresó, y el pago').click();
    await expect(details.getByText('Nombres de la empresa')).toBeVisible();
    await expect(details.getByText('Peruana')).toBeVisible();
    await expect(details.getByText(/^Aún no hay documentos/)).toBeVisible();
  });

  test('fits a 320 px phone with a long name and a 44-character email, in Spanish', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const email = `maria.fernanda.gonzalez.${Date.now().toString(36)}@gmail.com`;
    const signUp = await page.request.post('/api/auth/sign-up', {
      data: { name: 'María Fernanda González Rodríguez', email, password: 'a sturdy test passphrase', language: 'es' },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/es/dashboard');
    await expect(page.getByRole('heading', { name: 'Mis pedidos' })).toBeVisible();
    // the side cards used to widen the page to the email's width (the grid's single column grew with it)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // and the email wraps, whole, rather than being cut off with an ellipsis
    // (the account card's line; the banner asking to confirm the address names it in a sentence)
    const shown = page.getByText(email, { exact: true });
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
});
