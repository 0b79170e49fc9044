import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

/**
 * The state guides as a visitor without JavaScript gets them: the server's HTML, rendered by the
 * app's real page renderer (src/client/entry-server.tsx, which the build bundles into ssr/).
 */
const indexHtml = `<!doctype html>
<html lang="en"><head><meta name="description" content="Shell" /><title>Shell</title><!--app-config-->
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div></body></html>`;

const [embedded] = testDatabases;

describe('state guides over HTTP', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  afterAll(async () => app?.close());

  it('GET /states/wyoming and /es/states/wyoming: 200, the Wyoming figures in the HTML in its language; an unknown state: 404', async () => {
    const dist = tempDataDir();
    fs.mkdirSync(path.join(dist, 'client'));
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), indexHtml);
    const renderer = path.resolve('src/client/entry-server.tsx');
    fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), `export { renderPage } from ${JSON.stringify(renderer)};`);
    ({ app } = await buildTestApp(await embedded!.open(), {}, path.join(dist, 'client')));

    // the URL decides the language (ADR 0016), not the browser's
    const en = await app.inject({ url: '/states/wyoming', headers: { 'accept-language': 'es-MX' } });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<title>LLC in Wyoming: fees, annual report and rules | Frontera</title>');
    expect(en.body).toMatch(/<div id="root" data-prerendered="en">.*Forming an LLC in Wyoming/s);
    expect(en.body).toMatch(/State filing fee<\/dt><dd[^>]*>\$100<\/dd>/);
    expect(en.body).toContain('href="/order?state=WY"');

    const es = await app.inject({ url: '/es/states/wyoming' });
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('<html lang="es"');
    expect(es.body).toContain('Constituir una LLC en Wyoming');
    expect(es.body).toContain('href="/es/order?state=WY"');

    for (const url of ['/states/atlantis', '/es/states/atlantis', '/states']) {
      const unknown = await app.inject({ url });
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.body).not.toContain('Forming an LLC');
    }
  });
});
