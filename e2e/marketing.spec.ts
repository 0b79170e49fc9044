import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startBuiltApp } from './support/app-process';
import { freePort } from '../src/server/test/ports';

/** The language switch in view (the shared header has one for desktop and one for phones). */
const switchLanguage = (page: Page) => page.getByTestId('language-switch').filter({ visible: true }).first().click();

test.describe('home page', () => {
  test('shows the sections of the home page in order (docs/product.md), with the links it promises', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('US LLC formation and EIN for a flat $399 | Frontera');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /flat \$399/);
    const sections = [
      'Everything your US company needs, in one package',
      'Help opening your US business bank account',
      'Popular states for your LLC',
      'Find the best state for your business in 2-3 minutes',
      'Three steps. We do the paperwork.',
      'How long it takes',
      'What founders say',
      'Frequently asked questions',
      'Ready to start your US company?',
      'More services on the way',
    ];
    await expect(page.locator('main h2[id$="-title"]')).toHaveText(sections);
    for (const href of ['/state-quiz', '/signup?next=%2Forder', '/terms', '/privacy', '/refund']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    // state facts from the dataset carry its credit line
    await expect(page.locator('#states')).toContainText('Yearly state fee from $60');
    await expect(page.locator('#states')).toContainText('State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0');
    await expect(page.locator('#testimonials figure')).toHaveCount(2);
    await expect(page.locator('#testimonials').getByRole('img', { name: 'Rated 5.0 out of 5' })).toHaveCount(2);
  });

  test('each quick link scrolls its section to the top of the page', async ({ page }) => {
    await page.goto('/');
    for (const [name, id] of [
      ['Our Services', 'services'],
      ['How It Works', 'process'],
      ['Testimonials', 'testimonials'],
      ['FAQ', 'faq'],
    ] as const) {
      await page.locator('footer').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      // scrolling is smooth: wait until the section rests just under the sticky header
      await expect.poll(() => page.locator(`#${id}`).evaluate((section) => Math.round(section.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
      await expect.poll(() => page.locator(`#${id}`).evaluate((section) => Math.round(section.getBoundingClientRect().top))).toBeLessThanOrEqual(100);
    }
  });

  test('the FAQ opens one answer at a time and closes it again', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('#faq');
    const ein = faq.getByText('An EIN (Employer Identification Number) is the 9-digit number');
    const llc = faq.getByText('An LLC keeps your business separate from you.');
    await expect(faq.locator('details')).toHaveCount(5);
    await expect(ein).toBeHidden();

    await faq.getByText('What is an EIN, and why do I need one?').click();
    await expect(ein).toBeVisible();
    await faq.getByText('Why form an LLC?').click();
    await expect(llc).toBeVisible();
    await expect(ein).toBeHidden();
    await faq.getByText('Why form an LLC?').click();
    await expect(llc).toBeHidden();
    await expect(faq.locator('details[open]')).toHaveCount(0);
  });

  test('switching the language changes the headings, title and description', async ({ page }) => {
    await page.goto('/');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText('Your US LLC and EIN, done for you, for one flat $399');
    await expect(page.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeVisible();

    await switchLanguage(page);
    await expect(h1).toHaveText('Su LLC y su EIN en EE. UU., listos por US$399 fijos');
    await expect(page.getByRole('heading', { level: 2, name: 'Preguntas frecuentes' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Estados populares para su LLC' })).toBeVisible();
    await expect(page).toHaveTitle('Constitución de LLC en EE. UU. y EIN por US$399 fijos | Frontera');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Constituya su LLC/);
  });
});

test.describe('/v2 landing page', () => {
  test('stands alone with Log in and Start Now, its sections and legal links, in both languages', async ({ page }) => {
    await page.goto('/v2');
    const nav = page.getByRole('navigation', { name: 'Landing page' });
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/signup?next=%2Forder');
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(1); // its own, not the shared header's too
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Launch your US company without leaving home');
    for (const step of ['Name check', 'Registered agent', 'State filing', 'EIN setup', 'Bank account']) {
      await expect(page.getByRole('listitem').filter({ hasText: step }).first()).toBeVisible();
    }
    for (const heading of [
      'See how it works',
      'Three steps from you, the rest from us',
      'One price. Everything included.',
      'Promises we put in writing',
      'Real people, ready to help',
      'Everything for your US company',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText('Our explainer video is on its way')).toBeVisible();
    const footer = page.locator('footer');
    for (const [name, href] of [
      ['Terms & Conditions', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Refund Policy', '/refund'],
    ] as const) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    await switchLanguage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cree su empresa en EE. UU. sin salir de casa');
    await expect(page.getByRole('navigation', { name: 'Página de presentación' }).getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveTitle('Cree su LLC en EE. UU. desde cualquier lugar | Frontera');
  });
});

test.describe('legal pages', () => {
  // west of UTC, where a careless date formatter would print April 24
  test.use({ timezoneId: 'Pacific/Honolulu' });

  for (const [pathname, title, spanishTitle] of [
    ['/terms', 'Terms & Conditions', 'Términos y condiciones'],
    ['/privacy', 'Privacy Policy', 'Política de privacidad'],
    ['/refund', 'Refund Policy', 'Política de reembolso'],
  ] as const) {
    test(`${pathname} shows its breadcrumb and last-updated date in both languages`, async ({ page }) => {
      await page.goto(pathname);
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(breadcrumb.locator('[aria-current="page"]')).toContainText(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByTestId('last-updated')).toHaveText('Last updated: April 25, 2025');
      await expect(page).toHaveTitle(`${title} | Frontera`);

      await switchLanguage(page);
      const spanishBreadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
      await expect(spanishBreadcrumb.getByRole('link', { name: 'Inicio' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanishTitle);
      await expect(page.getByTestId('last-updated')).toHaveText('Última actualización: 25 de abril de 2025');
    });
  }

  test('the refund policy states the rules of docs/product.md, "Constants and limits" and how to ask, with the support address', async ({ page }) => {
    await page.goto('/refund');
    const article = page.locator('article');
    for (const text of [
      'we refund 100% of what you paid',
      'data mismatch',
      'US filing authorities',
      'A processing fee of 8% to 11%',
      'within 7-10 business days',
      'with your order ID',
    ]) {
      await expect(article).toContainText(text);
    }
    await expect(article.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    await page.goto('/terms');
    await expect(page.locator('article')).toContainText('You must be 18 or older');
    await expect(page.locator('article')).toContainText('governed by the laws of the State of Wyoming');
  });
});

test.describe('prerendered pages', () => {
  test("arrive rendered in the browser's language, readable without JavaScript", async ({ browser, baseURL }) => {
    for (const [locale, heading, refundTitle, date] of [
      ['es-ES', 'Su LLC y su EIN en EE. UU., listos por US$399 fijos', 'Política de reembolso', 'Última actualización: 25 de abril de 2025'],
      ['en-US', 'Your US LLC and EIN, done for you, for one flat $399', 'Refund Policy', 'Last updated: April 25, 2025'],
    ] as const) {
      const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('#faq')).toBeVisible();
      // / sent a Spanish browser to /es/: its links stay in Spanish
      await page.goto(locale === 'es-ES' ? '/es/refund' : '/refund');
      await expect(page).toHaveTitle(`${refundTitle} | Frontera`);
      await expect(page.locator('[aria-current="page"]')).toContainText(refundTitle);
      await expect(page.getByTestId('last-updated')).toHaveText(date);
      await context.close();
    }
  });

  test('a language chosen on the site is the one / opens in next time', async ({ page, browser, baseURL }) => {
    await page.goto('/terms');
    await switchLanguage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos y condiciones');
    const context = await browser.newContext({ baseURL, locale: 'en-US', javaScriptEnabled: false });
    await context.addCookies(await page.context().cookies());
    const later = await context.newPage();
    await later.goto('/');
    await expect(later).toHaveURL(/\/es\/$/);
    await expect(later.getByRole('heading', { level: 1 })).toHaveText('Su LLC y su EIN en EE. UU., listos por US$399 fijos');
    await context.close();
  });

  test('paint dark for a dark-mode visitor before any app script has run, and allow no other inline script', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark' });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    // the app never arrives: what shows is the server's HTML, the CSS and the inline theme script
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your US LLC and EIN, done for you, for one flat $399');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 23, 38)');
    expect(refused).toEqual([]);
    await context.close();
  });

  test('is taken over by the app in place: no second render, and its controls work', async ({ page }) => {
    // marks the heading the server sent, before any app script can run (a JS property, which
    // React neither sees nor copies: a re-rendered heading would not have it)
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('h1') as (HTMLElement & { fromServer?: boolean }) | null;
        if (heading) heading.fromServer = true;
      }),
    );
    await page.goto('/');
    expect(await page.locator('h1').evaluate((element) => (element as HTMLElement & { fromServer?: boolean }).fromServer)).toBe(true);
    await switchLanguage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Su LLC y su EIN en EE. UU., listos por US$399 fijos');
  });
});

test.describe('layout', () => {
  test('nothing is wider than a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const pathname of ['/', '/v2', '/terms', '/privacy', '/refund']) {
      for (const language of ['en', 'es']) {
        await page.goto(pathname);
        if (language === 'es') await switchLanguage(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${pathname} ${language}`).toBeLessThanOrEqual(360);
      }
    }
  });
});

test.describe('third-party widgets', () => {
  test('with no widget configured (the default) no request leaves the origin', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && new URL(request.url()).origin !== new URL(baseURL!).origin) foreign.push(request.url());
    });
    for (const pathname of ['/', '/v2', '/terms', '/privacy', '/refund']) {
      await page.goto(pathname, { waitUntil: 'networkidle' });
      await page.mouse.wheel(0, 20_000); // lazy images too
      await page.waitForLoadState('networkidle');
      await expect(page.locator('script[data-third-party]')).toHaveCount(0);
    }
    expect(foreign).toEqual([]);
  });

  test('with unreachable widget URLs the page still renders, each failure is logged, and leaving removes the scripts', async ({ page }) => {
    test.setTimeout(150_000); // starts its own app: a fresh embedded database, migrations included
    // Chromium itself reports the refused connections as errors; the app only warns
    test.info().annotations.push({ type: 'allow-console-error', description: 'net::ERR_CONNECTION_REFUSED' });
    const dead = `http://127.0.0.1:${await freePort()}`;
    const app = await startApp({
      REVIEW_WIDGET_URL: `${dead}/review.js`,
      TESTIMONIAL_WIDGET_URLS: `${dead}/testimonials-1.js,${dead}/testimonials-2.js`,
      ANALYTICS_SCRIPT_URLS: `${dead}/analytics.js`,
    });
    try {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const response = await page.goto(`${app.url}/`);
      expect(response?.headers()['content-security-policy']).toMatch(new RegExp(`script-src 'self'( 'sha256-[^']+')* ${dead};`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your US LLC and EIN, done for you, for one flat $399');
      await expect(page.locator('script[data-third-party]')).toHaveCount(4);
      await expect(page.getByRole('region', { name: 'Customer reviews' })).toBeAttached();
      await expect(page.getByRole('region', { name: 'Reviews from our customers' })).toHaveCount(2);
      await expect
        .poll(() => warnings.filter((text) => text.startsWith('third-party script failed to load')).sort())
        .toEqual(['analytics.js', 'review.js', 'testimonials-1.js', 'testimonials-2.js'].map((file) => `third-party script failed to load: ${dead}/${file}`));

      await page.locator('footer').getByRole('link', { name: 'Terms & Conditions' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');
      await expect(page.locator('script[data-third-party]')).toHaveCount(0);
    } finally {
      await app.stop();
    }
  });
});

/** The built app with extra environment, for one test. */
function startApp(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-e2e-widgets-'));
  return startBuiltApp({ ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test' }, dataDir);
}
