import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { JobRegistry, periodicJob } from '@server/platform/jobs/job-registry';
import { buildTestApp, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { eventually } from '@server/test/eventually';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** An OTLP/HTTP receiver in this process: every span POSTed to /v1/traces, with the resource's service name. */
async function startReceiver() {
  const spans: (OtlpSpan & { service: string })[] = [];
  const requests: { path: string; contentType: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', contentType: String(request.headers['content-type']) });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans) {
        const service = String(resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue);
        for (const scope of resource.scopeSpans) for (const span of scope.spans) spans.push({ ...span, service });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && (value.stringValue ?? value.intValue);
};

describe('traces over OTLP', { timeout: 60_000 }, () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let database: Database;
  beforeAll(async () => {
    receiver = await startReceiver();
    database = await testDatabases.at(-1)!.open();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("sends a server span per request with its database spans inside, joins the caller's trace, and traces job runs", async () => {
    const { app } = await buildTestApp(database, { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: 'frontera-test' });
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      const customer = await signUp(app);
      const orders = await app.inject({
        url: '/api/orders?secret=do-not-record',
        headers: { cookie: customer.cookie, traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
      });
      expect(orders.statusCode).toBe(200);
      const registry = new JobRegistry(
        database,
        [periodicJob({ name: `traced-${Date.now()}`, everyMs: 3_600_000, run: async () => void (await database.db.execute(sql`select 1`)) })],
        pino({ level: 'silent' }),
      );
      await registry.register();
      await registry.runOnce(registry.names[0]!);
    } finally {
      // closing flushes the spans still batched
      await app.close();
    }
    expect(receiver.requests.every((r) => r.path === '/v1/traces' && r.contentType.startsWith('application/json'))).toBe(true);
    const server = await eventually(() => receiver.spans.find((s) => s.name === 'GET /api/orders'), 'the request span');
    expect(server.service).toBe('frontera-test');
    expect(server.traceId).toBe(callerTrace);
    expect(server.parentSpanId).toBe('00f067aa0ba902b7');
    expect(server.kind).toBe(2); // SERVER
    expect(attribute(server, 'http.route')).toBe('/api/orders');
    expect(attribute(server, 'url.path')).toBe('/api/orders');
    expect(Number(attribute(server, 'http.response.status_code'))).toBe(200);
    // no query string, no cookie, no email anywhere in what left the process
    const exported = JSON.stringify(receiver.spans);
    expect(exported).not.toContain('do-not-record');
    expect(exported).not.toContain('frontera.session');
    expect(exported).not.toContain('@example.com');
    const inside = receiver.spans.filter((s) => s.parentSpanId === server.spanId);
    expect(inside.length).toBeGreaterThanOrEqual(1);
    expect(inside.every((s) => s.name.startsWith('db ') && s.traceId === callerTrace && s.kind === 3)).toBe(true); // CLIENT
    const signUpSpan = receiver.spans.find((s) => s.name === 'POST /api/auth/sign-up')!;
    expect(signUpSpan.traceId).not.toBe(callerTrace);
    const job = receiver.spans.find((s) => s.name.startsWith('job traced-'))!;
    expect(job).toBeDefined();
    // the job's own query, outside any request, is inside the job's span
    expect(receiver.spans.some((s) => s.parentSpanId === job.spanId && s.name === 'db query' && s.traceId === job.traceId)).toBe(true);
  });
});
