import { expect, test } from './support/fixtures';

test.describe('state guides', () => {
  test('arrive rendered in their URL’s language, readable without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'en-US', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/es/states/wyoming');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle('LLC en Wyoming: tarifas, informe anual y reglas | Frontera');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Constituir una LLC en Wyoming');
    await expect(page.getByTestId('state-guide-filingFee')).toHaveText('US$100');
    const missing = await page.goto('/states/atlantis');
    expect(missing?.status()).toBe(404);
    await context.close();
  });

  test('from the state costs to a guide, and on to the wizard with the state chosen', async ({ customerPage: page }) => {
    await page.goto('/es/state-costs');
    await page.getByTestId('state-costs-table').getByRole('link', { name: 'Nuevo México', exact: true }).click();
    await expect(page).toHaveURL(/\/es\/states\/new-mexico$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Constituir una LLC en Nuevo México');
    await page.getByRole('link', { name: 'Constituya su LLC en Nuevo México' }).first().click();
    await expect(page).toHaveURL(/\/es\/order\?state=NM$/);
    await expect(page.locator('select').first()).toHaveValue('NM');
    // the wizard's hint links back to the guide, in a new tab so that nothing typed is lost
    const guide = page.getByRole('link', { name: 'Guía de Nuevo México (se abre en una pestaña nueva)' });
    await expect(guide).toHaveAttribute('href', '/es/states/new-mexico');
    await expect(guide).toHaveAttribute('target', '_blank');
  });
});
