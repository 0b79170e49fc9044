import { expect, test } from './support/fixtures';

/**
 * The JSON-LD blocks are data, not scripts: the CSP (inline scripts only by hash) must neither
 * block nor report them, and the hydrated app must leave them in the head.
 */
test.describe('search-engine tags in the browser', () => {
  for (const path of ['/', '/es/', '/es/terms', '/state-costs']) {
    test(`${path}: structured data raises no CSP violation and stays after hydration`, async ({ page }) => {
      await page.addInitScript(() => {
        (window as unknown as { cspViolations: string[] }).cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
        );
      });
      await page.goto(path);
      const blocks = page.locator('head script[type="application/ld+json"]');
      expect(await blocks.count()).toBeGreaterThanOrEqual(2);
      for (const text of await blocks.allTextContents()) expect(JSON.parse(text)).toMatchObject({ '@context': 'https://schema.org' });
      // none at all: zod's eval probe (on /state-costs) is off in the browser (client/main.tsx)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations).toEqual([]);
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path.replace(/\//g, '\\/')}$`));
    });
  }
});
