import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { testConfig } from './test/app';
import { testDatabases } from './test/databases';

describe('request logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await testDatabases[0]!.open();
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
    const response = await app.inject({ url: '/api/orders', headers: { 'x-request-id': 'lb-trace-0123456789', cookie: 'frontera.session_token=secret-value' } });
    expect(response.headers['x-request-id']).toBe('lb-trace-0123456789');
    expect(logged('lb-trace-0123456789')).toMatchObject([
      { level: 30, msg: 'incoming request', req: { method: 'GET', url: '/api/orders' } },
      { level: 30, msg: 'request completed', res: { statusCode: 401 } },
    ]);
    expect(lines.join('\n')).not.toContain('secret-value');
  });

  it('makes its own id when none (or a malformed one) is sent', async () => {
    const response = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged(id)).toHaveLength(2);
  });
});
