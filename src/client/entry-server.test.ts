import { describe, expect, it } from 'vitest';
import { clientPaths, prerenderedPaths } from '@shared/routes';
import type { TPublicConfig } from '@shared/public-config';
import { renderPage } from './entry-server';
import { defaultPublicConfig } from './lib/public-config';
import enLegal from './locales/en/legal.json';
import esLegal from './locales/es/legal.json';
import enMarketing from './locales/en/marketing.json';
import esMarketing from './locales/es/marketing.json';

const config: TPublicConfig = { ...defaultPublicConfig, supportEmail: 'help@frontera.test' };

// JSX text is HTML-escaped in the markup
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('renderPage (the server renderer of content pages)', () => {
  it('renders the home page whole, in the language asked for, with its title and description', async () => {
    const [en, es] = await Promise.all([renderPage('/', 'en', config), renderPage('/', 'es', config)]);
    expect(en.html).toContain(escaped(enMarketing.hero.title));
    expect(en.html).not.toContain(escaped(esMarketing.hero.title));
    expect(es.html).toContain(escaped(esMarketing.hero.title));
    expect(en.title).toBe(`${enMarketing.meta.title} | Frontera`);
    expect(es.description).toBe(esMarketing.meta.description);
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
    const pages = await Promise.all(prerenderedPaths.flatMap((path) => (['en', 'es'] as const).map((language) => renderPage(path, language, config))));
    for (const page of pages) {
      expect(page.html.length).toBeGreaterThan(2000);
      expect(page.title).toMatch(/Frontera$/);
    }
  });
});
