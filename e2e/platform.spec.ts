import { expect, test } from './support/fixtures';

test.describe('platform', () => {
  test('switching the language changes the header and <html lang>, and survives a reload', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(header.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    const switchButton = header.getByTestId('language-switch').first();
    await expect(switchButton).toHaveText('ES');

    await switchButton.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(header.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
    await expect(header.getByTestId('language-switch').first()).toHaveText('EN');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
    // the same page at its Spanish address: a reload, a shared link and Back keep to it
    await expect(page).toHaveURL(/\/es\/$/);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(header.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
    // links keep the language; Back returns to the English address and its language
    await expect(header.getByRole('link', { name: 'Iniciar sesión' }).first()).toHaveAttribute('href', '/es/login');
    await page.goBack();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a language chosen just before leaving the page is the one / opens in next time', async ({ page }) => {
    await page.goto('/');
    // the Spanish texts this page asks for never arrive: it is left while the switch still waits
    let holding = true;
    await page.route('**/assets/**', (route) => (holding ? undefined : route.continue()));
    const requested = page.waitForRequest('**/assets/**');
    await page.locator('header').getByTestId('language-switch').first().click();
    await requested;
    holding = false;

    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('a Spanish browser starts in Spanish', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'es-MX', baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await context.close();
  });

  test('the theme choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByTestId('theme-switch').first().click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByTestId('theme-switch').first().click();
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('an unknown path shows the 404 screen with a link home', async ({ page }) => {
    // the document itself answers HTTP 404, which Chromium reports on the console
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 404' });
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('paths under /affiliate render nothing instead of the 404 screen', async ({ page }) => {
    await page.goto('/affiliate/some-partner');
    await expect(page.locator('header')).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  });

  test('the footer links the home anchors, the legal pages and the support address', async ({ page }) => {
    await page.goto('/terms');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByTestId('support-email')).toHaveText('support@example.com');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await footer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator('#faq')).toBeInViewport();
  });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await toggle.click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
  });
});
