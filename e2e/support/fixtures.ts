import { test as base, expect, type Page } from '@playwright/test';
import { waitForSelectorQuickly } from './live';
import { signInAsAdministrator, signUpThroughApi, type Account } from './accounts';

/**
 * Fails the test on the page's uncaught errors and unexpected console.errors (collected in
 * `errors`), and makes every navigation by URL wait for the page to be live.
 */
function watch(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // a failed request's message does not say which URL: add it, to make failures readable
    if (message.type() !== 'error') return;
    const url = message.location().url ?? '';
    // the browser logs every 4xx answer; an API refusing a request is behaviour the tests assert
    // through the UI. Missing assets (404 on a non-API path) and 5xx still fail the test.
    if (/status of 4\d\d/.test(message.text()) && new URL(url, 'http://x').pathname.startsWith('/api/')) return;
    errors.push(`console.error: ${message.text()} ${url}`.trim());
  });
  waitForLiveAfterGoto(page);
}

/**
 * A prerendered page shows its buttons before React has taken them over, and a click then would do
 * nothing (or submit the form natively, emptying it): every navigation by URL of `page` waits for
 * the page to be live. The fixtures' pages have it; a test's own page (its own context) calls it.
 */
export function waitForLiveAfterGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (await page.locator('#root[data-prerendered]').count()) await waitForSelectorQuickly(page, 'html[data-hydrated]');
    return response;
  };
}

interface Fixtures {
  consoleErrors: string[];
  /** a fresh customer account, created through the API in `page`'s context: `page` is signed in as it */
  customer: Account;
  /** `page`, signed in as a fresh customer (see `customer`); it has not opened any URL yet */
  customerPage: Page;
  /** a page of its own browser context, signed in as the administrator global-setup made */
  adminPage: Page;
}

/**
 * baseURL comes from the app started in global-setup; every page fails its test on an
 * uncaught error or a console.error it did not expect. Accounts are made through the API:
 * only e2e/auth.spec.ts signs up and in through the forms, which is what it tests.
 */
export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // checked after every page that reports into it has closed
  consoleErrors: async ({}, use, testInfo) => {
    const errors: string[] = [];
    await use(errors);
    const expected = testInfo.annotations.filter((a) => a.type === 'allow-console-error').map((a) => a.description ?? '');
    const unexpected = errors.filter((text) => !expected.some((pattern) => text.includes(pattern)));
    expect(unexpected, 'unexpected browser errors').toEqual([]);
  },
  page: async ({ page, consoleErrors }, use) => {
    watch(page, consoleErrors);
    await use(page);
  },
  customer: async ({ page }, use) => {
    await use(await signUpThroughApi(page.request));
  },
  customerPage: async ({ page, customer: _signedIn }, use) => {
    await use(page);
  },
  adminPage: async ({ browser, baseURL, consoleErrors }, use, testInfo) => {
    const context = await browser.newContext({ baseURL, locale: testInfo.project.use.locale });
    const page = await context.newPage();
    watch(page, consoleErrors);
    await signInAsAdministrator(context, baseURL!);
    await use(page);
    await context.close();
  },
});

export { expect };
