import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { checkoutConsent, createOrder } from './support/orders';

/*
 * The CSP lets no inline <style> in. What styled itself that way (the toasts' library,
 * the built-in test checkout page) still looks as it should, and the browser reports nothing.
 */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('styles under the content security policy', () => {
  test('a toast is styled by its stylesheet, with no inline <style> and no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/login');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('input[type=email]').fill('nobody@example.com');
    await page.locator('input[type=password]').fill('not the password at all');
    await page.locator('form button[type=submit]').click();
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    // sonner's own rules: the region is fixed to the viewport, the toast absolutely placed in it
    await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
    await expect(toast).toHaveCSS('position', 'absolute');
    expect(await page.locator('style').count()).toBe(0);
    expect(await violations()).toEqual([]);
  });

  test('the test checkout page keeps its look under its own policy', async ({ customerPage: page }) => {
    const violations = await watchViolations(page);
    const orderId = await createOrder(page.request);
    const checkout = await page.request.post(`/api/orders/${orderId}/checkout`, { data: checkoutConsent });
    await page.goto((await checkout.json()).url as string);
    await expect(page.getByRole('button', { name: 'Pay $399' })).toHaveCSS('background-color', 'rgb(30, 58, 95)');
    expect(await violations()).toEqual([]);
  });
});
