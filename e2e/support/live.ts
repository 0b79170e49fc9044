import type { Page } from '@playwright/test';

/**
 * Waits until `selector` matches, checking every 20 ms. A locator's `waitFor` backs off to 500 ms
 * between checks, so a page live after 300 ms was seen about a second later: on every navigation
 * of every journey, that was most of the browser suite's time.
 */
export async function waitForSelectorQuickly(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => document.querySelector(css) !== null, selector, { polling: 20 });
}
