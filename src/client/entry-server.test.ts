import { describe, expect, it } from 'vitest';
import { clientPaths, notFoundRenderPath, prerenderedPaths } from '@shared/routes';
import type { TPublicConfig } from '@shared/public-config';
import { spanishStyleProblems } from '@shared/glossary';
import { renderPage } from './entry-server';
import { defaultPublicConfig } from './lib/public-config';
import enLegal from './locales/en/legal.json';
import esLegal from './locales/es/legal.json';
import enMarketing from './locales/en/marketing.json';
import esMarketing from './locales/es/marketing.json';
import { keepTogether } from '@shared/i18n/translator';

const config: TPublicConfig = { ...defaultPublicConfig, supportEmail: 'help@frontera.test' };

// JSX text is HTML-escaped in the markup
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** A text that quotes the price, as the page shows it at `price`. */
const withPrice = (text: string, price = '$399') => keepTogether(text.replaceAll('{{price}}', price));

describe('renderPage (the server renderer of content pages)', () => {
  it('renders the home page whole, in the language asked for, with its title and description', async () => {
    const [en, es] = await Promise.all([renderPage('/', 'en', config), renderPage('/', 'es', config)]);
    expect(en.html).toContain(escaped(withPrice(enMarketing.hero.title)));
    expect(en.html).not.toContain(escaped(withPrice(esMarketing.hero.title, 'US$399')));
    expect(es.html).toContain(escaped(withPrice(esMarketing.hero.title, 'US$399')));
    expect(en.title).toBe(`${withPrice(enMarketing.meta.title)} | Frontera`);
    expect(es.description).toBe(withPrice(esMarketing.meta.description, 'US$399'));
    // every section is there, not a loading spinner, and nothing needs a script to be put in place
    for (const anchor of ['services', 'process', 'testimonials', 'faq']) expect(en.html).toContain(`id="${anchor}"`);
    for (const page of [en, es]) {
      expect(page.html).not.toContain('<script');
      expect(page.html).not.toContain('<template');
      expect(page.html).not.toContain('role="status"');
    }
  });

  it('renders the legal pages with their breadcrumb, date and the configured support email', async () => {
    const refund = await renderPage(clientPaths.refund, 'es', config);
    expect(refund.title).toBe(`${esLegal.refund.title} | Frontera`);
    expect(refund.html).toContain(`aria-label="${esLegal.breadcrumb}"`);
    expect(refund.html).toContain('25 de abril de 2025');
    expect(refund.html).toContain('help@frontera.test');
    const terms = await renderPage(clientPaths.terms, 'en', { ...config, supportEmail: 'other@frontera.test' });
    expect(terms.html).toContain(escaped(enLegal.terms.title));
    expect(terms.html).toContain('April 25, 2025');
  });

  it('renders every prerendered path in both languages without failing', async () => {
    const pages = await Promise.all(
      [...prerenderedPaths, notFoundRenderPath].flatMap((path) => (['en', 'es'] as const).map((language) => renderPage(path, language, config))),
    );
    for (const page of pages) {
      expect(page.html.length).toBeGreaterThan(2000);
      expect(page.title).toMatch(/Frontera$/);
      // every text that quotes the price was given it
      expect(`${page.title} ${page.description} ${page.html}`).not.toContain('{{');
    }
  });

  // what a Spanish reader sees on every public page, figures and money as es-419 writes them
  it('writes every figure of every Spanish page as es-419 does, and says US$ before every amount', async () => {
    const pages = await Promise.all([...prerenderedPaths, notFoundRenderPath].map(async (path) => ({ path, page: await renderPage(path, 'es', config) })));
    // what is marked English (the state's own wording, a statute's citation) is not Spanish copy
    const text = (html: string) =>
      html
        .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
        .replace(/<(\w+)[^>]*\slang="en"[^>]*>[\s\S]*?<\/\1>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replaceAll('&amp;', '&')
        .replaceAll('&nbsp;', '\u00a0')
        .replace(/&#x?[0-9a-f]+;/gi, ' ');
    const problems = pages.flatMap(({ path, page }) =>
      spanishStyleProblems(`${page.title}\n${page.description}\n${text(page.html)}`)
        .filter((problem) => /^(number|money)/.test(problem))
        .map((problem) => `${path}: ${problem}`),
    );
    expect(problems).toEqual([]);
    const home = pages.find(({ path }) => path === '/')!.page;
    expect(text(home.html)).toContain('US$399');
    expect(text(home.html)).not.toMatch(/(?<!US)\$\d/);
  });

  // the browser hydrates a Suspense boundary on its own, in slices it can interrupt: the 50 states,
  // as cards and as a table, are two such boundaries (Lighthouse's blocking time)
  it('renders the state costs page with each of its two layouts in a boundary of its own', async () => {
    const { html } = await renderPage(clientPaths.stateCosts, 'es', config);
    expect(html).toMatch(/<!--\$--><ul[^>]*data-testid="state-costs-cards"/);
    expect(html).toMatch(/<!--\$--><div[^>]*><table[^>]*data-testid="state-costs-table"/);
  });

  it('renders the sign-in form for a visitor and the not-found screen, in the language asked for', async () => {
    const [login, notFound] = await Promise.all([renderPage(clientPaths.login, 'es', config), renderPage(notFoundRenderPath, 'es', config)]);
    expect(login.title).toBe('Iniciar sesión | Frontera');
    expect(login.html).toContain('type="password"');
    expect(notFound.html).toContain('404');
    expect(notFound.title).toMatch(/ \| Frontera$/);
  });

  it('shows the price it is given, in every place that quotes it, and the $399 nowhere', async () => {
    const at450 = { ...config, priceCents: 45000 };
    const [home, inicio, v2, terms] = await Promise.all([
      renderPage('/', 'en', at450),
      renderPage('/', 'es', at450),
      renderPage('/v2', 'en', at450),
      renderPage(clientPaths.terms, 'es', at450),
    ]);
    expect(home.title).toBe('US LLC formation and EIN for a flat $450 | Frontera');
    expect(home.html).toContain('Your US LLC and EIN, done for you, for one flat $450</h1>');
    expect(home.html).toContain('>$450</p>'); // the price card
    expect(inicio.title).toBe('Constitución de LLC en EE.\u00a0UU. y EIN por US$450 fijos | Frontera');
    expect(inicio.html).toContain('Su LLC y su EIN en EE.\u00a0UU., listos por US$450 fijos</h1>');
    expect(inicio.html).toContain('¿Qué cubre la tarifa de US$450?');
    expect(v2.html).toMatch(/>\$450<\/p>/); // the pricing card
    expect(v2.html).toMatch(/>\$450<\/dd>/); // the stats band
    expect(terms.html).toContain('Por una tarifa fija de US$450 verificamos');
    for (const page of [home, inicio, v2, terms]) expect(`${page.title} ${page.description} ${page.html}`).not.toContain('$399');
    // cents are shown when there are any, in the reader's format
    expect((await renderPage('/', 'es', { ...config, priceCents: 45050 })).html).toContain('>US$450.50</p>');
  });
});
