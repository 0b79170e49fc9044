import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { testConfig } from './test/app';
import { testDatabases } from './test/databases';
import { users } from './db/schema';
import type { Database } from './db/client';

describe('request logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;
  const warnings: Error[] = [];
  beforeAll(async () => {
    process.on('warning', (warning) => warnings.push(warning));
    database = await testDatabases[0]!.open();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), { database, logStream: stream });
  });
  afterAll(async () => {
    await app?.close();
  });
  const logged = (reqId: string) => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === reqId);

  it('writes JSON lines that carry the request id the load balancer sent, and echoes it', async () => {
    const response = await app.inject({
      url: '/api/orders',
      headers: { 'x-request-id': 'lb-trace-0123456789', cookie: 'frontera.session_token=secret-value', authorization: 'Bearer secret-bearer' },
    });
    expect(response.headers['x-request-id']).toBe('lb-trace-0123456789');
    // one line per request, once answered: what was asked, the answer's status and how long it took
    const [line, ...more] = logged('lb-trace-0123456789');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/orders' },
      res: { statusCode: 401 },
      responseTime: expect.any(Number),
    });
    expect(lines.join('\n')).not.toContain('secret-value');
    expect(lines.join('\n')).not.toContain('secret-bearer');
  });

  it('never writes the session cookie an answer sets', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'x-request-id': 'sign-up-log-0001' },
      payload: { name: 'Ana Pérez', email: 'log-check@example.com', password: 'correct horse battery staple' },
    });
    expect(response.statusCode).toBe(201);
    const token = /frontera\.session_token=([^;]+)/.exec(String(response.headers['set-cookie']))![1]!;
    expect(logged('sign-up-log-0001')).toMatchObject([{ res: { statusCode: 201 } }]);
    expect(lines.join('\n')).not.toContain(decodeURIComponent(token).split('.')[0]);
  });

  it('configures its logging without a deprecated Fastify option', async () => {
    // warnings are emitted on a later tick than the app's construction
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`).filter((text) => text.includes('Fastify'))).toEqual([]);
  });

  it('makes its own id when none (or a malformed one) is sent', async () => {
    const response = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged(id)).toHaveLength(1);
  });

  it('never writes query-string values: reset tokens, emails and names stay out', async () => {
    const response = await app.inject({
      url: '/api/payments/result?session_id=cs_live_SECRET0123&token=reset-token-SECRET&email=ana.perez%40example.com&name=Ana%20P%C3%A9rez',
      headers: { 'x-request-id': 'query-redaction-01' },
    });
    expect(response.statusCode).toBe(401);
    const text = lines.join('\n');
    for (const secret of ['SECRET0123', 'reset-token-SECRET', 'ana.perez', 'Ana%20P']) expect(text).not.toContain(secret);
    expect(logged('query-redaction-01')[0]).toMatchObject({
      req: { url: '/api/payments/result?session_id=[redacted]&token=[redacted]&email=[redacted]&name=[redacted]' },
    });
  });

  it("logs database errors without the query's parameters or the offending values", async () => {
    const email = 'lucia.fernandez@example.com';
    const failures: unknown[] = [];
    // a value the database refuses, and a unique-key violation that names the existing email
    await database.db.execute(sql`select ${email}::uuid`).catch((error: unknown) => failures.push(error));
    const row = { id: crypto.randomUUID(), name: 'Lucía Fernández', email, emailVerified: false, createdAt: new Date(), updatedAt: new Date() };
    await database.db.insert(users).values(row);
    await database.db
      .insert(users)
      .values({ ...row, id: crypto.randomUUID() })
      .catch((error: unknown) => failures.push(error));
    expect(failures).toHaveLength(2);
    const before = lines.length;
    for (const error of failures) app.log.error({ err: error }, 'unhandled error');
    const written = lines.slice(before).join('\n');
    expect(written).toContain('unhandled error');
    expect(written).toContain('Failed query');
    expect(written).not.toContain('lucia');
    expect(written).not.toContain('Fernández');
  });

  it("logs a CSV export's filters but never its search's words", async () => {
    const { signUp, promoteEnrolledAdmin } = await import('./test/app');
    const admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(database.db, admin.user.email);
    for (const url of ['/api/admin/orders/export.csv?q=maria.nunez%40example.com&status=paid', '/api/admin/activity.csv?q=maria.nunez%40example.com']) {
      const answer = await app.inject({ url, headers: { cookie: admin.cookie, 'x-request-id': `csv-export-${url.length}-0123456789` } });
      expect(answer.statusCode).toBe(200);
      const entry = logged(`csv-export-${url.length}-0123456789`).find((line) => String(line.msg).endsWith('exported as CSV'));
      expect(entry).toBeDefined();
      // the orders export searches by it (said to be set, not what it was); the activity export has no such filter
      if (url.includes('orders')) expect(entry).toMatchObject({ filters: { q: '[redacted]', status: 'paid' } });
    }
    expect(lines.join('\n')).not.toContain('maria.nunez');
  });
});
