import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languages, shellTitle } from '@shared/languages';
import { prerenderedPaths } from '@shared/routes';
import { buildTestApp, tempDataDir } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

/** The shape of the built index.html (Vite puts the entry and its preloads in <head>). */
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Shell description" />
    <title>Shell title</title>
    <!--app-config-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * Stands in for the bundle scripts/build-ssr.ts writes (the real renderer has its own tests in
 * client/entry-server.test.ts): it records its calls and fails for /privacy.
 */
const renderer = `
export async function renderPage(pathname, language, config) {
  globalThis.renderCalls.push(language + ' ' + pathname);
  // a real page takes milliseconds of synchronous work
  for (const end = Date.now() + (globalThis.renderBusyMs ?? 0); Date.now() < end; );
  if (pathname === '/privacy') throw new Error('render failed');
  return { html: '<h1>' + language + ' ' + pathname + ' $& ' + config.supportEmail + '</h1>', title: 'Title <' + language + '>', description: 'About "' + language + '"', texts: { siteName: 'Frontera', productName: 'Package', productDescription: 'All in', imageAlt: 'Card' } };
}`;

declare global {
  var renderCalls: string[];
  var renderBusyMs: number | undefined;
}

const [embedded] = testDatabases;

describe('prerendered content pages', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function make() {
    globalThis.renderCalls = [];
    globalThis.renderBusyMs = 0;
    const dist = tempDataDir();
    fs.mkdirSync(path.join(dist, 'client'));
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), renderer);
    const { app } = await buildTestApp(await embedded!.open(), { SUPPORT_EMAIL: 'help@frontera.test' }, path.join(dist, 'client'));
    apps.push(app);
    return app;
  }

  it('sends / in English, or redirects it to /es/ for a browser that asks for Spanish or chose it', async () => {
    const app = await make();
    const redirected = await app.inject({ url: '/?ref=abc', headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' } });
    expect([redirected.statusCode, redirected.headers.location]).toEqual([302, '/es/?ref=abc']);
    expect(redirected.headers.vary).toBe('Cookie, Accept-Language');
    // the saved choice wins over the browser's language, both ways
    expect((await app.inject({ url: '/', headers: { 'accept-language': 'es-ES', cookie: 'lang=en' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/', headers: { 'accept-language': 'en-US', cookie: 'lang=es' } })).headers.location).toBe('/es/');

    const english = await app.inject({ url: '/', headers: { 'accept-language': 'en-US' } });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en"');
    expect(english.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    for (const url of ['/es/', '/es']) {
      const page = await app.inject({ url, headers: { 'accept-language': 'en-US', cookie: 'lang=en' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="es"');
      // the markup goes in as it is: `$&` is not a replacement pattern, and the configured email is used
      expect(page.body).toContain('<div id="root" data-prerendered="es"><h1>es / $& help@frontera.test</h1></div>');
      expect(page.body).toContain('<title>Title &lt;es&gt;</title>');
      expect(page.body).toContain('<meta name="description" content="About &quot;es&quot;"');
    }
  });

  it("renders a page in its URL's language whatever the cookie says, each page and language once", async () => {
    const app = await make();
    for (let i = 0; i < 3; i++) {
      const page = await app.inject({ url: '/terms', headers: { 'accept-language': 'es-ES', cookie: 'lang=es' } });
      expect(page.body).toContain('data-prerendered="en"><h1>en /terms');
      // one URL is one language: it varies by compression only
      expect(page.headers.vary).toBe('Accept-Encoding');
    }
    const spanish = await app.inject({ url: '/es/terms', headers: { cookie: 'lang=en' } });
    expect(spanish.body).toContain('data-prerendered="es"><h1>es /terms');
    expect(globalThis.renderCalls).toEqual(['en /terms', 'es /terms']);
  });

  it('loads the app only after the first paint: its tags wait in a template, loaded by an inline script the CSP allows by hash', async () => {
    const app = await make();
    const page = await app.inject('/v2');
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).not.toContain('/assets/index-abc.js');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    // no frame of a half-parsed page: the first paint waits for the whole prerendered markup
    expect(head).toContain('<link rel="expect" href="#deferred-app" blocking="render">');
    expect(page.body.indexOf('<template id="deferred-app">')).toBeGreaterThan(page.body.indexOf('</h1></div>')); // after all of #root
    expect(page.body).toMatch(
      /<template id="deferred-app"><script type="module" crossorigin src="\/assets\/index-abc.js"><\/script><link rel="modulepreload" crossorigin href="\/assets\/react-abc.js"><\/template>/,
    );

    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(2); // the theme script in <head>, the app loader at the end of <body>
    const csp = page.headers['content-security-policy'] as string;
    for (const script of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/);
  });

  it('renders every page in both languages in the background once the server listens', async () => {
    const app = await make();
    await app.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(() => expect(globalThis.renderCalls).toHaveLength((prerenderedPaths.length + 1) * languages.length));
    expect(globalThis.renderCalls).toContain('es /v2');
    // a visitor now gets the page from memory
    await app.inject('/es/v2');
    expect(globalThis.renderCalls).toHaveLength((prerenderedPaths.length + 1) * languages.length);
  });

  it('answers the first visitors while the pages render in the background, not after the last one', async () => {
    const app = await make();
    globalThis.renderBusyMs = 3;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const first = await fetch(`${address}/terms`);
    expect(first.status).toBe(200);
    const total = (prerenderedPaths.length + 1) * languages.length;
    expect(globalThis.renderCalls.length).toBeLessThan(total / 2);
    await vi.waitFor(() => expect(globalThis.renderCalls).toHaveLength(total), { timeout: 10_000 });
  });

  it('sends pages compressed as the browser accepts, the same markup once decompressed, and tells caches it varies', async () => {
    const app = await make();
    for (const url of ['/es/terms', '/es/nowhere', '/reset-password']) {
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(brotli.statusCode).toBe(plain.statusCode);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotli.headers.vary).toContain('Accept-Encoding');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      // brotli refused: gzip
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
    // / varies by language already: the encoding is added, not swapped in
    const home = await app.inject({ url: '/', headers: { 'accept-encoding': 'br', 'accept-language': 'en-US' } });
    expect(home.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
  });

  it('sends other pages as the plain SPA shell, scripts in <head>, in the language of their URL', async () => {
    const app = await make();
    const spanish = await app.inject({ url: '/es/reset-password?token=x', headers: { 'accept-language': 'en-US', cookie: 'lang=en' } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('<div id="root"></div>');
    // a Spanish visitor's screen reader speaks Spanish, and the tab says Spanish, before any script runs
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain(`<title>${shellTitle.es}</title>`);
    expect(spanish.body.slice(0, spanish.body.indexOf('</head>'))).toContain('/assets/index-abc.js');
    const english = await app.inject({ url: '/reset-password', headers: { 'accept-language': 'es-MX', cookie: 'lang=es' } });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain(`<title>${shellTitle.en}</title>`);
    expect(globalThis.renderCalls).toEqual([]);
  });

  it('sends an unknown path the prerendered not-found screen in the URL’s language, with status 404', async () => {
    const app = await make();
    const unknown = await app.inject('/es/nowhere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="es"');
    expect(unknown.body).toContain('<div id="root" data-prerendered="es"><h1>es /not-found');
    expect(unknown.body).toContain('<meta name="robots" content="noindex">');
    expect((await app.inject('/nowhere')).body).toContain('<div id="root" data-prerendered="en"><h1>en /not-found');
    // /affiliate/* is the app's (it renders nothing there, docs/product.md): the shell, status 200
    const affiliate = await app.inject('/es/affiliate/join');
    expect(affiliate.statusCode).toBe(200);
    expect(affiliate.body).toContain('<div id="root"></div>');
    expect(affiliate.body).toContain('<html lang="es"');
  });

  it('sends the sign-in and sign-up forms prerendered to visitors, and someone signed in straight on, in the URL’s language', async () => {
    const app = await make();
    const login = await app.inject('/es/login?next=%2Forder%3Fstate%3DCA');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('data-prerendered="es"><h1>es /login');
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Ana Pérez', email: 'ana.prerender@example.com', password: 'a sturdy passphrase' },
    });
    expect(signUp.statusCode).toBe(201);
    const cookie = [signUp.headers['set-cookie']]
      .flat()
      .map((line) => String(line).split(';')[0])
      .join('; ');
    const signedIn = await app.inject({ url: '/es/signup?next=%2Forder%3Fstate%3DCA', headers: { cookie } });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/es/order?state=CA');
    const noNext = await app.inject({ url: '/login', headers: { cookie } });
    expect(noNext.headers.location).toBe('/dashboard');
    // a return path to another site is not followed
    const elsewhere = await app.inject({ url: '/login?next=%2F%2Fevil.example', headers: { cookie } });
    expect(elsewhere.headers.location).toBe('/dashboard');
  });

  it('falls back to the SPA shell when a page fails to render, in the language asked for', async () => {
    const app = await make();
    const page = await app.inject('/es/privacy');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<html lang="es"');
    expect(page.body).toContain(`<title>${shellTitle.es}</title>`);
    expect(page.body.slice(0, page.body.indexOf('</head>'))).toContain('/assets/index-abc.js');
  });
});
