import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { languages, type Language } from '@shared/languages';
import { localizedPath } from '@shared/locale-paths';
import { clientPaths } from '@shared/routes';
import { privatePaths, publicPaths } from '@shared/seo/head';
import { buildTestApp, tempDataDir } from '@server/test/app';
import { setStandardPrice } from '../../domain/price';
import { testDatabases } from '@server/test/databases';
import { keepTogether } from '@shared/i18n/translator';

/**
 * The search-engine basics, as a crawler sees them: plain HTTP, no JavaScript, no cookie,
 * the app built with the real page renderer (client/entry-server.tsx) in place of its bundle.
 */
const appUrl = 'https://frontera.example';
const [embedded] = testDatabases;
// read as files: the server does not import client code
const common = (language: Language) =>
  JSON.parse(fs.readFileSync(path.resolve(`src/client/locales/${language}/common.json`), 'utf8')) as {
    footer: { privacy: string };
    notFound: { title: string; description: string };
  };
const footer = { en: common('en').footer, es: common('es').footer };
const esCommon = common('es');

/** A built client whose server bundle is the real renderer (imported from the source by Vitest). */
function clientDir(): string {
  const dist = tempDataDir();
  fs.mkdirSync(path.join(dist, 'client'));
  fs.mkdirSync(path.join(dist, 'ssr'));
  fs.copyFileSync(path.resolve('src/client/index.html'), path.join(dist, 'client', 'index.html'));
  fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), `export { renderPage } from ${JSON.stringify(path.resolve('src/client/entry-server.tsx'))};\n`);
  return path.join(dist, 'client');
}

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp(await embedded!.open(), { APP_URL: appUrl }, clientDir()));
});
afterAll(async () => {
  await app?.close();
});

const url = (page: string, language: Language) => new URL(localizedPath(page, language), appUrl).toString();
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll('&amp;', '&');
const unescapeHtml = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&#x27;', "'");
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => unescapeHtml(html.slice(html.indexOf('<body')));

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

describe.each(languages)('every public page in %s, without JavaScript', (language) => {
  const other: Language = language === 'en' ? 'es' : 'en';

  it.each(publicPaths)('%s: language, title, description, canonical, alternates, social card, body text', async (page) => {
    const response = await app.inject(localizedPath(page, language));
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const head = headOf(html);
    expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${language}"`));
    expect(head).toMatch(/<title>[^<]{3,} \| Frontera<\/title>/);
    const description = attribute(head, /<meta name="description" content="([^"]*)"/);
    // the page's own description, not index.html's bilingual one
    expect(description).toMatch(/.{40,}/);
    expect(html).not.toContain('Forme su LLC en EE.\u00a0UU. y obtenga su EIN por un precio fijo.');
    expect(attribute(head, /<link rel="canonical" href="([^"]*)"/)).toBe(url(page, language));
    expect(attribute(head, /<link rel="alternate" hreflang="en" href="([^"]*)"/)).toBe(url(page, 'en'));
    expect(attribute(head, /<link rel="alternate" hreflang="es" href="([^"]*)"/)).toBe(url(page, 'es'));
    expect(attribute(head, /<link rel="alternate" hreflang="x-default" href="([^"]*)"/)).toBe(url(page, 'en'));
    expect(attribute(head, /<meta property="og:url" content="([^"]*)"/)).toBe(url(page, language));
    expect(attribute(head, /<meta property="og:image" content="([^"]*)"/)).toBe(`${appUrl}/social/og-${language}.png`);
    expect(attribute(head, /<meta property="og:locale" content="([^"]*)"/)).toBe(language === 'en' ? 'en_US' : 'es_419');
    expect(attribute(head, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
    expect(head).not.toContain('name="robots"');
    // the text is in the page's language: the legal links every page carries
    const body = bodyOf(html);
    expect(body).toContain(footer[language].privacy);
    expect(body).not.toContain(footer[other].privacy);
    expect(jsonLd(html).map((block) => block['@type'])).toContain('Organization');
  });
});

describe('structured data', () => {
  it('puts valid JSON-LD with the required properties on every public page: product and FAQ on the home page, breadcrumbs on legal and state pages', async () => {
    for (const language of languages) {
      for (const page of publicPaths) {
        const html = (await app.inject(localizedPath(page, language))).body;
        const blocks = jsonLd(html);
        for (const block of blocks) {
          expect(block['@context']).toBe('https://schema.org');
          expect(block['@type']).toEqual(expect.any(String));
        }
        const types = blocks.map((block) => block['@type']);
        const breadcrumbs =
          [clientPaths.terms, clientPaths.privacy, clientPaths.refund, clientPaths.stateCosts].includes(page as never) || page.startsWith('/states/');
        expect(types.includes('BreadcrumbList'), `${language} ${page}`).toBe(breadcrumbs);
        expect(types.includes('Product'), `${language} ${page}`).toBe(page === clientPaths.home);
        for (const block of blocks) {
          if (block['@type'] === 'BreadcrumbList') {
            const items = block.itemListElement as { position: number; name: string; item: string }[];
            expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
            expect(items[0]).toMatchObject({ name: expect.any(String), item: url('/', language) });
            expect(items.at(-1)!.item).toBe(url(page, language));
            for (const item of items) expect(item.name.length).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it('gives the home page the package at the current price and its FAQ in the page language', async () => {
    for (const language of languages) {
      const html = (await app.inject(localizedPath('/', language))).body;
      const blocks = jsonLd(html);
      const product = blocks.find((block) => block['@type'] === 'Product') as { name: string; offers: Record<string, string> };
      expect(product.name.length).toBeGreaterThan(5);
      expect(product.offers).toMatchObject({
        '@type': 'Offer',
        price: '399.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: url('/', language),
      });
      const faq = blocks.find((block) => block['@type'] === 'FAQPage') as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      expect(faq.mainEntity.length).toBeGreaterThanOrEqual(5);
      for (const question of faq.mainEntity) {
        // the same question and answer the page shows
        expect(bodyOf(html)).toContain(question.name);
        expect(bodyOf(html)).toContain(question.acceptedAnswer.text);
      }
      expect(faq.mainEntity.some((question) => question.name.includes('$399'))).toBe(true);
    }
  });

  it('follows a price change: the offer and the FAQ quote the new price', async () => {
    const database = await embedded!.open();
    const { app: repriced } = await buildTestApp(database, { APP_URL: appUrl }, clientDir());
    try {
      await setStandardPrice(database.db, 45000);
      const blocks = jsonLd((await repriced.inject('/es/')).body);
      expect(blocks.find((block) => block['@type'] === 'Product')).toMatchObject({ offers: { price: '450.00', priceCurrency: 'USD' } });
      expect(JSON.stringify(blocks.find((block) => block['@type'] === 'FAQPage'))).toContain('$450');
      expect(JSON.stringify(blocks)).not.toContain('399');
    } finally {
      await repriced.close();
    }
  });
});

describe('pages kept out of search results', () => {
  it('sends noindex with the 404 page, which has its own title and description in the language of the URL', async () => {
    const response = await app.inject('/es/no-such-page');
    expect(response.statusCode).toBe(404);
    const head = headOf(response.body);
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).toContain(`<title>${esCommon.notFound.title} | Frontera</title>`);
    expect(unescapeHtml(head)).toContain(`<meta name="description" content="${keepTogether(esCommon.notFound.description)}"`);
    expect(head).not.toContain('rel="canonical"');
  });

  it('sends noindex with the signed-in pages', async () => {
    const { signUp } = await import('@server/test/app');
    const { cookie } = await signUp(app);
    for (const page of [clientPaths.dashboard, clientPaths.order, clientPaths.checkout, clientPaths.paymentSuccess]) {
      const response = await app.inject({ url: page, headers: { cookie } });
      expect(response.statusCode, page).toBe(200);
      expect(headOf(response.body), page).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe('the /affiliate… paths (docs/product.md, "Client routes": they render nothing here)', () => {
  // a 200 with nothing on it must not be indexed
  it('answer 200 with noindex in the header and the page, in both languages; /affiliate-partner stays indexable', async () => {
    for (const url of ['/affiliate', '/affiliate/ref/abc', '/es/affiliate-links']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(headOf(response.body), url).toContain('<meta name="robots" content="noindex">');
    }
    const partner = await app.inject(clientPaths.affiliatePartner);
    expect(partner.headers['x-robots-tag']).toBeUndefined();
    expect(headOf(partner.body)).not.toContain('noindex');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt lets crawlers in, keeps them out of the API and the private pages in both languages, and names the sitemap', async () => {
    const response = await app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const expected of ['/api/', '/admin', '/dashboard', '/order', '/checkout', '/payment-success', '/payment-cancelled']) {
      expect(disallowed).toContain(expected);
      if (expected !== '/api/') expect(disallowed).toContain(`/es${expected}`);
    }
    // every private page is covered by a rule, no public page is
    const blocked = (pathname: string) => disallowed.some((rule) => pathname.startsWith(rule));
    for (const page of privatePaths) for (const language of languages) expect(blocked(localizedPath(page.replace(':id', 'x'), language)), page).toBe(true);
    for (const page of publicPaths) for (const language of languages) expect(blocked(localizedPath(page, language)), page).toBe(false);
    expect(lines).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists exactly the public pages in both languages, with alternates and dates, and is valid against the sitemaps.org schema', async () => {
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(locs.sort()).toEqual(publicPaths.flatMap((page) => languages.map((language) => url(page, language))).sort());
    const lastmods = [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((match) => match[1]!);
    expect(lastmods).toHaveLength(locs.length);
    for (const date of lastmods) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${url(clientPaths.terms, 'es')}"/>`);

    const schema = fs.readFileSync(path.resolve('src/server/features/seo/sitemap.xsd'), 'utf8');
    const result = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [schema] });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // the schema does catch a broken sitemap
    const broken = await validateXML({ xml: [{ fileName: 'broken.xml', contents: xml.replace('<lastmod>', '<lastmod>yesterday ') }], schema: [schema] });
    expect(broken.valid).toBe(false);
  });

  it('answers both over the SPA: neither is a page nor a static file', async () => {
    for (const file of ['/robots.txt', '/sitemap.xml']) {
      const response = await app.inject(file);
      expect(response.body).not.toContain('<div id="root"');
    }
  });
});
