import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type axe from 'axe-core';

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules: what the product promises (WCAG 2.2 AA). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page as it stands. Injected once per document (through the DevTools
 * protocol, which the page's CSP does not govern), then run directly: @axe-core/playwright
 * injected its 560 KB again and opened a blank page for every scan, 2–3 s a scan where axe
 * itself takes a few hundred milliseconds. It also reached into frames; the app has none, and a
 * page that gains one fails here instead of going unscanned. A transition still running (a toast
 * fading in) is waited for first: axe would read its colours half-blended with the page.
 */
export async function runAxe(page: Page, { include }: { include?: string } = {}): Promise<Pick<axe.AxeResults, 'violations' | 'incomplete'>> {
  if (page.frames().length !== 1) throw new Error(`runAxe scans one document; ${page.url()} has ${page.frames().length - 1} frame(s)`);
  // a spinner's endless animation is not waited for
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ include, tags }) => {
      const { violations, incomplete } = await window.axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags } });
      return { violations, incomplete };
    },
    { include, tags: wcagTags },
  );
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
