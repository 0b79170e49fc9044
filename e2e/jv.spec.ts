import { expect, test } from './support/fixtures';

/** Every partner page renders its heading in both languages, with the links docs/product.md, "Client routes" asks for. */
const pages = [
  { path: '/jv-sales', en: 'Your US LLC and EIN, done for you', es: 'Su LLC en EE. UU. y su EIN, tramitados por nosotros' },
  { path: '/jv-page', en: 'Your US LLC and EIN, done for you', es: 'Su LLC en EE. UU. y su EIN, tramitados por nosotros' },
  { path: '/jv-partner', en: 'Earn $100 for every LLC you refer', es: 'Gane US$100 por cada LLC que recomiende' },
  { path: '/jv-presale', en: 'The Frontera partner launch is open', es: 'El lanzamiento para socios de Frontera está abierto' },
  { path: '/jv-support', en: 'How can we help?', es: '¿Cómo podemos ayudarle?' },
  { path: '/affiliate-partner', en: 'Become a Frontera affiliate partner', es: 'Hágase socio afiliado de Frontera' },
];

test.describe('partner pages', () => {
  for (const { path, en, es } of pages) {
    test(`${path} in English and Spanish`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: en })).toBeVisible();
      await page.getByTestId('language-switch').first().click();
      await expect(page.getByRole('heading', { level: 1, name: es })).toBeVisible();
      await expect(page).toHaveTitle(/Frontera$/);
    });
  }

  test('the sales page shows the offer figures and links to the checkout and the partner page', async ({ page }) => {
    await page.goto('/jv-sales');
    for (const figure of ['$549', '$700+', '4.7/5', '10,000+', 'Total bonus value: $640', 'Only 47 formations left at this price']) {
      await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
    }
    // JV_CHECKOUT_URL is not configured in this run: no button that would do nothing
    await expect(page.getByTestId('checkout-link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /See the partner program/ })).toHaveAttribute('href', '/jv-partner');
  });

  test('the partner page links to /jv-sales and to the legal pages; the unconfigured marketplace is hidden', async ({ page }) => {
    await page.goto('/jv-partner');
    // AFFILIATE_MARKETPLACE_URL is not configured in this run (its new-tab link is a dom test)
    await expect(page.getByTestId('marketplace-link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View the sales page' })).toHaveAttribute('href', '/jv-sales');
    const footer = page.getByRole('navigation', { name: 'Partner program links' });
    for (const href of ['/', '/jv-sales', '/terms', '/privacy', '/refund']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    for (const size of ['728x90', '300x250', '160x600', '1080x1080']) await expect(page.getByText(size, { exact: true })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(4);
    await page.getByText('When am I paid?').click();
    await expect(page.getByText('Payouts go out 7-14 days after the sale')).toBeVisible();
    await page.getByText('How fast do commissions show up?').click();
    await expect(page.getByText('within 24-48 hours')).toBeVisible();
  });
});
