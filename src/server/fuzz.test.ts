import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTestEvent, testSignatureHeader } from '@server/platform/payments/test-provider';
import { signUp } from '@server/test/app';
import { apiTargets, type OpenApiTarget } from '@server/test/api-targets';
import { submitOrder } from '@server/test/orders';
import { sampleOrder } from '@shared/testing/sample-order';

/**
 * Property: no generated request, however malformed, gets a 5xx from any endpoint of the API
 *, from the source or from the built server over a socket.
 * The endpoints come from the app's own OpenAPI document, so a new route is fuzzed without touching
 * this file. FUZZ_RUNS sets the cases per endpoint (1,000 by default), FUZZ_RUNS_BUILT those sent
 * to the built server (250: a socket and another process cost more per case).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const builtRuns = Number(process.env.FUZZ_RUNS_BUILT ?? 250);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

interface Endpoint {
  method: string;
  path: string;
  queryKeys: string[];
  bodyKeys: string[];
  /** it reads a multipart body (its description says so: the parts stream in, there is no body schema) */
  multipart: boolean;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        description?: string;
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

function endpointsOf(document: OpenApi): Endpoint[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      queryKeys: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyKeys: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      multipart: /multipart/i.test(operation.description ?? ''),
    })),
  );
}

/** Strings a careless parser or database chokes on, mixed into the generated ones. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '\u202efdp.exe',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  "' or 1=1 --",
  '../../etc/passwd',
  'x'.repeat(5000),
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  nasty,
  fc.uuid(),
  fc.emailAddress(),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('any'), { maxLength: 3 }), fc.dictionary(text, tie('any'), { maxKeys: 3 })),
})).any;

/**
 * A valid request per endpoint, to mutate one field at a time: random values alone rarely get past
 * validation, and the defects hide behind it (a NUL inside an otherwise valid support message).
 */
const validBodies: Record<string, Record<string, unknown>> = {
  'POST /api/auth/sign-up': { name: 'Ana Pérez', email: 'fuzz-signup@example.com', password: 'a sturdy passphrase here', language: 'es' },
  'POST /api/auth/sign-in': { email: 'fuzz-signin@example.com', password: 'a sturdy passphrase here' },
  'POST /api/auth/password-reset/request': { email: 'fuzz-reset@example.com' },
  'POST /api/auth/password-reset': { token: 'x'.repeat(24), password: 'a sturdy passphrase here' },
  'POST /api/support-tickets': {
    name: 'Ana Pérez',
    email: 'ana@example.com',
    support_message: 'I have a question about forming my company in Wyoming',
    language: 'es',
  },
  'PUT /api/me/language': { language: 'es' },
  'PATCH /api/admin/orders/{id}/status': { status: 'processing' },
  'POST /api/payments/webhook': {
    id: 'evt_fuzz',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_fuzz',
        payment_status: 'paid',
        amount_total: 39900,
        currency: 'usd',
        metadata: { orderId: '6f1c1a52-8d0e-4c3b-9a57-3d0f2b1e7c44' },
      },
    },
  },
};
const validQueries: Record<string, Record<string, string>> = {
  'GET /api/admin/orders': { q: 'ana', limit: '5' },
  'GET /api/admin/support-tickets': { origin: 'all', limit: '5' },
  'GET /api/payments/result': { session_id: 'cs_test_0123456789' },
};

/** `valid` with one field replaced by a generated value, or with something nasty spliced into its text. */
function mutated<T extends Record<string, unknown>>(valid: T): fc.Arbitrary<T> {
  const replace = value.map((replacement) => ({ replacement }));
  const splice = fc.tuple(nasty, fc.nat()).map(([insert, at]) => ({ insert, at }));
  return fc.tuple(fc.constantFrom(...Object.keys(valid)), fc.oneof(replace, splice)).map(([key, change]) => {
    if ('replacement' in change) return { ...valid, [key]: change.replacement };
    const original = String(valid[key]);
    const at = change.at % (original.length + 1);
    return { ...valid, [key]: original.slice(0, at) + change.insert + original.slice(at) };
  });
}

/** A multipart submission (the wizard's, or an administrator's upload) with the order JSON mutated, generated file parts, and maybe no closing boundary. */
function multipartBody(boundary: string): fc.Arbitrary<string> {
  const file = fc.record({
    field: fc.oneof(fc.constantFrom('passport', 'ssnDoc', 'otherId', 'file'), text),
    name: fc.oneof(fc.constant('passport.pdf'), text),
    bytes: fc.oneof(fc.constant('%PDF-1.4\n%%EOF\n'), fc.string({ unit: 'binary', maxLength: 100 })),
  });
  return fc.tuple(mutated(sampleOrder as unknown as Record<string, unknown>), fc.array(file, { maxLength: 2 }), fc.boolean()).map(([order, files, closed]) => {
    const parts = [`--${boundary}\r\ncontent-disposition: form-data; name="order"\r\n\r\n${JSON.stringify(order)}\r\n`];
    for (const f of files)
      parts.push(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.name}"\r\ncontent-type: application/pdf\r\n\r\n${f.bytes}\r\n`,
      );
    return parts.join('') + (closed ? `--${boundary}--\r\n` : '');
  });
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD) or, sometimes, sends the text raw. */
const encode = (raw: string, verbatim: boolean) =>
  verbatim ? raw.replace(/[\s#?&/]/g, '') : [...Buffer.from(raw)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

export function requestFor(
  endpoint: Endpoint,
  realIds: string[],
): fc.Arbitrary<{ options: InjectOptions; auth: 'visitor' | 'customer' | 'admin'; signed: boolean }> {
  const param = fc.oneof(fc.constantFrom(...realIds), fc.uuid(), text);
  const key = fc.oneof(fc.constantFrom(...endpoint.queryKeys, ...endpoint.bodyKeys, 'q', 'id'), text);
  const name = `${endpoint.method} ${endpoint.path}`;
  const randomQuery = fc.array(fc.tuple(key, fc.oneof(text, fc.integer().map(String)), fc.boolean()), { maxLength: 4 });
  const validQuery = validQueries[name];
  const query = validQuery
    ? fc.oneof(
        randomQuery,
        fc
          .tuple(mutated(validQuery), fc.boolean())
          .map(([q, verbatim]) =>
            Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''), verbatim] as [string, string, boolean]),
          ),
      )
    : randomQuery;
  const knownBody = endpoint.bodyKeys.length ? fc.record(Object.fromEntries(endpoint.bodyKeys.map((k) => [k, value])), { requiredKeys: [] }) : fc.constant({});
  const validBody = validBodies[name];
  const boundary = 'fuzzboundary';
  const body = fc.oneof(
    fc.record({ type: fc.constant('json'), data: fc.oneof(knownBody, value, ...(validBody ? [mutated(validBody), mutated(validBody)] : [])) }),
    ...(endpoint.multipart
      ? [
          fc.record({ type: fc.constant('multipart'), data: multipartBody(boundary) }),
          fc.record({ type: fc.constant('multipart'), data: multipartBody(boundary) }),
        ]
      : []),
    fc.record({
      type: fc.constant('raw'),
      data: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }),
        nasty,
        fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
      ),
    }),
    fc.record({ type: fc.constant('none'), data: fc.constant(undefined) }),
  );
  // the header a multipart body goes with: its boundary, or none, an empty one, another one
  const multipartType = fc.constantFrom(
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary="x"',
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'multipart/form-data; boundary=' + 'b'.repeat(300),
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    '',
  );
  return fc
    .record({
      params: fc.array(fc.tuple(param, fc.boolean()), { minLength: 3, maxLength: 3 }),
      query,
      body,
      contentType,
      partsType: multipartType,
      auth: fc.constantFrom('visitor' as const, 'customer' as const, 'admin' as const),
      signed: fc.boolean(),
      ip: fc.ipV4(),
    })
    .map(({ params, query: pairs, body: payload, contentType: type, partsType, auth, signed, ip }) => {
      let index = 0;
      const path = endpoint.path.replace(/\{[^}]+\}/g, () => {
        const [raw, verbatim] = params[index++]!;
        return encode(raw, verbatim) || 'x';
      });
      const search = pairs.map(([k, v, verbatim]) => `${encode(k, verbatim)}=${encode(v, verbatim)}`).join('&');
      const payloadText = payload.type === 'json' ? (JSON.stringify(payload.data) ?? 'null') : payload.type === 'none' ? undefined : String(payload.data);
      const sentType = payload.type === 'json' ? 'application/json' : payload.type === 'multipart' ? partsType : type;
      const options: InjectOptions = {
        method: endpoint.method as InjectOptions['method'],
        url: search ? `${path}?${search}` : path,
        remoteAddress: ip,
        headers: payloadText !== undefined && sentType ? { 'content-type': sentType } : {},
        ...(payloadText !== undefined && endpoint.method !== 'GET' ? { payload: payloadText } : {}),
      };
      return { options, auth, signed };
    });
}

describe.each(apiTargets)('fuzzed requests on $name', (target) => {
  let app: OpenApiTarget;
  const cases = target.name.includes('built') ? builtRuns : runs;
  const cookies: Record<'visitor' | 'customer' | 'admin', string | undefined> = { visitor: undefined, customer: undefined, admin: undefined };
  const realIds: string[] = [];
  let endpoints: Endpoint[] = [];
  const tally: Record<string, Record<number, number>> = {};

  beforeAll(async () => {
    app = await target.open();
    const customer = await signUp(app);
    cookies.customer = customer.cookie;
    cookies.admin = app.adminCookie;
    realIds.push((await submitOrder(app, customer.cookie)).json().order.id, customer.user.id);
    endpoints = endpointsOf((await app.inject({ url: '/api/openapi.json' })).json());
  });
  afterAll(async () => {
    // the figures for the closing note: cases and statuses per endpoint
    const total = Object.values(tally).reduce((sum, statuses) => sum + Object.values(statuses).reduce((a, b) => a + b, 0), 0);
    console.log(`fuzz on ${target.name}: ${Object.keys(tally).length} endpoints, ${total} requests`, JSON.stringify(tally));
    await app?.close();
  });

  it('finds every endpoint in the OpenAPI document', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(29);
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toContain('POST /api/payments/webhook');
  });

  it(
    'answers every generated malformed request to every endpoint without a 5xx',
    async () => {
      const failures: string[] = [];
      for (const endpoint of endpoints) {
        const name = `${endpoint.method} ${endpoint.path}`;
        const statuses: Record<number, number> = (tally[name] = {});
        // signing out would end the sessions the other endpoints are fuzzed with
        const signsOut = name === 'POST /api/auth/sign-out';
        // a signed-in reader's live stream stays open until the session ends: fuzzed as a visitor
        // (the query and headers are validated before the session is read)
        const streams = name === 'GET /api/events';
        const property = fc.asyncProperty(requestFor(endpoint, realIds), async ({ options, auth, signed }) => {
          const cookie = signsOut || streams ? undefined : cookies[auth];
          const headers: Record<string, string> = { ...(options.headers as Record<string, string>), ...(cookie ? { cookie } : {}) };
          if (signed && typeof options.payload === 'string') headers[testSignatureHeader] = signTestEvent(app.testPaymentsSecret, options.payload);
          const response = await app.inject({ ...options, headers });
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          if (response.statusCode >= 500) {
            // the built server's own account of it: its last error log line
            const logged =
              app
                .logLines()
                .filter((line) => line.includes('"level":50'))
                .at(-1) ?? '';
            throw new Error(
              `${name} answered ${response.statusCode}: ${options.method} ${options.url} ${JSON.stringify(options.payload)?.slice(0, 300)} → ${response.body.slice(0, 300)} ${logged.slice(0, 600)}`,
            );
          }
        });
        // every endpoint is fuzzed even when one fails, so one run shows them all
        const result = await fc.check(property, { numRuns: cases, seed, endOnFailure: true });
        if (result.failed)
          failures.push(
            `${name} (seed ${result.seed}): ${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)}`,
          );
      }
      expect(failures).toEqual([]);
    },
    30 * 60_000,
  );
});
