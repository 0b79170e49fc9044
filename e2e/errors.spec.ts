import { expect, test } from './support/fixtures';

/**
 * After a deploy, a tab opened before it asks for page chunks that are gone (404): the app reloads
 * once to get the new ones, and if the chunk is still missing shows the error screen inside the
 * site frame instead of a blank page, and does not reload again.
 */
test('a page chunk that 404s reloads the page once, then shows the error screen with the header still working', async ({ page }) => {
  test
    .info()
    .annotations.push(
      { type: 'allow-console-error', description: 'Failed to load resource' },
      { type: 'allow-console-error', description: 'dynamically imported module' },
    );
  await page.route(/\/assets\/login-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  const loginDocuments: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === '/login') loginDocuments.push(request.url());
  });

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();

  const heading = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText('Reload it to get the latest version')).toBeVisible();
  expect(loginDocuments).toHaveLength(1);
  await expect(page).toHaveURL(/\/login$/);

  // the frame around it still works: the home link leaves the broken page
  await page.getByRole('link', { name: 'Return to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Something went wrong');
  expect(loginDocuments).toHaveLength(1);
});

/** An error no code caught is reported to our own server, the page's path without its query. */
test('an uncaught error in the browser is reported to /api/client-errors', async ({ page }) => {
  test.info().annotations.push({ type: 'allow-console-error', description: 'pageerror: Ventana rota' });
  await page.goto('/es?utm_source=whatsapp');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const reported = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/client-errors');
  await page.evaluate(() =>
    setTimeout(() => {
      throw new TypeError('Ventana rota');
    }),
  );
  const request = await reported;
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toMatchObject({ kind: 'error', name: 'TypeError', message: 'Ventana rota', path: '/es' });
  expect((await request.response())?.status()).toBe(204);
});
