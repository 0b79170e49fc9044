import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';
import { signUp } from '@server/test/app';
import { apiTargets, type OpenApiTarget } from '@server/test/api-targets';
import { orderMultipart, passportFile, submitOrder, validOrder } from '@server/test/orders';

/**
 * The malformed requests of the outside audits, each of which once got
 * a 500: every one must be a 4xx in the usual error shape, from the source and from the built
 * server over a socket. The property-based sweep over every endpoint is fuzz.test.ts.
 */
describe.each(apiTargets)('bad input on $name', (target) => {
  let app: OpenApiTarget;
  let customer: string;
  let admin: string;
  let orderId: string;
  beforeAll(async () => {
    app = await target.open();
    customer = (await signUp(app)).cookie;
    admin = app.adminCookie;
    orderId = (await submitOrder(app, customer)).json().order.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const expectClientError = async (request: InjectOptions) => {
    const response = await app.inject(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBeLessThan(500);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    return response;
  };
  const json = (url: string, body: unknown, cookie?: string): InjectOptions => ({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it.each([
    ['a NUL byte in a reset token', '/api/auth/password-reset', { token: 'abc\u0000def', password: 'a sturdy passphrase here' }],
    ['a NUL byte in a support name', '/api/support-tickets', { name: 'Ana\u0000', email: 'ana@example.com', support_message: 'A question about my order' }],
    ['a NUL byte in a support message', '/api/support-tickets', { name: 'Ana', email: 'ana@example.com', support_message: 'A question\u0000 about my order' }],
    [
      'a lone surrogate in a support message',
      '/api/support-tickets',
      { name: 'Ana', email: 'ana@example.com', support_message: 'A question about \ud800 my order' },
    ],
    ['a NUL byte in a sign-up name', '/api/auth/sign-up', { name: 'Ana\u0000María', email: 'nul@example.com', password: 'a sturdy passphrase here' }],
  ])('%s is a 400 naming the field', async (_case, url, body) => {
    const response = await expectClientError(json(url, body));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it.each(['/api/launch-list', '/api/support-tickets', '/api/auth/sign-in'])('a JSON body nested 5,000 levels deep is a 400 at %s, not a 500', async (url) => {
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const response = await expectClientError(json(url, deep));
    expect(response.statusCode).toBe(400);
    const arrays = await expectClientError(json(url, `${'['.repeat(5000)}${']'.repeat(5000)}`));
    expect(arrays.statusCode).toBe(400);
  });

  it('a lone surrogate escaped in the JSON text is refused before it reaches the database or the outbox', async () => {
    const raw = '{"name":"Ana","email":"ana@example.com","support_message":"A question about \\udc00 my order"}';
    const response = await expectClientError(json('/api/support-tickets', raw));
    expect(response.json().error.fields).toHaveProperty('support_message');
  });

  it.each([
    ['/api/payments/result?session_id=%00', () => customer],
    ['/api/admin/orders?q=a%00', () => admin],
    ['/api/admin/orders?cursor=not-a-uuid', () => admin],
    ['/api/admin/orders?cursor=%00', () => admin],
    ['/api/orders/%00', () => customer],
  ])('GET %s is a 400', async (url, cookie) => {
    const response = await expectClientError({ method: 'GET', url, headers: { cookie: cookie() } });
    expect(response.statusCode).toBe(400);
  });

  it('a NUL byte inside the order JSON of a multipart submission is a 400 and stores nothing', async () => {
    const { payload, headers } = await orderMultipart(validOrder({ companyName1: 'Andes\u0000 Trading' }), { passport: passportFile });
    const response = await expectClientError({ method: 'POST', url: '/api/orders', payload, headers: { ...headers, cookie: customer } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('companyName1');
  });

  const malformedBodies: [string, string, Buffer][] = [
    ['no boundary', 'multipart/form-data', Buffer.from('--x\r\ncontent-disposition: form-data; name="order"\r\n\r\n{}\r\n--x--\r\n')],
    ['an empty boundary', 'multipart/form-data; boundary=', Buffer.from('--\r\ncontent-disposition: form-data; name="order"\r\n\r\n{}\r\n----\r\n')],
    ['no closing boundary', 'multipart/form-data; boundary=x', Buffer.from('--x\r\ncontent-disposition: form-data; name="order"\r\n\r\n{"a":1}')],
    [
      'a file part cut short',
      'multipart/form-data; boundary=x',
      Buffer.from('--x\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF'),
    ],
    ['an empty body', 'multipart/form-data; boundary=x', Buffer.alloc(0)],
    ['garbage', 'multipart/form-data; boundary=x', Buffer.from('\u0000\u0001garbage')],
  ];
  const uploads = [
    ['POST', () => '/api/orders', () => customer],
    ['PUT', () => `/api/orders/${orderId}`, () => customer],
    ['POST', () => `/api/admin/orders/${orderId}/documents`, () => admin],
  ] as const;
  describe.each(uploads)('%s', (method, url, cookie) => {
    it.each(malformedBodies)('a multipart body with %s is a 400', async (_case, contentType, payload) => {
      const response = await expectClientError({ method, url: url(), payload, headers: { 'content-type': contentType, cookie: cookie() } });
      expect(response.statusCode).toBe(400);
    });
  });

  it('a malformed identity file part stores nothing: the order is still as it was', async () => {
    const before = (await app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: customer } })).json();
    const { payload, headers } = await orderMultipart(validOrder({ companyName1: 'Changed Name LLC' }), { passport: passportFile }, { keep: [] });
    // the same body with its closing boundary cut off
    const cut = payload.subarray(0, payload.length - 30);
    await expectClientError({ method: 'PUT', url: `/api/orders/${orderId}`, payload: cut, headers: { ...headers, cookie: customer } });
    expect((await app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: customer } })).json()).toEqual(before);
  });

  // answers that hang on recognising a library's error class (instanceof), which a bundle may duplicate
  it('an email already registered is a 409 and a wrong password a 401, not a 500', async () => {
    const account = await signUp(app);
    const again = await expectClientError({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Ana Pérez', email: account.user.email, password: account.password },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('auth.emailExists');
    const wrong = await expectClientError({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.user.email, password: 'not the right passphrase' },
    });
    expect(wrong.statusCode).toBe(401);
    const reset = await expectClientError({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token: 'x'.repeat(24), password: 'a sturdy passphrase here' },
    });
    expect(reset.statusCode).toBe(400);
  });

  const signedWebhook = (body: string): InjectOptions => ({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', [testSignatureHeader]: signTestEvent(app.testPaymentsSecret, body) },
  });

  it.each([
    ['not JSON', 'this is not json'],
    ['JSON without data', JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' })],
    [
      'a non-uuid order',
      JSON.stringify({
        id: 'evt_2',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_1', payment_status: 'paid', amount_total: 39900, currency: 'usd', metadata: { orderId: 'not-a-uuid' } } },
      }),
    ],
    [
      'a NUL in the order id',
      JSON.stringify({
        id: 'evt_3',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_1', payment_status: 'paid', amount_total: 39900, currency: 'usd', metadata: { orderId: '\u0000' } } },
      }),
    ],
    ['a JSON array', '[1,2,3]'],
  ])('a correctly signed webhook body that is %s is a 400', async (_case, body) => {
    const response = await expectClientError(signedWebhook(body));
    expect(response.statusCode).toBe(400);
  });
});
