import fs from 'node:fs';
import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { orders } from '@server/db/schema';
import { buildTestApp, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { fakeS3Config, startFakeS3, type FakeS3 } from '@server/test/fake-s3';
import { passportFile, pdfBytes, pngBytes, submitOrder, validOrder } from '@server/test/orders';
import { s3PartBytes, s3Storage } from './s3-storage';
import { StorageNotFoundError } from './storage';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A stream that delivers `bytes` in small chunks, as an upload arrives, then fails if asked to. */
function upload(bytes: Buffer, failAfter = false): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += 256 * 1024) yield bytes.subarray(offset, offset + 256 * 1024);
      if (failAfter) throw new Error('client went away');
    })(),
  );
}

describe('S3 storage against a loopback S3 server', () => {
  let s3: FakeS3;
  let storage: ReturnType<typeof s3Storage>;
  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = s3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
  });

  it('puts a small file in one request, reads it back as a stream, deletes it', async () => {
    expect(await storage.put('identity/a/passport.pdf', upload(pdfBytes), 'application/pdf')).toEqual({ size: pdfBytes.length });
    expect(s3.requests.filter((r) => r.includes('identity/a/passport.pdf'))).toEqual(['PUT /frontera-test/identity/a/passport.pdf?x-id=PutObject']);
    expect(s3.objects.get('identity/a/passport.pdf')).toMatchObject({ body: pdfBytes, contentType: 'application/pdf' });
    expect(await read(await storage.get('identity/a/passport.pdf'))).toEqual(pdfBytes);

    await storage.delete('identity/a/passport.pdf');
    await expect(storage.get('identity/a/passport.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete('identity/a/passport.pdf'); // a missing file is not an error
  });

  it('streams a large file as a multipart upload of 5 MB parts', async () => {
    const big = Buffer.alloc(2 * s3PartBytes + 1234);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    expect(await storage.put('documents/b/big.pdf', upload(big), 'application/pdf')).toEqual({ size: big.length });
    const parts = s3.requests.filter((r) => r.startsWith('PUT /frontera-test/documents/b/big.pdf?partNumber='));
    expect(parts.map((r) => new URLSearchParams(r.split('?')[1]).get('partNumber'))).toEqual(['1', '2', '3']);
    expect(s3.objects.get('documents/b/big.pdf')).toMatchObject({ contentType: 'application/pdf' });
    // Buffer.equals: a deep toEqual over 10 MB would take longer than the upload
    expect((await read(await storage.get('documents/b/big.pdf'))).equals(big)).toBe(true);
    expect(s3.openUploads.size).toBe(0);
  });

  it('aborts the multipart upload when the stream fails midway: no object, no parts left', async () => {
    await expect(storage.put('documents/c/broken.pdf', upload(Buffer.alloc(s3PartBytes + 10), true), 'application/pdf')).rejects.toThrow('client went away');
    expect(s3.requests.some((r) => r.startsWith('DELETE /frontera-test/documents/c/broken.pdf?uploadId='))).toBe(true);
    expect(s3.objects.has('documents/c/broken.pdf')).toBe(false);
    expect(s3.openUploads.size).toBe(0);
  });

  it('never makes an object public: no ACL header is sent', () => {
    expect(s3.objects.size).toBeGreaterThan(0);
    for (const object of s3.objects.values()) expect(Object.keys(object.amzHeaders)).not.toContain('x-amz-acl');
  });

  it('pings the bucket: fine when it exists, an error when it does not or the server is away', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const wrongBucket = s3Storage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    await expect(wrongBucket.ping()).rejects.toThrow();
    wrongBucket.close();
    expect((await fetch(`${s3.url}/${s3.bucket}/anything`)).status).toBe(403); // the fake refuses unsigned requests, like S3
  });
});

describe.each(testDatabases)('orders API with S3 storage on $name', (target) => {
  let s3: FakeS3;
  let app: FastifyInstance;
  let database: Database;
  let filesDir: string;
  const maxBytes = s3PartBytes + 512 * 1024;
  beforeAll(async () => {
    s3 = await startFakeS3();
    database = await target.open();
    const built = await buildTestApp(database, { ...fakeS3Config(s3), UPLOAD_MAX_BYTES: String(maxBytes) });
    app = built.app;
    filesDir = built.config.filesDir;
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const orderCount = async (userId: string) => (await database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;

  it('stores the identity files of a new order in the bucket, and the owner downloads them through the API', async () => {
    const { cookie } = await signUp(app);
    const stranger = await signUp(app);
    const response = await submitOrder(app, cookie, validOrder(), { passport: passportFile, otherId: { name: 'id.png', type: 'image/png', bytes: pngBytes } });
    expect(response.statusCode).toBe(201);
    const row = await orderRow(response.json().order.id);
    // encrypted at rest (ADR 0026): no PDF or PNG signature anywhere in the stored objects
    expect(s3.objects.get(row.passportKey!)).toMatchObject({ contentType: 'application/pdf' });
    expect(s3.objects.get(row.otherIdKey!)).toMatchObject({ contentType: 'image/png' });
    expect(s3.objects.get(row.passportKey!)!.body.includes('%PDF')).toBe(false);
    expect(s3.objects.get(row.otherIdKey!)!.body.includes(Buffer.from('\x89PNG', 'latin1'))).toBe(false);
    expect(fs.existsSync(filesDir)).toBe(false); // nothing on the local disk

    const file = await app.inject({ url: `/api/orders/${row.id}/identity/passport`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(pdfBytes);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ url: `/api/orders/${row.id}/identity/passport`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('uploads a file larger than one part in parts, and serves it back whole', async () => {
    const { cookie } = await signUp(app);
    const big = Buffer.concat([pdfBytes, Buffer.alloc(s3PartBytes + 100 * 1024, 0x20)]);
    const response = await submitOrder(app, cookie, validOrder(), { passport: { name: 'scan.pdf', type: 'application/pdf', bytes: big } });
    expect(response.statusCode).toBe(201);
    const { passportKey } = await orderRow(response.json().order.id);
    expect(s3.requests).toContain(`POST /frontera-test/${passportKey}?uploads=`);
    const file = await app.inject({ url: `/api/orders/${response.json().order.id}/identity/passport`, headers: { cookie } });
    expect(file.rawPayload.equals(big)).toBe(true);
  });

  it('keeps nothing in the bucket when an upload is too large (413), of the wrong type (415) or the database fails', async () => {
    const { cookie, user } = await signUp(app);
    const objectsBefore = s3.objects.size;
    const tooBig = Buffer.concat([pdfBytes, Buffer.alloc(maxBytes, 0x20)]);
    const large = await submitOrder(app, cookie, validOrder(), { passport: { name: 'big.pdf', type: 'application/pdf', bytes: tooBig } });
    expect(large.statusCode).toBe(413);

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]);
    const wrongType = await submitOrder(app, cookie, validOrder(), {
      otherId: passportFile,
      passport: { name: 'passport.pdf', type: 'application/pdf', bytes: exe },
    });
    expect(wrongType.statusCode).toBe(415);

    await database.db.execute(
      sql`create or replace function fail_order_insert() returns trigger as $$ begin raise exception 'simulated failure'; end $$ language plpgsql`,
    );
    await database.db.execute(sql`create trigger fail_order before insert on orders for each row execute function fail_order_insert()`);
    try {
      const failed = await submitOrder(app, cookie, validOrder(), { passport: passportFile, otherId: { name: 'id.png', type: 'image/png', bytes: pngBytes } });
      expect(failed.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`drop trigger fail_order on orders`);
    }
    expect(await orderCount(user.id)).toBe(0);
    expect(s3.objects.size).toBe(objectsBefore);
    expect(s3.openUploads.size).toBe(0);
  });

  it("stores an administrator's document in the bucket and lets the customer download it", async () => {
    const admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(database.db, admin.user.email);
    const customer = await signUp(app);
    const orderId = (await submitOrder(app, customer.cookie)).json().order.id as string;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdfBytes)]), 'Articles.pdf');
    const body = new Response(form);
    const added = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/documents`,
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type')!, cookie: admin.cookie },
    });
    expect(added.statusCode).toBe(201);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(`documents/${orderId}/`))).toHaveLength(1);
    const file = await app.inject({ url: `/api/documents/${added.json().document.id}/file`, headers: { cookie: customer.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(pdfBytes);
  });
});
