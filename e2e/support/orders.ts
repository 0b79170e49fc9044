import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TOrderInput } from '@shared/orders';
import { validOrder } from '../../src/server/test/orders';
import { expect } from './fixtures';

export { validOrder };

/** The smallest file the server accepts as a PDF (checked by content). */
export const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

/**
 * Creates an order as the signed-in user (the request carries the session cookie), with a
 * passport, as the wizard would send it; returns its id.
 */
export async function createOrder(request: APIRequestContext, overrides: Partial<TOrderInput> = {}, origin = ''): Promise<string> {
  const response = await request.post(`${origin}/api/orders`, {
    multipart: { order: JSON.stringify(validOrder(overrides)), passport: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

/**
 * Picks a country in one of the wizard's country comboboxes as a person does: types part of its
 * name, then clicks the option (named in the page's language).
 */
export async function chooseCountry(field: Locator, typed: string, option: string | RegExp) {
  await field.fill(typed);
  await field
    .page()
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
  await expect(field).toHaveValue(option);
}

/** The body of POST /api/orders/:id/checkout: the consents the checkout page asks for (docs/product.md, "Constants and limits"). */
export const checkoutConsent = { acceptTerms: true, confirmAdult: true };

/** Pays the order as its signed-in owner through the test provider, without its pages: the session from the checkout call, then its Pay form. */
export async function payThroughApi(request: APIRequestContext, orderId: string): Promise<void> {
  const checkout = await request.post(`/api/orders/${orderId}/checkout`, { data: checkoutConsent });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get('session')!;
  const paid = await request.post('/api/test-payments/checkout/pay', { form: { session }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
}

/** Ticks the checkout page's two consents, in the page's language. */
export async function acceptCheckoutTerms(page: Page, language: 'en' | 'es' = 'en') {
  const [terms, adult] = language === 'es' ? [/^Acepto los Términos/, 'Tengo 18 años o más'] : [/^I accept the Terms/, 'I am 18 or older'];
  await page.getByRole('checkbox', { name: terms }).check();
  await page.getByRole('checkbox', { name: adult }).check();
}

/** Complete Payment on /checkout, then Pay on the test provider's page (in English). */
export async function payOnCheckout(page: Page) {
  await acceptCheckoutTerms(page);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page).toHaveURL(/\/api\/test-payments\/checkout\?session=/);
  await page.getByRole('button', { name: 'Pay $399' }).click();
}
