import { test as base, expect } from '@playwright/test';

/**
 * baseURL comes from the app started in global-setup; every page fails its test on an
 * uncaught error or a console.error it did not expect.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors }, use, testInfo) => {
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // a failed request's message does not say which URL: add it, to make failures readable
      if (message.type() !== 'error') return;
      const url = message.location().url ?? '';
      // the browser logs every 4xx answer; an API refusing a request is behaviour the tests assert
      // through the UI. Missing assets (404 on a non-API path) and 5xx still fail the test.
      if (/status of 4\d\d/.test(message.text()) && new URL(url, 'http://x').pathname.startsWith('/api/')) return;
      consoleErrors.push(`console.error: ${message.text()} ${url}`.trim());
    });
    // A prerendered page shows its buttons before React has taken them over, and a click then
    // would do nothing: every navigation by URL waits for the page to be live.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (await page.locator('#root[data-prerendered]').count()) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
    const expected = testInfo.annotations.filter((a) => a.type === 'allow-console-error').map((a) => a.description ?? '');
    const unexpected = consoleErrors.filter((text) => !expected.some((pattern) => text.includes(pattern)));
    expect(unexpected, 'unexpected browser errors').toEqual([]);
  },
});

export { expect };
