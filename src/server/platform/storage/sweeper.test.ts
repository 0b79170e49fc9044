import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { documents, orders } from '@server/db/schema';
import { buildTestApp, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { fakeS3Config, startFakeS3, type FakeS3 } from '@server/test/fake-s3';
import { pdfBytes, submitOrder } from '@server/test/orders';
import type { Storage } from './storage';
import { sweepOrphanFiles } from './sweeper';

const hour = 60 * 60 * 1000;
const graceMs = hour;

/** The two storages, each able to make a file look old and to leave an interrupted put behind. */
interface StorageTarget {
  name: 'local' | 's3';
  setup(): Promise<{
    env: Record<string, string>;
    /** moves a file's (or leftover's) time back by `ms` */
    age(app: FastifyInstance, key: string, ms: number): void;
    /** what an interrupted put leaves: a temp file, an unfinished multipart upload */
    leftover(app: FastifyInstance, key: string): Promise<void>;
    /** every key present, leftovers marked */
    present(app: FastifyInstance): string[];
    close(): Promise<void>;
  }>;
}

const storages: StorageTarget[] = [
  {
    name: 'local',
    async setup() {
      const root = (app: FastifyInstance) => app.services.config.filesDir;
      const fullPaths = (app: FastifyInstance) =>
        fs.existsSync(root(app))
          ? fs
              .readdirSync(root(app), { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
              .map((e) => path.join(e.parentPath, e.name))
          : [];
      return {
        env: {},
        age(app, key, ms) {
          for (const full of fullPaths(app).filter((f) => path.relative(root(app), f).startsWith(key))) {
            const past = new Date(Date.now() - ms);
            fs.utimesSync(full, past, past);
          }
        },
        async leftover(app, key) {
          // what put() leaves when the process dies mid-stream: the temp name, half the bytes
          const full = path.join(root(app), `${key}.${randomUUID()}.part`);
          fs.mkdirSync(path.dirname(full), { recursive: true });
          fs.writeFileSync(full, pdfBytes.subarray(0, 10));
        },
        present: (app) => fullPaths(app).map((f) => path.relative(root(app), f).replace(/\.[0-9a-f-]{36}\.part$/, ' (partial)')),
        close: async () => undefined,
      };
    },
  },
  {
    name: 's3',
    async setup() {
      // two entries a page: the sweeper must follow the pages of both listings
      const s3: FakeS3 = await startFakeS3('frontera-test', { pageSize: 2 });
      const client = new S3Client({ region: 'us-east-1', endpoint: s3.url, forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
      return {
        env: fakeS3Config(s3),
        age(_app, key, ms) {
          const object = s3.objects.get(key);
          if (object) object.lastModified = new Date(object.lastModified.getTime() - ms);
          for (const upload of s3.openUploads.values()) if (upload.key === key) upload.initiated = new Date(upload.initiated.getTime() - ms);
        },
        async leftover(_app, key) {
          const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }));
          await client.send(new UploadPartCommand({ Bucket: s3.bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.alloc(1024) }));
        },
        present: () => [...s3.objects.keys(), ...[...s3.openUploads.values()].map((upload) => `${upload.key} (partial)`)],
        async close() {
          client.destroy();
          await s3.close();
        },
      };
    },
  },
];

const put = (storage: Storage, key: string) => storage.put(key, Readable.from([pdfBytes]), 'application/pdf');

describe.each(testDatabases)('orphan file sweeper on $name', (target) => {
  describe.each(storages)('with $name storage', (storageTarget) => {
    let database: Database;
    let app: FastifyInstance;
    let kit: Awaited<ReturnType<StorageTarget['setup']>>;
    beforeAll(async () => {
      database = await target.open();
      kit = await storageTarget.setup();
      ({ app } = await buildTestApp(database, kit.env));
    });
    afterAll(async () => {
      await app?.close();
      await kit?.close();
    });

    it('deletes old orphans and interrupted puts; keeps referenced files and anything within the grace period', async () => {
      const { storage } = app.services;
      // a real order: its passport is referenced by orders.passport_key
      const { cookie } = await signUp(app);
      const submitted = await submitOrder(app, cookie);
      expect(submitted.statusCode).toBe(201);
      const orderId = submitted.json().order.id as string;
      const [order] = await database.db.select({ key: orders.passportKey }).from(orders).where(eq(orders.id, orderId));
      const passportKey = order!.key!;
      // an administrator's document, referenced by documents.storage_key
      const documentKey = `documents/${orderId}/${randomUUID()}.pdf`;
      await put(storage, documentKey);
      await database.db
        .insert(documents)
        .values({ orderId, fileName: 'deed.pdf', storageKey: documentKey, contentType: 'application/pdf', sizeBytes: pdfBytes.length });
      // what a crash between the upload and the transaction leaves
      const oldOrphan = `identity/${randomUUID()}/passport-${randomUUID()}.pdf`;
      const youngOrphan = `identity/${randomUUID()}/passport-${randomUUID()}.pdf`;
      const oldDocumentOrphan = `documents/${orderId}/${randomUUID()}.pdf`;
      for (const key of [oldOrphan, youngOrphan, oldDocumentOrphan]) await put(storage, key);
      const oldLeftover = `identity/${randomUUID()}/ssnDoc-${randomUUID()}.pdf`;
      const youngLeftover = `identity/${randomUUID()}/otherId-${randomUUID()}.png`;
      await kit.leftover(app, oldLeftover);
      await kit.leftover(app, youngLeftover);
      for (const key of [passportKey, documentKey, oldOrphan, oldDocumentOrphan, oldLeftover]) kit.age(app, key, 2 * hour);
      kit.age(app, youngOrphan, 30 * 60 * 1000);

      // a shutdown ends a sweep early: nothing is touched after the signal
      expect(await sweepOrphanFiles({ database, storage, graceMs, signal: AbortSignal.abort() })).toMatchObject({ found: 0, deleted: 0 });

      const result = await sweepOrphanFiles({ database, storage, graceMs });

      expect(result).toEqual({ swept: true, found: 7, deleted: 3, young: 2, referenced: 2 });
      expect(kit.present(app).sort()).toEqual([passportKey, documentKey, youngOrphan, `${youngLeftover} (partial)`].sort());
      // the referenced files still read back
      expect((await storage.get(passportKey)).readable).toBe(true);

      // once the grace period has passed for them too, only the referenced files stay
      const later = await sweepOrphanFiles({ database, storage, graceMs, now: new Date(Date.now() + 2 * hour) });
      expect(later).toMatchObject({ found: 4, deleted: 2, young: 0, referenced: 2 });
      expect(kit.present(app).sort()).toEqual([passportKey, documentKey].sort());
      // an empty sweep changes nothing
      expect(await sweepOrphanFiles({ database, storage, graceMs: 0 })).toMatchObject({ found: 2, deleted: 0, referenced: 2 });
    });

    it.runIf(target.name === 'postgres')('lets one instance sweep at a time (advisory lock); the other does nothing', async () => {
      const { storage } = app.services;
      const orphan = `identity/${randomUUID()}/passport-${randomUUID()}.pdf`;
      await put(storage, orphan);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      // another instance mid-sweep: its transaction holds the lock
      const other = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242002)`);
        locked();
        await held;
      });
      await lockTaken;
      expect(await sweepOrphanFiles({ database, storage, graceMs: 0 })).toEqual({ swept: false, found: 0, deleted: 0, young: 0, referenced: 0 });
      expect(kit.present(app)).toContain(orphan);
      release();
      await other;
      expect(await sweepOrphanFiles({ database, storage, graceMs: 0 })).toMatchObject({ swept: true, deleted: 1 });
      expect(kit.present(app)).not.toContain(orphan);
    });
  });
});
