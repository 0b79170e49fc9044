import type { Page } from '@playwright/test';

/** No transitions or animations: colours and positions are read in their final state. */
export const stillCss = '*,*::before,*::after{transition:none!important;animation-duration:0s!important;animation-delay:0s!important}';

/**
 * Applies `stillCss` as a constructed stylesheet: the app's CSP lets no inline <style> in (issue
 * 33), and a stylesheet made through the CSSOM is the page's own script's, which the CSP allows.
 */
export async function stillPage(page: Page): Promise<void> {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, stillCss);
}
