import stateData from '@shared/state-data/states.json';
import { languages } from '@shared/languages';
import { appPageUrl } from '@shared/locale-paths';
import { privatePaths, publicPaths } from '@shared/seo/head';

/**
 * robots.txt and sitemap.xml, both from the route lists of src/shared/routes.ts: a
 * page added there is listed (public) or excluded (private) without another edit here.
 */

/** The first segment of each private path (/order covers /order/confirm), in both languages. */
export function disallowedPaths(): string[] {
  const roots = [...new Set(privatePaths.map((path) => `/${path.split('/')[1]}`))];
  return ['/api/', ...roots, ...roots.map((root) => `/es${root}`)];
}

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', appUrl).toString()}`,
    '',
  ].join('\n');
}

const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A state guide's date: when its row of the dataset was last verified (/states/<name as slug>). */
const guideDates = new Map(Object.values(stateData.states).map((state) => [`/states/${slugOf(state.name)}`, state.lastVerified]));

const escapeXml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Every public page in both languages, each with its alternates (xhtml:link, as Google reads
 * them) and its last change: a state guide's verification date, else the build date.
 */
export function sitemapXml(appUrl: string, buildDate: Date): string {
  const built = buildDate.toISOString().slice(0, 10);
  const entries = publicPaths.flatMap((path) => {
    const alternates = [
      ...languages.map((language) => ({ hreflang: language, href: appPageUrl(appUrl, path, language) })),
      { hreflang: 'x-default', href: appPageUrl(appUrl, path, 'en') },
    ]
      .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
      .join('');
    const lastmod = guideDates.get(path) ?? built;
    return languages.map((language) => `<url><loc>${escapeXml(appPageUrl(appUrl, path, language))}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
