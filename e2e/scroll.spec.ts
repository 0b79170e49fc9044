import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * Back and Forward return to where a page was read; a new navigation starts at the top,
 * or at its anchor; a malformed anchor breaks nothing.
 */
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe('scroll restoration', () => {
  test('Back and Forward restore the position of each page; a link to a page already seen opens it at the top', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#faq')).toBeAttached();
    // down to the footer, where the reader clicks on
    const terms = page.locator('footer').getByRole('link', { name: 'Terms & Conditions' });
    await terms.scrollIntoViewIfNeeded();
    const homeY = await scrollY(page);
    expect(homeY).toBeGreaterThan(1000);
    await terms.click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => scrollY(page)).toBe(400);

    await page.goBack();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect.poll(() => scrollY(page)).toBe(homeY);

    await page.goForward();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => scrollY(page)).toBe(400);

    // the logo is a new visit to the home page, not a return to it
    await page.locator('header').getByRole('link', { name: 'Frontera US LLC formation' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('a reload keeps the position, and an anchor that is not valid %-encoding raises no error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/privacy');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => scrollY(page)).toBe(600);
    await page.reload();
    await expect.poll(() => scrollY(page)).toBe(600);

    await page.goto('/terms#%E0');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
