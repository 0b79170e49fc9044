import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { publicConfigMetaName, type TPublicConfig } from '@shared/public-config';
import { languageCookie, requestLanguage } from '@shared/languages';
import { localizedPath, splitLanguagePath } from '@shared/locale-paths';
import {
  adminOnlyPages,
  customerOnlyPages,
  externallyHandledPrefix,
  homePathOf,
  isClientPath,
  isPrerenderedPath,
  notFoundRenderPath,
  pageOfPath,
  safeReturnPath,
} from '@shared/routes';
import { noindexTag } from '@shared/seo/head';
import { themeBootScript } from './inline-scripts';
import { PageBody, sendPage } from './page-body';
import { createPrerenderer, shellInLanguage } from './prerender';
import { routePreloads } from './route-preloads';
import { paths } from '@shared/client-paths';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Serves the built SPA from the same process: hashed assets cached for a year (pre-compressed
 * .br/.gz when present), index.html with the public config (with the current price) and the theme
 * script embedded for every client route (content pages already rendered in the visitor's
 * language), and the JSON 404 for unknown /api paths.
 */
export async function registerSpa(
  app: FastifyInstance,
  {
    clientDir,
    publicConfig,
    appUrl,
    currentPrice,
    sessionOf,
  }: {
    clientDir: string | undefined;
    publicConfig: Omit<TPublicConfig, 'priceCents'>;
    appUrl: string;
    currentPrice: () => Promise<number>;
    sessionOf: (request: FastifyRequest) => Promise<TSessionUser | null>;
  },
) {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const template = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  // the price is read for every page, so `npm run admin -- set-price` needs no restart; the
  // shell for the last price seen is kept
  let shell: { priceCents: number; html: string } | undefined;
  const html = template
    ? (priceCents: number) => {
        if (shell?.priceCents !== priceCents) {
          const config: TPublicConfig = { ...publicConfig, priceCents };
          const meta = `<meta name="${publicConfigMetaName}" content="${escapeAttribute(JSON.stringify(config))}"><script>${themeBootScript}</script>`;
          shell = { priceCents, html: template.replace('<!--app-config-->', meta) };
        }
        return shell.html;
      }
    : undefined;

  const preloads = clientDir && html ? routePreloads(clientDir) : () => '';
  const prerendered = clientDir && html ? createPrerenderer(clientDir, { template: html, preloads, config: publicConfig, appUrl, log: app.log }) : undefined;
  // once the server is up, in the background: the first visitors then get pages from memory
  if (prerendered) {
    app.addHook('onListen', (done) => {
      void currentPrice().then((priceCents) => prerendered.warm(priceCents));
      done();
    });
  }

  if (clientDir && html) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage || !html) throw new AppError('not_found');
    // the URL says the language (ADR 0016); only / follows the visitor's saved choice (the cookie
    // the client writes), else the browser's language: a temporary redirect, so search engines
    // keep / as the English page and x-default
    const { language, path: page } = splitLanguagePath(pathname);
    if (pathname === '/') {
      reply.header('vary', 'Cookie, Accept-Language');
      if (requestLanguage(request.cookies[languageCookie], request.headers['accept-language']) === 'es') {
        return reply.header('cache-control', 'no-cache').redirect(localizedPath(query === undefined ? '/' : `/?${query}`, 'es'), 302);
      }
    }
    // a guarded page the session cannot see: redirected here, before any page is painted (no
    // spinner that turns into a sign-in form: a layout shift), as the client's guards
    // would, in the page's language; `next` is the page within that language
    const name = pageOfPath(page);
    if (name && (customerOnlyPages.has(name) || adminOnlyPages.has(name))) {
      const user = await sessionOf(request);
      const next = query === undefined ? page : `${page}?${query}`;
      if (!user) return reply.header('cache-control', 'no-store').redirect(localizedPath(`/login?next=${encodeURIComponent(next)}`, language), 302);
      if (adminOnlyPages.has(name) && !user.isAdmin) return reply.header('cache-control', 'no-store').redirect(localizedPath(paths.dashboard(), language), 302);
    }
    // the sign-in and sign-up forms are prerendered for visitors; someone signed in goes straight
    // on, as the client's RedirectSignedIn would, instead of seeing the form and then leaving it
    if (name === 'login' || name === 'signup') {
      const user = await sessionOf(request);
      const next = safeReturnPath(new URLSearchParams(query ?? '').get('next'));
      if (user) return reply.header('cache-control', 'no-store').redirect(localizedPath(next ?? homePathOf(user), language), 302);
    }
    const priceCents = await currentPrice();
    const known = isClientPath(page);
    let body: PageBody;
    if (prerendered && isPrerenderedPath(page)) {
      body = await prerendered.page(page, language, priceCents);
    } else if (prerendered && !known) {
      body = await prerendered.page(notFoundRenderPath, language, priceCents);
    } else {
      // signed-in and admin pages, and the /affiliate… paths that render nothing (docs/product.md, "Client routes"), are kept out of search results
      const externallyHandled = !name && page.startsWith(externallyHandledPrefix);
      const noindex = (name && (customerOnlyPages.has(name) || adminOnlyPages.has(name))) || externallyHandled ? noindexTag : '';
      // a crawler that reads no HTML is told too
      if (externallyHandled) reply.header('x-robots-tag', 'noindex');
      body = new PageBody(shellInLanguage(html(priceCents), language).replace('</head>', `${preloads(page, language)}${noindex}</head>`));
    }
    return sendPage(request, reply.status(known ? 200 : 404).header('cache-control', 'no-cache'), body);
  });
}
