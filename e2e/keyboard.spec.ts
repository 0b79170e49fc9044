import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { password, uniqueEmail } from './support/accounts';

/*
 * The whole customer journey with keys alone: Tab / Shift+Tab to move, typing, Enter and Space to
 * act; no clicks. After each route change inside the app, focus is on the new page's h1 (its name
 * is what a screen reader reads); a busy button keeps focus while it works.
 */

const passportPdf = { name: 'passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') };

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

/** After a client-side navigation: the new page's h1 has focus. */
async function expectFocusOnHeading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
}

/** Holds requests matching `url` until `release()`: the button's busy state, long enough to look at. */
async function holdRequests(page: Page, url: string | RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release(), stop: () => page.unroute(url) };
}

test('keyboard only: sign up, order with an upload, pay at the test provider, back to the dashboard', async ({ page }) => {
  test.slow(); // a whole journey through eight pages
  const name = 'Teclado Pérez';
  const email = uniqueEmail('keyboard');
  await page.goto('/');
  const header = page.locator('header');

  // header link -> /signup
  await tabTo(page, header.getByRole('link', { name: 'Sign Up' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signup$/);
  await expectFocusOnHeading(page, /./);

  // the form, typed; Enter in the last field submits
  await tabTo(page, page.getByRole('textbox', { name: /^Full name/ }));
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: /^Email/ })).toBeFocused();
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(/^Password/).first());
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectFocusOnHeading(page, /Teclado/);

  // header link -> /order: the wizard's h1
  await tabTo(page, header.getByRole('link', { name: 'Create LLC' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order$/);
  await expectFocusOnHeading(page, 'Form your US LLC');
  await expect(page).toHaveTitle(/^Form your US LLC \|/);

  // step 1: the three names; Enter in a field goes on (the wizard moves focus to the step's heading)
  const step = page.getByTestId('wizard-position');
  await tabTo(page, page.getByRole('textbox', { name: /^First choice/ }));
  await page.keyboard.type('Teclas Trading LLC');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Teclas Labs LLC');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Teclas Holdings LLC');
  await page.keyboard.press('Enter');
  await expect(step).toHaveText('Step 2 of 4');
  await expect(page.getByRole('heading', { level: 2, name: 'Contact Information' })).toBeFocused();

  // step 2 is prefilled from the account: Tab to Next
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(step).toHaveText('Step 3 of 4');

  // step 3: the address, the country chosen by typing on the select
  await tabTo(page, page.getByRole('textbox', { name: /^Address line 1/ }));
  await page.keyboard.type('Av. Larco 123');
  await tabTo(page, page.getByRole('textbox', { name: /^City/ }));
  await page.keyboard.type('Lima');
  await tabTo(page, page.getByRole('textbox', { name: /^State \/ province/ }));
  await page.keyboard.type('Lima');
  await tabTo(page, page.getByRole('textbox', { name: /^ZIP/ }));
  await page.keyboard.type('15074');
  const country = page.getByRole('combobox', { name: /^Country/ });
  await tabTo(page, country);
  await page.keyboard.type('Peru');
  await expect(country).toHaveValue('Peru');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(step).toHaveText('Step 4 of 4');

  // step 4: nationality, then the passport through the file input, opened with Space
  const nationality = page.getByRole('combobox', { name: /^Nationality/ });
  await tabTo(page, nationality);
  await page.keyboard.type('Peru');
  await expect(nationality).toHaveValue('Peru');
  await tabTo(page, page.getByLabel(/^Passport/).and(page.locator('input[type="file"]')));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(passportPdf);
  await expect(page.getByTestId('upload-passport')).toContainText('passport.pdf');

  // Submit order: busy, and still focused, until the server answers
  const submit = page.getByRole('button', { name: /^(Submit order|Submitting\.\.\.)$/ });
  await tabTo(page, submit);
  const orders = await holdRequests(page, '**/api/orders');
  await page.keyboard.press('Enter');
  await expect(submit).toHaveText(/Submitting/);
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await expect(submit).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Submitting/);
  orders.release();
  await expect(page).toHaveURL(/\/order\/confirm\?orderId=[0-9a-f-]{36}$/);
  await orders.stop();
  await expectFocusOnHeading(page, 'Review your order');

  // Proceed to Payment -> /checkout
  await tabTo(page, page.getByRole('link', { name: 'Proceed to Payment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\?orderId=/);
  await expectFocusOnHeading(page, /./);

  // the two consents, ticked with Space (docs/product.md, "Constants and limits")
  for (const name of [/^I accept the Terms/, 'I am 18 or older']) {
    const box = page.getByRole('checkbox', { name });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }

  // Complete Payment: busy and focused until the browser leaves for the provider
  const pay = page.getByRole('button', { name: /Complete Payment|Taking you to secure payment/ });
  await tabTo(page, pay);
  const checkout = await holdRequests(page, /\/api\/orders\/[^/]+\/checkout$/);
  await page.keyboard.press('Enter');
  await expect(pay).toHaveAttribute('aria-disabled', 'true');
  await expect(pay).toBeFocused();
  checkout.release();

  // the test provider's page (a page of its own): Pay with the keyboard
  await expect(page).toHaveURL(/\/api\/test-payments\/checkout\?session=/);
  await tabTo(page, page.getByRole('button', { name: 'Pay $399' }));
  await page.keyboard.press('Enter');

  // back in the app by a full page load: the page is there and named; focus starts at the top
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page).toHaveTitle(/^Payment Successful \|/);

  // Go to dashboard -> /dashboard
  await tabTo(page, page.getByRole('link', { name: 'Go to dashboard' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectFocusOnHeading(page, /Teclado/);

  // Logout (a full page load home)
  await tabTo(page, header.getByRole('button', { name: 'Log out' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('keyboard only: signed-in visitors to /login go to the dashboard; Escape closes the phone menu', async ({ customerPage: page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // a header link in the menu -> the page's h1
  await page.keyboard.press('Enter');
  await tabTo(page, menu.getByRole('link', { name: 'Create LLC' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order$/);
  await expectFocusOnHeading(page, 'Form your US LLC');
});
