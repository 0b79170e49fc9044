import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

describe('cross-site state changes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp(await testDatabases[0]!.open(), { APP_URL: 'http://shop.example.com:8080' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  // the Host a browser sends for the app, so only the origin policy decides
  const signOut = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { host: 'shop.example.com:8080', ...headers } });

  it.each([
    ['Origin: null (sandboxed frame, file:, data:)', { origin: 'null' }],
    ['a malformed Origin', { origin: 'not a url' }],
    ['the https origin on the http app', { origin: 'https://shop.example.com:8080' }],
    ['another port', { origin: 'http://shop.example.com:9090' }],
    ['a sibling subdomain', { origin: 'http://evil.shop.example.com:8080' }],
    ['another site', { origin: 'https://evil.example' }],
    ['the app origin with a trailing slash', { origin: 'http://shop.example.com:8080/' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site none', { 'sec-fetch-site': 'none' }],
    ['the app Origin but a cross-site fetch', { origin: 'http://shop.example.com:8080', 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 in the usual shape', async (_case, headers) => {
    const response = await signOut(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: 'errors.forbidden' } });
  });

  it.each([
    ['the exact app origin', { origin: 'http://shop.example.com:8080' }],
    ['same-origin with the app origin', { origin: 'http://shop.example.com:8080', 'sec-fetch-site': 'same-origin' }],
    ['no Origin and no Sec-Fetch-Site (not a browser page: webhooks, curl)', {}],
  ])('accepts %s', async (_case, headers) => {
    expect((await signOut(headers)).statusCode).toBe(204);
  });

  it('leaves reads alone: a cross-site GET is answered', async () => {
    const response = await app.inject({ url: '/api/session', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(200);
  });

  it('in development, says to open the app at its own address instead', async () => {
    const { app: development } = await buildTestApp(await testDatabases[0]!.open(), { APP_URL: 'http://localhost:3000', NODE_ENV: 'development' });
    try {
      const refused = await development.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
        payload: {},
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'forbidden', message: 'errors.otherAddress' } });
    } finally {
      await development.close();
    }
  });
});
