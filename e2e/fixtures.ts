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
      if (message.type() === 'error') consoleErrors.push(`console.error: ${message.text()} ${message.location().url ?? ''}`.trim());
    });
    await use(page);
    const expected = testInfo.annotations.filter((a) => a.type === 'allow-console-error').map((a) => a.description ?? '');
    const unexpected = consoleErrors.filter((text) => !expected.some((pattern) => text.includes(pattern)));
    expect(unexpected, 'unexpected browser errors').toEqual([]);
  },
});

export { expect };
