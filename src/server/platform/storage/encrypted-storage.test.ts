import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { orders } from '@server/db/schema';
import { buildTestApp, signUp, tempDataDir } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { fakeS3Config, startFakeS3, type FakeS3 } from '@server/test/fake-s3';
import { passportFile, pdfBytes, pngBytes, submitOrder, validOrder } from '@server/test/orders';
import { encryptedStorage, segmentBytes, type FileKey } from './encrypted-storage';
import { fileEncryptionKeys } from './file-keys';
import { localStorage } from './local-storage';
import { rotateFileKey } from './rotate-file-key';
import { StorageIntegrityError } from './storage';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const upload = (bytes: Buffer) =>
  Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += 100_000) yield bytes.subarray(offset, offset + 100_000);
    })(),
  );
const newKey = (id: string): FileKey => ({ id, key: randomBytes(32) });
const envValue = (keys: FileKey[]) => keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join(',');
const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const signatures = [Buffer.from('%PDF'), Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from([0xff, 0xd8, 0xff])];
/**
 * Whether stored bytes hold a PDF, PNG or JPEG signature. Ciphertext is random: a 3-byte signature
 * turns up by chance about once per 16 MB, so this is asked of files of a few hundred bytes, and
 * large ones are checked for stretches of their plaintext instead (`holdsPlaintext`).
 */
const hasSignature = (bytes: Buffer) => signatures.some((signature) => bytes.includes(signature));
const holdsPlaintext = (stored: Buffer, plain: Buffer) => [0, plain.length >> 1, plain.length - 32].some((at) => stored.includes(plain.subarray(at, at + 32)));

describe('encrypted storage on local disk', () => {
  const root = path.join(tempDataDir(), 'files');
  const plain = localStorage(root);
  const k1 = newKey('k1');
  const k2 = newKey('k2');
  // this suite also reads files from before (the legacy test); a new installation refuses them (below)
  const storage = encryptedStorage(plain, [k1], { legacy: 'serve' });
  afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

  it.each([0, 1, segmentBytes - 1, segmentBytes, segmentBytes + 1, 2 * segmentBytes, 3 * segmentBytes + 17])(
    'round-trips %i bytes, reporting the plaintext size',
    async (length) => {
      const bytes = randomBytes(length);
      expect(await storage.put(`t/${length}.pdf`, upload(bytes), 'application/pdf')).toEqual({ size: length });
      const stored = fs.readFileSync(path.join(root, `t/${length}.pdf`));
      expect(stored.length).toBeGreaterThan(length);
      expect((await read(await storage.get(`t/${length}.pdf`))).equals(bytes)).toBe(true);
    },
  );

  it('round-trips a 10 MB file with no signature in the stored bytes', async () => {
    const bytes = Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024, 0x20), pdfBytes]);
    await storage.put('t/big.pdf', upload(bytes), 'application/pdf');
    expect(holdsPlaintext(fs.readFileSync(path.join(root, 't/big.pdf')), bytes)).toBe(false);
    expect((await read(await storage.get('t/big.pdf'))).equals(bytes)).toBe(true);
  });

  it('refuses a tampered first segment or header before handing out a stream', async () => {
    const bytes = randomBytes(1000);
    for (const at of [10, 40, 150, 900]) {
      await storage.put('t/tamper.pdf', upload(bytes), 'application/pdf');
      const file = path.join(root, 't/tamper.pdf');
      const stored = fs.readFileSync(file);
      stored[at] = stored[at]! ^ 1;
      fs.writeFileSync(file, stored);
      await expect(storage.get('t/tamper.pdf')).rejects.toBeInstanceOf(StorageIntegrityError);
    }
  });

  it('errors the stream when a later segment is tampered with, cut at a segment boundary, or cut short', async () => {
    const bytes = randomBytes(3 * segmentBytes + 5);
    const file = path.join(root, 't/later.pdf');
    const headerBytes = fs.statSync(path.join(root, `t/0.pdf`)).size - 16;
    const cases: ((stored: Buffer) => Buffer)[] = [
      (stored) => {
        stored[stored.length - 3] = stored[stored.length - 3]! ^ 0x40;
        return stored;
      },
      (stored) => stored.subarray(0, headerBytes + 2 * (segmentBytes + 16)), // the last segment gone
      (stored) => stored.subarray(0, stored.length - 1),
      (stored) => Buffer.concat([stored, Buffer.alloc(20)]), // appended bytes
    ];
    for (const change of cases) {
      await storage.put('t/later.pdf', upload(bytes), 'application/pdf');
      fs.writeFileSync(file, change(fs.readFileSync(file)));
      await expect(storage.get('t/later.pdf').then(read)).rejects.toBeInstanceOf(StorageIntegrityError);
    }
  });

  it("binds a file to its place: another file's bytes copied over it do not decrypt there, whatever FILE_PLAINTEXT says", async () => {
    await storage.put('orders/victim/passport.pdf', upload(pdfBytes), 'application/pdf');
    await storage.put('orders/attacker/passport.pdf', upload(jpegBytes), 'image/jpeg');
    fs.copyFileSync(path.join(root, 'orders/victim/passport.pdf'), path.join(root, 'orders/attacker/passport.pdf'));
    for (const reader of [storage, encryptedStorage(plain, [k1])]) {
      await expect(reader.get('orders/attacker/passport.pdf')).rejects.toThrow(/moved from another place/);
      expect(await read(await reader.get('orders/victim/passport.pdf'))).toEqual(pdfBytes);
    }
    for (const key of ['orders/victim/passport.pdf', 'orders/attacker/passport.pdf']) await storage.delete(key);
  });

  it('refuses a file whose header is damaged, and a planted one that is no file type we store, never serving them as plaintext', async () => {
    await storage.put('t/damaged.pdf', upload(pdfBytes), 'application/pdf');
    const stored = fs.readFileSync(path.join(root, 't/damaged.pdf'));
    const damaged = Buffer.from(stored);
    damaged[0] = damaged[0]! ^ 0x20;
    fs.writeFileSync(path.join(root, 't/damaged.pdf'), damaged);
    await expect(storage.get('t/damaged.pdf')).rejects.toThrow(/damaged header/);
    fs.writeFileSync(path.join(root, 't/page.pdf'), '<!doctype html><script>alert(1)</script>');
    await expect(storage.get('t/page.pdf')).rejects.toBeInstanceOf(StorageIntegrityError);
    // a new installation refuses a plaintext file even of a type we store
    fs.writeFileSync(path.join(root, 't/plain.pdf'), pdfBytes);
    await expect(encryptedStorage(plain, [k1]).get('t/plain.pdf')).rejects.toThrow(/not encrypted/);
    expect(await read(await storage.get('t/plain.pdf'))).toEqual(pdfBytes);
    for (const key of ['t/damaged.pdf', 't/page.pdf', 't/plain.pdf']) await storage.delete(key);
  });

  it('reads files written before encryption, and the rotation encrypts them; after it the old key can go', async () => {
    fs.mkdirSync(path.join(root, 'legacy'), { recursive: true });
    fs.writeFileSync(path.join(root, 'legacy/passport.pdf'), pdfBytes);
    fs.writeFileSync(path.join(root, 'legacy/id.jpg'), jpegBytes);
    expect(await read(await storage.get('legacy/passport.pdf'))).toEqual(pdfBytes);
    expect(await storage.formatOf('legacy/passport.pdf')).toBeUndefined();

    // the tampered files above would be reported as failures: gone
    await storage.delete('t/tamper.pdf');
    await storage.delete('t/later.pdf');
    // k2 first, k1 still there to read
    const rotated = encryptedStorage(plain, [k2, k1], { legacy: 'serve' });
    const first = await rotateFileKey(rotated);
    expect(first).toMatchObject({ encrypted: 2, failed: [] });
    expect(first.reencrypted).toBeGreaterThan(0);
    // a second run has nothing left to do
    const again = await rotateFileKey(rotated);
    expect(again).toMatchObject({ encrypted: 0, reencrypted: 0, failed: [] });
    expect(again.current).toBe(first.current + first.encrypted + first.reencrypted);

    const onlyK2 = encryptedStorage(plain, [k2], { legacy: 'serve' });
    expect(hasSignature(fs.readFileSync(path.join(root, 'legacy/passport.pdf')))).toBe(false);
    expect(hasSignature(fs.readFileSync(path.join(root, 'legacy/id.jpg')))).toBe(false);
    expect(await read(await onlyK2.get('legacy/passport.pdf'))).toEqual(pdfBytes);
    expect(await read(await onlyK2.get('legacy/id.jpg'))).toEqual(jpegBytes);
    expect((await read(await onlyK2.get('t/big.pdf'))).length).toBe(2 * pdfBytes.length + 10 * 1024 * 1024);
    // and without the key a file was written with, it is refused with a message naming the key
    await expect(encryptedStorage(plain, [k1]).get('legacy/passport.pdf')).rejects.toThrow(/key "k2"/);
    // after the rotation a file without the header is someone else's doing: refused by default
    fs.writeFileSync(path.join(root, 'legacy/planted.pdf'), pdfBytes);
    const strict = encryptedStorage(plain, [k2]);
    await expect(strict.get('legacy/planted.pdf').then(read)).rejects.toBeInstanceOf(StorageIntegrityError);
    expect(await read(await strict.get('legacy/passport.pdf'))).toEqual(pdfBytes);
    expect(await read(await onlyK2.get('legacy/planted.pdf'))).toEqual(pdfBytes);
  });
});

describe('FILE_ENCRYPTION_KEYS', () => {
  it.each([
    ['k1', 'needs id:base64key'],
    [`k1:${randomBytes(16).toString('base64')}`, '32 bytes'],
    [`k1:${randomBytes(32).toString('base64')},k1:${randomBytes(32).toString('base64')}`, 'twice'],
    [`bad id:${randomBytes(32).toString('base64')}`, 'needs id:base64key'],
  ])('rejects %s with one line', (value, message) => {
    expect(() => loadConfig({ FILE_ENCRYPTION_KEYS: value })).toThrowError(
      new RegExp(`^Invalid configuration: FILE_ENCRYPTION_KEYS [^\\n]*${message}[^\\n]*$`),
    );
  });

  it('is required in production, and parsed in order', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      SMTP_URL: 'smtp://mail.example.com',
    };
    expect(() => loadConfig(production)).toThrowError(/^Invalid configuration: FILE_ENCRYPTION_KEYS is required when NODE_ENV=production$/);
    const keys = [newKey('2026-11'), newKey('2026-01')];
    expect(loadConfig({ ...production, FILE_ENCRYPTION_KEYS: envValue(keys) }).FILE_ENCRYPTION_KEYS).toEqual(keys);
  });

  it('is generated into DATA_DIR (0600) when unset, the same on every start', () => {
    const dataDir = tempDataDir();
    const [key] = fileEncryptionKeys({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: undefined });
    expect(key!.key.length).toBe(32);
    expect(fs.statSync(path.join(dataDir, 'file-encryption-key')).mode & 0o777).toBe(0o600);
    expect(fileEncryptionKeys({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: undefined })).toEqual([key]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.each(testDatabases)('identity documents encrypted at rest through the upload endpoint on $name', (target) => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it.each(['disk', 's3'] as const)('stores no signature on %s, downloads the original, refuses a tampered or truncated file', async (where) => {
    const database = await target.open();
    const keys = [newKey('one')];
    const { app, config } = await buildTestApp(database, { FILE_ENCRYPTION_KEYS: envValue(keys), ...(where === 's3' ? fakeS3Config(s3) : {}) });
    try {
      const stored = (key: string) => (where === 's3' ? s3.objects.get(key)!.body : fs.readFileSync(path.join(config.filesDir, key)));
      const replace = (key: string, bytes: Buffer) =>
        where === 's3' ? (s3.objects.get(key)!.body = bytes) : fs.writeFileSync(path.join(config.filesDir, key), bytes);
      const { cookie } = await signUp(app);
      const big = Buffer.concat([pdfBytes, randomBytes(200 * 1024)]);
      const response = await submitOrder(app, cookie, validOrder(), {
        passport: { ...passportFile, bytes: big },
        otherId: { name: 'id.png', type: 'image/png', bytes: pngBytes },
        ssnDoc: { name: 'ssn.jpg', type: 'image/jpeg', bytes: jpegBytes },
      });
      expect(response.statusCode).toBe(201);
      const id = response.json().order.id as string;
      const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
      for (const key of [row!.otherIdKey!, row!.ssnDocKey!]) expect(hasSignature(stored(key))).toBe(false);
      // 200 KB of ciphertext: %PDF by chance once in 20,000 runs; a 3-byte signature too often to ask
      expect(stored(row!.passportKey!).includes('%PDF')).toBe(false);
      expect(holdsPlaintext(stored(row!.passportKey!), big)).toBe(false);
      const download = (document: string) => app.inject({ url: `/api/orders/${id}/identity/${document}`, headers: { cookie } });
      expect((await download('passport')).rawPayload.equals(big)).toBe(true);
      expect((await download('otherId')).rawPayload).toEqual(pngBytes);
      expect((await download('ssnDoc')).rawPayload).toEqual(jpegBytes);

      // a byte changed at the start: refused before any header is sent, a clean 500
      const original = Buffer.from(stored(row!.otherIdKey!));
      const flipped = Buffer.from(original);
      flipped[flipped.length - 20] = flipped[flipped.length - 20]! ^ 1;
      replace(row!.otherIdKey!, flipped);
      const tampered = await download('otherId');
      expect(tampered.statusCode).toBe(500);
      expect(tampered.json()).toMatchObject({ error: { code: 'internal' } });
      expect(tampered.rawPayload.includes(pngBytes.subarray(0, 8))).toBe(false);
      // truncated: refused the same way
      replace(row!.otherIdKey!, original.subarray(0, original.length - 1));
      expect((await download('otherId')).statusCode).toBe(500);

      // a later segment of the large file changed: the answer never completes as the file
      const bigStored = Buffer.from(stored(row!.passportKey!));
      bigStored[bigStored.length - 100] = bigStored[bigStored.length - 100]! ^ 1;
      replace(row!.passportKey!, bigStored);
      const late = await download('passport').catch((error: unknown) => error);
      expect(late instanceof Error || !(late as { rawPayload: Buffer }).rawPayload.equals(big)).toBe(true);

      // with write access to the storage but not the key: another customer's passport copied over one's own order's file
      const victim = await signUp(app);
      const victimOrder = (await submitOrder(app, victim.cookie)).json().order.id as string;
      const [victimRow] = await database.db.select().from(orders).where(eq(orders.id, victimOrder));
      replace(row!.ssnDocKey!, Buffer.from(stored(victimRow!.passportKey!)));
      const stolen = await download('ssnDoc');
      expect(stolen.statusCode).toBe(500);
      expect(stolen.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
      // and a plaintext file planted there is refused on this new installation
      replace(row!.ssnDocKey!, pdfBytes);
      expect((await download('ssnDoc')).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});
