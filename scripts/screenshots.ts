/**
 * Screenshots of pages at phone and desktop widths in both languages, for looking at what we built.
 * Usage: tsx scripts/screenshots.ts BASE_URL OUT_DIR /path [/path ...]   (env THEME=dark, STORAGE=state.json,
 * MISSING_CHUNK=login: that page's chunk answers 404, to see the error screen)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error('usage: tsx scripts/screenshots.ts BASE_URL OUT_DIR /path [/path ...]');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

/**
 * The network at rest: a signed-in page keeps its live stream (GET /api/events) open, so "network
 * idle" never comes there; a few seconds without it is as settled as that page gets.
 */
const settled = (page: Page) => page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const language of ['en', 'es']) {
  for (const width of [320, 390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      colorScheme: process.env.THEME === 'dark' ? 'dark' : 'light',
      // the browser asks for the language too, so prerendered pages arrive in it
      locale: language === 'es' ? 'es-ES' : 'en-US',
      storageState: process.env.STORAGE,
    });
    await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
    const missing = process.env.MISSING_CHUNK;
    if (missing) await context.route(new RegExp(`/assets/${missing}-[\\w-]+\\.js$`), (route) => route.fulfill({ status: 404, body: 'gone' }));
    const page = await context.newPage();
    for (const pagePath of paths) {
      await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'load' });
      await settled(page);
      if (process.env.FULL === '1') {
        // a full-page capture paints lazy images below the fold as empty: load and decode them first
        await page.evaluate(() => document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((image) => (image.loading = 'eager')));
        await settled(page);
        await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))));
      }
      const name = pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      const file = path.join(outDir, `${name}-${language}-${width}.png`);
      await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
