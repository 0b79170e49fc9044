/**
 * Draws the social cards (Open Graph / Twitter, 1200×630) of both languages to
 * src/client/public/social/og-<language>.png: an HTML design in the brand colours of
 * src/client/styles.css, system fonts only, screenshot by Chromium. The PNGs are committed; run
 * again after a change of design, brand or price:  tsx scripts/social-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Language } from '../src/shared/languages';
import { formatUsd } from '../src/shared/formats';
import { standardFormationPriceCents } from '../src/shared/money';
import { socialImagePath, socialImageSize } from '../src/shared/seo/head';

const price = (language: Language) => formatUsd(standardFormationPriceCents, language);

const copy: Record<Language, { promise: string; points: string[]; tagline: string }> = {
  en: {
    promise: `US LLC + EIN for <em>${price('en')}</em>`,
    points: ['State fees included', 'Registered agent for a year', 'Bank account help'],
    tagline: 'For founders in the US and around the world',
  },
  es: {
    promise: `LLC en EE. UU. + EIN por <em>${price('es')}</em>`,
    points: ['Tarifas estatales incluidas', 'Agente registrado por un año', 'Ayuda con la cuenta bancaria'],
    tagline: 'Para fundadores en EE. UU. y en todo el mundo',
  },
};

// the favicon's mark (a mountain pass: the frontier), drawn large
const mark =
  '<svg viewBox="0 0 32 32" width="88" height="88" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#1e3a5f"/><path d="M6 23 13 11l4 6 3-4 6 10z" fill="#f2b33d"/></svg>';

function design(language: Language): string {
  const { promise, points, tagline } = copy[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: ${socialImageSize.width}px; height: ${socialImageSize.height}px; font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif;
    color: #fff; background: radial-gradient(circle at 85% 15%, #2f5d95 0, transparent 45%), linear-gradient(135deg, #1e3a5f 0%, #0f1f35 100%);
    padding: 60px 80px 52px; display: flex; flex-direction: column; position: relative; overflow: hidden; isolation: isolate; }
  .brand { display: flex; align-items: center; gap: 24px; }
  .brand svg { border-radius: 20px; box-shadow: 0 0 0 3px #f2b33d; }
  .name { font-size: 56px; font-weight: 700; letter-spacing: -0.5px; }
  h1 { margin-top: 44px; font-size: 76px; line-height: 1.05; font-weight: 700; letter-spacing: -1.5px; max-width: 1000px; }
  h1 em { font-style: normal; color: #f7cf7a; }
  ul { list-style: none; display: flex; flex-wrap: wrap; gap: 14px; margin: 36px 0 24px; padding: 0; max-width: 1040px; }
  li { font-size: 25px; white-space: nowrap; padding: 10px 22px; border-radius: 999px; background: rgba(238, 244, 251, 0.12); border: 2px solid rgba(173, 200, 234, 0.45); }
  li::before { content: '✓'; color: #f2b33d; font-weight: 700; margin-right: 10px; }
  p { margin-top: auto; font-size: 28px; color: #d6e4f5; }
  .peak { position: absolute; right: -60px; bottom: -150px; z-index: -1; }
</style></head><body>
  <svg class="peak" viewBox="0 0 32 32" width="520" height="520" aria-hidden="true"><path d="M6 23 13 11l4 6 3-4 6 10z" fill="#244b7c"/></svg>
  <div class="brand">${mark}<span class="name">Frontera</span></div>
  <h1>${promise}</h1>
  <ul>${points.map((point) => `<li>${point}</li>`).join('')}</ul>
  <p>${tagline}</p>
</body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: socialImageSize, deviceScaleFactor: 1 });
  for (const language of ['en', 'es'] as const) {
    await page.setContent(design(language));
    const file = path.resolve('src/client/public', `.${socialImagePath(language)}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, type: 'png' });
    console.log(file);
  }
} finally {
  await browser.close();
}
