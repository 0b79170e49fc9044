import { expect, test } from './support/fixtures';
import { checkoutConsent, createOrder } from './support/orders';
import { password, uniqueEmail } from './support/accounts';

/* The built-in test provider's hosted page, on a phone: a card with room around it, its buttons inside. */

for (const width of [320, 390]) {
  test(`the test checkout page keeps its card off the screen's edges at ${width} px, in Spanish`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // a Spanish-speaking customer: the page speaks her language, whose button is the longer
    const signUp = await page.request.post('/api/auth/sign-up', { data: { name: 'Valentina Ruiz', email: uniqueEmail(), password, language: 'es' } });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const orderId = await createOrder(page.request);
    const checkout = await page.request.post(`/api/orders/${orderId}/checkout`, { data: checkoutConsent });
    expect(checkout.status(), await checkout.text()).toBe(200);
    await page.goto(((await checkout.json()) as { url: string }).url);
    await expect(page.getByRole('button', { name: /Pagar/ })).toBeVisible();
    const card = (await page.locator('main').boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(12);
    expect(width - (card.x + card.width)).toBeGreaterThanOrEqual(12);
    for (const button of await page.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`test-checkout-${width}.png`) });
  });
}
