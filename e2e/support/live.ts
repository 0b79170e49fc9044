import type { Page } from '@playwright/test';

/**
 * Waits until `selector` matches, checking every 20 ms. A locator's `waitFor` backs off to 500 ms
 * between checks, so a page live after 300 ms was seen about a second later: on every navigation
 * of every journey, that was most of the browser suite's time.
 */
export async function waitForSelectorQuickly(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => document.querySelector(css) !== null, selector, { polling: 20 });
}

/**
 * Two animation frames, so the page has answered a change (a new width, a new theme), or `limit` ms
 * if it draws none: headless Chromium on a loaded machine can stop producing frames for a page, and
 * a bare requestAnimationFrame wait then hangs the test until its time limit (it did in CI).
 */
export async function afterTwoFrames(page: Page, limit = 500): Promise<void> {
  await page.evaluate(
    (ms) =>
      new Promise<void>((resolve) => {
        const fallback = setTimeout(resolve, ms);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            clearTimeout(fallback);
            resolve();
          }),
        );
      }),
    limit,
  );
}
