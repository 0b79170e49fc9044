import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { buildTestApp, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { orderMultipart, validOrder } from '@server/test/orders';

/**
 * What a browser's socket sees when an upload is refused mid-body: one request written whole on a
 * keep-alive connection, then a second one behind it. Returns the raw bytes that came back and
 * whether the server closed the connection, by `within` ms (a bound, not a wait: it ends at the close).
 */
function twoRequestsOnOneSocket(port: number, first: Buffer, second: string, within: number): Promise<{ received: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks).toString('latin1'), closed });
    };
    const timer = setTimeout(done, within);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // both answered: nothing more to wait for
      if (
        (
          Buffer.concat(chunks)
            .toString('latin1')
            .match(/HTTP\/1\.1 \d{3}/g) ?? []
        ).length >= 2
      )
        done();
    });
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.write(first);
    socket.write(second);
  });
}

describe('an upload refused before its body is read', { timeout: 60_000 }, () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    ({ app } = await buildTestApp(database));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 415 and closes the connection, so a request behind it is never left hanging', async () => {
    const customer = await signUp(app);
    // a web page named as a passport, 2 MB of it: refused by its first bytes, long before its end
    const page = Buffer.concat([Buffer.from('<!doctype html><html><body>'), Buffer.alloc(2 * 1024 * 1024, 0x61), Buffer.from('</body></html>')]);
    const { payload, headers } = await orderMultipart(validOrder(), { passport: { name: 'passport.pdf', type: 'application/pdf', bytes: page } });
    const request = Buffer.concat([
      Buffer.from(
        `POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.services.config.APP_URL}\r\nCookie: ${customer.cookie}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nConnection: keep-alive\r\n\r\n`,
      ),
      payload,
    ]);
    const health = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;
    const { received, closed } = await twoRequestsOnOneSocket(port, request, health, 10_000);
    expect(received).toMatch(/^HTTP\/1\.1 415 /);
    expect(received).toContain('"code":"unsupported_media_type"');
    // the refusal says the connection ends, and it does (before main it stayed open and the request behind it hung)
    expect(received.split('\r\n\r\n')[0]).toMatch(/\r\nconnection: close(\r\n|$)/i);
    expect(closed).toBe(true);

    // and the server goes on answering on a new connection
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});
