import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { buildTestApp, sharedDatabase } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { eventually } from '@server/test/eventually';
import { parseDsn } from './error-reporting';

/** A Sentry-compatible ingest in this process: each envelope POSTed, with its auth header. */
async function startIngest() {
  const envelopes: { path: string; auth: string; contentType: string; lines: Record<string, unknown>[] }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const lines = Buffer.concat(chunks)
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      envelopes.push({ path: request.url ?? '', auth: String(request.headers['x-sentry-auth']), contentType: String(request.headers['content-type']), lines });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, envelopes, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('parseDsn', () => {
  it('finds the envelope endpoint of a DSN, with or without a path before the project', () => {
    expect(parseDsn('https://abc123@o1.ingest.sentry.io/4507')).toMatchObject({
      envelopeUrl: 'https://o1.ingest.sentry.io/api/4507/envelope/',
      publicKey: 'abc123',
    });
    expect(parseDsn('https://key@errors.example.com/glitchtip/7')).toMatchObject({ envelopeUrl: 'https://errors.example.com/glitchtip/api/7/envelope/' });
    for (const bad of ['https://o1.ingest.sentry.io/4507', 'https://key@host/', 'ftp://key@host/1']) expect(() => parseDsn(bad)).toThrow(/SENTRY_DSN/);
  });
});

describe('error reporting to a Sentry-compatible DSN', { timeout: 60_000 }, () => {
  let ingest: Awaited<ReturnType<typeof startIngest>>;
  let database: Database;
  beforeAll(async () => {
    ingest = await startIngest();
    database = await testDatabases[0]!.open();
  });
  afterAll(async () => {
    await ingest?.close();
    await database?.close();
  });

  it('reports a 500 with its stack and route, scrubbed of personal data; never a 4xx', async () => {
    const { app } = await buildTestApp(sharedDatabase(database), { SENTRY_DSN: `http://publickey@127.0.0.1:${ingest.port}/42`, SENTRY_ENVIRONMENT: 'staging' });
    // an unexpected failure whose message holds what a database error would: a value and an address
    app.get('/api/test/boom/:id', () => {
      throw new Error('duplicate key value (email)=(ana.perez@example.com) violates "users_email_unique" for "Ana Pérez"', {
        cause: new Error('connection reset by peer'),
      });
    });
    try {
      const failed = await app.inject({ url: '/api/test/boom/123?token=reset-secret', headers: { cookie: 'frontera.session_token=secret-cookie' } });
      expect(failed.statusCode).toBe(500);
      expect((await app.inject({ url: '/api/orders' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: {} })).statusCode).toBe(400);
      const envelope = await eventually(() => ingest.envelopes[0], 'the report');
      expect(envelope.path).toBe('/api/42/envelope/');
      expect(envelope.auth).toMatch(/^Sentry sentry_version=7, sentry_client=frontera\/frontera, sentry_key=publickey$/);
      expect(envelope.contentType).toBe('application/x-sentry-envelope');
      const [header, item, event] = envelope.lines as [
        { event_id: string },
        { type: string },
        Record<string, unknown> & { exception: { values: { type: string; value: string; stacktrace: { frames: { filename: string; in_app: boolean }[] } }[] } },
      ];
      expect(item.type).toBe('event');
      expect(event.event_id).toBe(header.event_id);
      expect(event).toMatchObject({
        level: 'error',
        environment: 'staging',
        platform: 'node',
        transaction: 'GET /api/test/boom/:id',
        request: { method: 'GET', url: '/api/test/boom/123' },
        tags: { route: '/api/test/boom/:id', request_id: failed.headers['x-request-id'] },
      });
      // the chain, outermost last, each with its frames
      expect(event.exception.values.map((v) => v.value)).toEqual(['connection reset by peer', expect.stringContaining('duplicate key value')]);
      expect(event.exception.values[1]!.stacktrace.frames.some((f) => f.in_app && f.filename.endsWith('error-reporting.test.ts'))).toBe(true);
      const sent = JSON.stringify(envelope.lines);
      for (const secret of ['ana.perez@example.com', 'Ana Pérez', 'users_email_unique', 'reset-secret', 'secret-cookie']) expect(sent).not.toContain(secret);
    } finally {
      await app.close();
    }
    // only the 500 was reported
    expect(ingest.envelopes).toHaveLength(1);
  });

  it("forwards a browser's error report the same way, scrubbed; 204 without a DSN; a malformed report is 400", async () => {
    const before = ingest.envelopes.length;
    const { app } = await buildTestApp(sharedDatabase(database), { SENTRY_DSN: `http://publickey@127.0.0.1:${ingest.port}/42` });
    const report = {
      kind: 'unhandledrejection',
      name: 'TypeError',
      message:
        'Cannot read properties of undefined (reading "name") for "maria.nunez@example.com" at /reset-password?token=Zm9vYmFyLXJlc2V0LXRva2VuLXRoYXQtd29ya3M with Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl and Zm9vYmFyLXNlc3Npb24tdG9rZW4tbG9uZy1lbm91Z2g',
      stack:
        'TypeError: Cannot read properties of undefined\n    at OrderCard (https://app.example.com/assets/dashboard-Ab12.js:1:2345)\nrender@https://app.example.com/assets/index-Cd34.js:3:45',
      path: '/es/dashboard',
    };
    try {
      const answer = await app.inject({ method: 'POST', url: '/api/client-errors', payload: report });
      expect(answer.statusCode).toBe(204);
      const envelope = await eventually(() => ingest.envelopes[before], 'the browser report');
      const event = envelope.lines[2] as Record<string, unknown> & {
        exception: { values: { type: string; value: string; stacktrace: { frames: { filename: string; function: string; lineno: number }[] } }[] };
      };
      expect(event).toMatchObject({
        platform: 'javascript',
        request: { url: '/es/dashboard' },
        transaction: '/es/dashboard',
        tags: { source: 'unhandledrejection', request_id: answer.headers['x-request-id'] },
      });
      expect(event.exception.values[0]!.type).toBe('TypeError');
      // innermost last: V8's frame and Firefox's
      expect(event.exception.values[0]!.stacktrace.frames.map((f) => `${f.function} ${f.lineno}`)).toEqual(['render 3', 'OrderCard 1']);
      expect(JSON.stringify(envelope.lines)).not.toContain('maria.nunez@example.com');
      // no token, bearer credential or long opaque run either: a URL's, a header's or a bare one
      for (const secret of ['Zm9vYmFyLXJlc2V0LXRva2VuLXRoYXQtd29ya3M', 'eyJhbGciOiJIUzI1NiJ9', 'Zm9vYmFyLXNlc3Npb24tdG9rZW4tbG9uZy1lbm91Z2g'])
        expect(JSON.stringify(envelope.lines)).not.toContain(secret);
      expect(event.exception.values[0]!.value).toContain('token=[redacted]');
      expect(event.exception.values[0]!.value).toContain('Bearer [redacted]');

      for (const bad of [
        { ...report, path: '/es/dashboard?token=secret' },
        { ...report, message: 'x'.repeat(1001) },
        { ...report, kind: 'warning' },
        { ...report, cookie: 'frontera.session_token=1' },
        { ...report, stack: 42 },
        {},
      ]) {
        const refused = await app.inject({ method: 'POST', url: '/api/client-errors', payload: bad });
        expect(refused.statusCode).toBe(400);
      }
    } finally {
      await app.close();
    }
    expect(ingest.envelopes).toHaveLength(before + 1);

    const { app: quiet } = await buildTestApp(sharedDatabase(database));
    try {
      expect((await quiet.inject({ method: 'POST', url: '/api/client-errors', payload: report })).statusCode).toBe(204);
    } finally {
      await quiet.close();
    }
    expect(ingest.envelopes).toHaveLength(before + 1);
  });
});
