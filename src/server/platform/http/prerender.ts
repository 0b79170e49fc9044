import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { languages, shellTitle, type Language } from '@shared/languages';
import type { RenderedPage, RenderPage } from '@shared/prerender';
import type { TPublicConfig } from '@shared/public-config';
import { notFoundRenderPath, prerenderedPaths } from '@shared/routes';
import { headTags, noindexTag, publicPaths } from '@shared/seo/head';
import { escapeHtml } from './escape-html';
import { PageBody } from './page-body';
import { deferredAppId, deferredAppScript } from './inline-scripts';

/**
 * The app shell in the visitor's language before any script runs: `<html lang>` (screen readers
 * pick their voice from it) and the title, the same language the app will choose (requestLanguage).
 */
export function shellInLanguage(html: string, language: Language): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(shellTitle[language])}</title>`);
}

const appTags = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The page's language, title, description, search-engine tags (canonical, alternates, social
 * cards, JSON-LD) and markup put into the SPA's index.html, with the app's script and
 * modulepreload tags moved from <head> into a template loaded after first paint.
 */
function fillTemplate(template: string, language: Language, page: RenderedPage, seo: { appUrl: string; path: string; priceCents: number }): string {
  const deferred = template.match(appTags)?.join('') ?? '';
  let html = template
    .replace(appTags, '')
    .replace('</body>', `<template id="${deferredAppId}">${deferred}</template><script>${deferredAppScript}</script></body>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    // Chromium paints a page it has only partly parsed when parsing takes long (a slow CPU, a slow
    // link): a card centred beside a list still arriving, or an `order-last` section before its
    // sibling exists, then moves. The first frame waits for the template after the markup (ADR
    // 0004): Chromium lets it go once the element is in the document, not once it is complete.
    .replace('</head>', `<link rel="expect" href="#${deferredAppId}" blocking="render"></head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    // a public page gets its canonical URL, alternates, cards and structured data; any other (the 404) noindex
    .replace(
      '</head>',
      () =>
        `${publicPaths.includes(seo.path) ? headTags({ ...seo, language, title: page.title, description: page.description, texts: page.texts }) : noindexTag}</head>`,
    );
  if (page.description) html = html.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.description)}"`);
  // a function, so `$` in the markup is never read as a replacement pattern
  return html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${language}">${page.html}</div>`);
}

interface Prerenderer {
  /** The finished HTML of a prerendered path in a language at a price (rendered on first use, then kept). */
  page(pathname: string, language: Language, priceCents: number): Promise<PageBody>;
  /** Renders every prerendered page (and the not-found screen) in every language, one after another. */
  warm(priceCents: number): Promise<void>;
}

/**
 * Content pages rendered on the server by the bundle scripts/build-ssr.ts writes next to the
 * client build, once per page, language, year (the footer shows it) and price, then kept in
 * memory; a new price drops the pages of the old one. The bundle is imported on first use, not
 * at start-up. Without it, or when a page fails to render, the plain SPA shell is served instead:
 * the browser renders the page as before, later.
 */
export function createPrerenderer(
  clientDir: string,
  {
    template,
    preloads,
    config,
    appUrl,
    log,
  }: {
    template: (priceCents: number) => string;
    preloads: (pathname: string, language: Language) => string;
    config: Omit<TPublicConfig, 'priceCents'>;
    appUrl: string;
    log: FastifyBaseLogger;
  },
): Prerenderer | undefined {
  const bundle = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(bundle)) return undefined;
  let renderer: Promise<RenderPage> | undefined;
  const render: RenderPage = async (...args) => {
    renderer ??= import(pathToFileURL(bundle).href).then((module: { renderPage: RenderPage }) => module.renderPage);
    return (await renderer)(...args);
  };
  const cache = new Map<string, Promise<PageBody>>();
  let cachedPrice: number | undefined;
  const page = (pathname: string, language: Language, priceCents: number) => {
    if (priceCents !== cachedPrice) {
      cache.clear();
      cachedPrice = priceCents;
    }
    const key = `${new Date().getFullYear()} ${language} ${pathname}`;
    let body = cache.get(key);
    if (!body) {
      const withPreloads = template(priceCents).replace('</head>', `${preloads(pathname, language)}</head>`);
      body = render(pathname, language, { ...config, priceCents }).then(
        (rendered) => new PageBody(fillTemplate(withPreloads, language, rendered, { appUrl, path: pathname, priceCents })),
        (error: unknown) => {
          log.error({ err: error, pathname, language }, 'prerendering failed; serving the SPA shell');
          return new PageBody(shellInLanguage(withPreloads, language));
        },
      );
      cache.set(key, body);
    }
    return body;
  };
  return {
    page,
    async warm(priceCents) {
      for (const pathname of [...prerenderedPaths, notFoundRenderPath]) {
        for (const language of languages) {
          // a render is synchronous work that resolves at once: without a turn of the event loop
          // between pages, the 236 pages would hold back every request until the last
          await new Promise((resolve) => setImmediate(resolve));
          await page(pathname, language, priceCents);
        }
      }
    },
  };
}
