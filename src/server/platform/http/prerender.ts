import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@shared/languages';
import type { RenderedPage, RenderPage } from '@shared/prerender';
import type { TPublicConfig } from '@shared/public-config';
import { deferredAppId, deferredAppScript } from './inline-scripts';

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const appTags = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The page's language, title, description and markup put into the SPA's index.html, with the
 * app's script and modulepreload tags moved from <head> into a template loaded after first paint.
 */
export function fillTemplate(template: string, language: Language, page: RenderedPage): string {
  const deferred = template.match(appTags)?.join('') ?? '';
  let html = template
    .replace(appTags, '')
    .replace('</body>', `<template id="${deferredAppId}">${deferred}</template><script>${deferredAppScript}</script></body>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  if (page.description) html = html.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.description)}"`);
  // a function, so `$` in the markup is never read as a replacement pattern
  return html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${language}">${page.html}</div>`);
}

/**
 * Content pages rendered on the server by the bundle scripts/build-ssr.ts writes next to the
 * client build, once per page, language and year (the footer shows it), then kept in memory.
 * Without that bundle, or when a page fails to render, the plain SPA shell is served instead:
 * the browser renders the page as before, only later.
 */
export async function loadPrerenderer(
  clientDir: string,
  template: string,
  preloads: (pathname: string) => string,
  config: TPublicConfig,
  log: FastifyBaseLogger,
): Promise<((pathname: string, language: Language) => Promise<string>) | undefined> {
  const bundle = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(bundle)) return undefined;
  const { renderPage } = (await import(pathToFileURL(bundle).href)) as { renderPage: RenderPage };
  const cache = new Map<string, Promise<string>>();
  return (pathname, language) => {
    const key = `${new Date().getFullYear()} ${language} ${pathname}`;
    let page = cache.get(key);
    if (!page) {
      const withPreloads = template.replace('</head>', `${preloads(pathname)}</head>`);
      page = renderPage(pathname, language, config).then(
        (rendered) => fillTemplate(withPreloads, language, rendered),
        (error: unknown) => {
          log.error({ err: error, pathname, language }, 'prerendering failed; serving the SPA shell');
          return withPreloads;
        },
      );
      cache.set(key, page);
    }
    return page;
  };
}
