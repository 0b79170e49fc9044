import { languages, type Language } from '../languages';
import { appPageUrl } from '../locale-paths';
import { adminOnlyPages, clientPaths, customerOnlyPages, prerenderedPaths } from '../routes';
import type { PageTexts } from '../prerender';
import { breadcrumbList, faqPage, organization, product, type JsonLd } from './structured-data';

/**
 * The search-engine basics for the head of a prerendered page: canonical, hreflang
 * alternates, Open Graph and Twitter cards, JSON-LD. Pure: the server adds them in
 * platform/http/prerender.ts, the tests read the same rules.
 */

/** The public pages (both languages of each): the sitemap's URLs, the pages with canonical and alternates. */
export const publicPaths: readonly string[] = prerenderedPaths;

/** Open Graph locales: Spanish for Latin America, as the texts are (docs/glossary.md). */
export const ogLocale: Record<Language, string> = { en: 'en_US', es: 'es_419' };

/** The designed social card of a language (scripts/social-images.ts draws them). */
export const socialImagePath = (language: Language) => `/social/og-${language}.png`;
export const socialImageSize = { width: 1200, height: 630 } as const;

/** Pages a search engine must not index: signed-in and admin pages (the 404 says so too). */
export const privatePaths: readonly string[] = [...customerOnlyPages, ...adminOnlyPages].map((name) => clientPaths[name]);

export const noindexTag = '<meta name="robots" content="noindex">';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * A JSON-LD data block. `<`, `>` and `&` become \u escapes (still the same JSON), so no text
 * can close the script element (`</script>`) or open a comment.
 */
export function jsonLdScript(data: JsonLd): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');
  return `<script type="application/ld+json">${json}</script>`;
}

export interface HeadInput {
  appUrl: string;
  /** the page path without language prefix, one of publicPaths */
  path: string;
  language: Language;
  title: string;
  description: string | undefined;
  texts: PageTexts;
  priceCents: number;
}

/** The structured data of a page: the organization everywhere, the product and FAQ on the home page, breadcrumbs where the page shows one. */
export function structuredData({ appUrl, path, language, texts, priceCents }: HeadInput): JsonLd[] {
  const url = (page: string) => appPageUrl(appUrl, page, language);
  // one organization, one address: the English home (x-default)
  const blocks: JsonLd[] = [organization(appUrl, texts.siteName, appPageUrl(appUrl, clientPaths.home, 'en'))];
  if (path === clientPaths.home) {
    blocks.push(
      product({
        name: texts.productName,
        description: texts.productDescription,
        brand: texts.siteName,
        image: new URL(socialImagePath(language), appUrl).toString(),
        url: url(clientPaths.home),
        priceCents,
      }),
    );
  }
  if (texts.faq?.length) blocks.push(faqPage(texts.faq));
  if (texts.breadcrumb?.length) blocks.push(breadcrumbList(texts.breadcrumb.map((crumb) => ({ name: crumb.name, url: url(crumb.path) }))));
  return blocks;
}

/** Every search-engine tag of a public page's <head>, as one string. */
export function headTags(input: HeadInput): string {
  const { appUrl, path, language, title, description, texts } = input;
  const url = appPageUrl(appUrl, path, language);
  const image = new URL(socialImagePath(language), appUrl).toString();
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`;
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    ...languages.map((other) => `<link rel="alternate" hreflang="${other}" href="${escapeAttribute(appPageUrl(appUrl, path, other))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(appPageUrl(appUrl, path, 'en'))}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', texts.siteName),
    meta('property', 'og:title', title),
    ...(description ? [meta('property', 'og:description', description)] : []),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(socialImageSize.width)),
    meta('property', 'og:image:height', String(socialImageSize.height)),
    meta('property', 'og:image:alt', texts.imageAlt),
    meta('property', 'og:locale', ogLocale[language]),
    ...languages.filter((other) => other !== language).map((other) => meta('property', 'og:locale:alternate', ogLocale[other])),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    ...(description ? [meta('name', 'twitter:description', description)] : []),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', texts.imageAlt),
    ...structuredData(input).map(jsonLdScript),
  ];
  return tags.join('');
}
