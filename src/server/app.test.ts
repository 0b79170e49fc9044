import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/app-error';
import { buildTestApp, signUp, tempDataDir } from './test/app';
import { testDatabases } from './test/databases';

describe.each(testDatabases)('app on $name', (target) => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  const make = async (clientDir?: string) => {
    const database = await target.open();
    const { app } = await buildTestApp(database, {}, clientDir);
    apps.push(app);
    return { app, database };
  };

  it('GET /api/health is liveness: 200 with or without the database (readiness says when it is down)', async () => {
    const { app, database } = await make();
    const up = await app.inject('/api/health');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok' });

    await database.close();
    const down = await app.inject('/api/health');
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ status: 'ok' });
    expect((await app.inject('/api/ready')).statusCode).toBe(503);
  });

  it('tells browsers and proxies to keep no copy of API answers, personal or not, errors included', async () => {
    const { app } = await make();
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Ana Pérez', email: `cache-${Date.now()}@example.com`, password: 'a sturdy passphrase here' },
    });
    const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
    for (const url of ['/api/me', '/api/session', '/api/orders', '/api/orders/00000000-0000-4000-8000-000000000000', '/api/admin/orders']) {
      const response = await app.inject({ url, headers: { cookie } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect(signUp.headers['cache-control']).toBe('no-store');
    // the one public, unchanging document keeps its own caching
    expect((await app.inject('/api/openapi.json')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown /api paths with the JSON 404', async () => {
    const { app } = await make();
    const response = await app.inject('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'errors.not_found' } });
  });

  it('turns bad input into 4xx JSON with field keys, never a 500 or a stack trace', async () => {
    const { app } = await make();
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/test-echo',
        { schema: { body: z.object({ name: z.string().min(1, 'auth.nameRequired'), age: z.number() }) } },
        async (request) => request.body,
      );
    app.get('/api/test-boom', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    app.get('/api/test-conflict', async () => {
      throw new AppError('conflict', 'payment.alreadyPaid');
    });

    const invalid = await app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: '', age: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: { code: 'validation_failed', message: 'errors.validation_failed', fields: { name: 'auth.nameRequired', age: 'errors.invalidValue' } },
    });

    const malformed = await app.inject({ method: 'POST', url: '/api/test-echo', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');

    const wrongType = await app.inject({ method: 'POST', url: '/api/test-echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(wrongType.statusCode).toBe(415);

    const tooBig = await app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 'x'.repeat(2 * 1024 * 1024), age: 1 } });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('payload_too_large');

    const conflict = await app.inject('/api/test-conflict');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: { code: 'conflict', message: 'payment.alreadyPaid' } });

    const boom = await app.inject('/api/test-boom');
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret internals');
    expect(boom.json()).toEqual({ error: { code: 'internal', message: 'errors.internal' } });
  });

  it('sends security headers and a request id', async () => {
    const { app } = await make();
    const response = await app.inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // no inline <style>: stylesheets from our origin; style attributes only, for React's style props
    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
    );
    expect(directives).toMatchObject({ 'style-src': "'self'", 'style-src-elem': "'self'", 'style-src-attr': "'unsafe-inline'" });
    expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the SPA: index.html with the public config for client routes, 404 status for unknown pages, cached assets', async () => {
    const clientDir = tempDataDir();
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<html><head><!--app-config--></head><body>spa</body></html>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const { app } = await make(clientDir);

    for (const url of ['/', '/login', '/affiliate/xyz', '/es/', '/es', '/es/login', '/es/affiliate/xyz']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<meta name="app-config" content="{&quot;supportEmail&quot;:&quot;support@example.com&quot;');
    }
    // the case counts, as in the client's router (src/client/app/route-table.test.tsx): no redirect to sign in first
    for (const url of ['/no-such-page', '/es/no-such-page', '/estados', '/DASHBOARD', '/Login', '/ES/login', '/es/DASHBOARD/']) {
      const unknown = await app.inject(url);
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.body).toContain('spa');
    }

    // guarded pages: a visitor is sent to sign in (with the way back), a customer away from admin pages
    const adminPage = '/admin/orders/123e4567-e89b-12d3-a456-426614174000';
    for (const url of ['/order/confirm?orderId=1', '/dashboard', adminPage]) {
      const redirect = await app.inject(url);
      expect(redirect.statusCode, url).toBe(302);
      expect(redirect.headers.location).toBe(`/login?next=${encodeURIComponent(url)}`);
    }
    // in Spanish the way to sign in is Spanish, and `next` is the page within that language
    const spanish = await app.inject('/es/order?state=WY&x=%2F');
    expect([spanish.statusCode, spanish.headers.location]).toEqual([302, `/es/login?next=${encodeURIComponent('/order?state=WY&x=%2F')}`]);
    const customer = (await signUp(app)).cookie;
    expect((await app.inject({ url: '/dashboard', headers: { cookie: customer } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/es/dashboard', headers: { cookie: customer } })).statusCode).toBe(200);
    const refused = await app.inject({ url: adminPage, headers: { cookie: customer } });
    expect([refused.statusCode, refused.headers.location]).toEqual([302, '/dashboard']);
    const refusedEs = await app.inject({ url: `/es${adminPage}`, headers: { cookie: customer } });
    expect([refusedEs.statusCode, refusedEs.headers.location]).toEqual([302, '/es/dashboard']);
    // a forged session cookie is a visitor
    expect((await app.inject({ url: '/dashboard', headers: { cookie: `${customer.split('=')[0]}=forged.token` } })).statusCode).toBe(302);

    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/index.html')).body).not.toContain('<!--app-config-->');
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes the database', async () => {
    const [target] = testDatabases;
    const database = await target!.open();
    const { app } = await buildTestApp(database);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/api/test-slow', async () => {
      started();
      await gate;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inflight = fetch(`http://127.0.0.1:${port}/api/test-slow`);
    await requestStarted;
    const closing = app.close();
    release();
    const response = await inflight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(database.ping()).rejects.toThrow();
  });
});
