import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { robotsTxt, sitemapXml } from './crawl';

/**
 * GET /robots.txt and GET /sitemap.xml. Registered as routes, so neither the static files nor
 * the SPA's not-found handler answers them. The build date is the client build's (the mtime of
 * its index.html), else the time the server started.
 */
export const seoRoutes = (appUrl: string, clientDir: string | undefined): FastifyPluginAsyncZod =>
  async function seoPlugin(app) {
    const indexFile = clientDir && path.join(clientDir, 'index.html');
    const buildDate = indexFile && fs.existsSync(indexFile) ? fs.statSync(indexFile).mtime : new Date();
    const robots = robotsTxt(appUrl);
    const sitemap = sitemapXml(appUrl, buildDate);
    const cacheControl = 'public, max-age=3600';

    const text = (description: string, type: string) => ({ response: { 200: { description, content: { [type]: { schema: z.string() } } } } });
    app.get('/robots.txt', { schema: text('which paths crawlers may visit, and where the sitemap is', 'text/plain') }, async (_request, reply) =>
      reply.header('cache-control', cacheControl).type('text/plain; charset=utf-8').send(robots),
    );
    app.get(
      '/sitemap.xml',
      { schema: text('every public page in both languages, with its alternates and last change', 'application/xml') },
      async (_request, reply) => reply.header('cache-control', cacheControl).type('application/xml; charset=utf-8').send(sitemap),
    );
  };
