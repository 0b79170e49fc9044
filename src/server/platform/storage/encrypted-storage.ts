import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { detectFileType, sniffBytes } from './file-type';
import { StorageIntegrityError, type Storage } from './storage';
import { streamNonce, streamNoncePrefixBytes } from './stream-nonce';

/**
 * Envelope encryption at rest (ADR 0026). Every file gets a random 256-bit data key; the data key
 * is wrapped (AES-256-GCM) by a key-encryption key from FILE_ENCRYPTION_KEYS, whose id is written
 * in the file's header so older keys still decrypt after a new one is put first.
 *
 * Layout, version 2 (version 1, read still, had no storage key in the wrap's additional data):
 *
 *   header   magic "FRNTENC" (7) | version 2 (1) | id length (1) | key id (utf-8)
 *            | wrap nonce (12) | wrapped data key (32) | wrap tag (16) | stream nonce prefix (7)
 *   segments AES-256-GCM of 64 KiB of plaintext each (the last one 0..64 KiB), each followed by
 *            its 16-byte tag; nonce = prefix (7) | segment counter (4, big-endian) | last flag (1)
 *
 * The nonce of the last segment differs from every other (the flag, as in Hoang, Reyhanitabar,
 * Rogaway and Vizár's STREAM construction), so a file cut at a segment boundary fails; every
 * segment's additional data is the whole header, so a header changed by hand fails too. The data
 * key's wrap also authenticates the file's storage key (not stored: the reader knows where it
 * read), so a file copied over another's place, by someone with write access to the storage but
 * not the key, does not decrypt there. A reader hands out plaintext one authenticated segment at a
 * time: at most one segment of a tampered file is ever decrypted, and never passed on.
 */

export interface FileKey {
  id: string;
  /** 32 bytes */
  key: Buffer;
}

const magic = Buffer.from('FRNTENC', 'latin1');
const version = 2;
const versions = new Set([1, version]);
export const segmentBytes = 64 * 1024;
const tagBytes = 16;
const prefixBytes = streamNoncePrefixBytes;
const wrapNonceBytes = 12;
const dataKeyBytes = 32;
const fixedHeaderBytes = magic.length + 1 + 1;
const headerTailBytes = wrapNonceBytes + dataKeyBytes + tagBytes + prefixBytes;

/** The header's fixed start: magic, version and key id. */
function headerStart(keyId: Buffer, headerVersion: number): Buffer {
  return Buffer.concat([magic, Buffer.from([headerVersion, keyId.length]), keyId]);
}

/** The wrap's additional data: the header's start, and from version 2 the file's storage key. */
function wrapAad(keyId: Buffer, headerVersion: number, storageKey: string): Buffer {
  const start = headerStart(keyId, headerVersion);
  return headerVersion === 1 ? start : Buffer.concat([start, Buffer.from(storageKey, 'utf8')]);
}

/** A fresh header for a new file at `storageKey` under `kek`; returns it with the data key and nonce prefix. */
function newHeader(kek: FileKey, storageKey: string): { header: Buffer; dataKey: Buffer; prefix: Buffer } {
  const dataKey = randomBytes(dataKeyBytes);
  const prefix = randomBytes(prefixBytes);
  const keyId = Buffer.from(kek.id, 'utf8');
  const wrapNonce = randomBytes(wrapNonceBytes);
  const wrap = createCipheriv('aes-256-gcm', kek.key, wrapNonce);
  wrap.setAAD(wrapAad(keyId, version, storageKey));
  const wrapped = Buffer.concat([wrap.update(dataKey), wrap.final()]);
  const header = Buffer.concat([headerStart(keyId, version), wrapNonce, wrapped, wrap.getAuthTag(), prefix]);
  return { header, dataKey, prefix };
}

/** What every segment of one file is sealed with: its data key, its nonce prefix, and its header as the authenticated data. */
interface SegmentKey {
  dataKey: Buffer;
  prefix: Buffer;
  header: Buffer;
}
/** Where a segment sits in its file: its number, and whether it is the last (both in its nonce). */
interface SegmentPlace {
  counter: number;
  last: boolean;
}

function sealSegment({ dataKey, prefix, header }: SegmentKey, { counter, last }: SegmentPlace, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', dataKey, streamNonce(prefix, counter, last));
  cipher.setAAD(header);
  const sealed = cipher.update(plain);
  cipher.final();
  return Buffer.concat([sealed, cipher.getAuthTag()]);
}

function openSegment({ dataKey, prefix, header }: SegmentKey, { counter, last }: SegmentPlace, segment: Buffer, key: string): Buffer {
  if (segment.length < tagBytes) throw new StorageIntegrityError(`${key}: truncated`);
  const decipher = createDecipheriv('aes-256-gcm', dataKey, streamNonce(prefix, counter, last));
  decipher.setAAD(header);
  decipher.setAuthTag(segment.subarray(segment.length - tagBytes));
  const plain = decipher.update(segment.subarray(0, segment.length - tagBytes));
  try {
    decipher.final();
  } catch {
    throw new StorageIntegrityError(`${key}: segment ${counter} failed authentication (tampered or truncated)`);
  }
  return plain;
}

/** Encrypts `body` as it arrives; `counted` receives the plaintext size once the body has ended. */
async function* encrypt(body: AsyncIterable<Buffer>, kek: FileKey, storageKey: string, counted: (size: number) => void): AsyncGenerator<Buffer> {
  const { header, dataKey, prefix } = newHeader(kek, storageKey);
  yield header;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let counter = 0;
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    pending.push(chunk);
    pendingBytes += chunk.length;
    // a segment goes out once a byte beyond it has arrived: the last one is known at the end
    if (pendingBytes <= segmentBytes) continue;
    const joined = Buffer.concat(pending, pendingBytes);
    let offset = 0;
    for (; pendingBytes - offset > segmentBytes; offset += segmentBytes) {
      yield sealSegment({ dataKey, prefix, header }, { counter: counter++, last: false }, joined.subarray(offset, offset + segmentBytes));
    }
    pending = [joined.subarray(offset)];
    pendingBytes -= offset;
  }
  yield sealSegment({ dataKey, prefix, header }, { counter, last: true }, Buffer.concat(pending, pendingBytes));
  counted(size);
}

/** Reads from an async iterator into a buffer until `wanted` bytes are held or the stream ends. */
class ChunkReader {
  private held: Buffer[] = [];
  heldBytes = 0;
  ended = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}
  async fill(wanted: number): Promise<void> {
    while (this.heldBytes < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.held.push(next.value);
        this.heldBytes += next.value.length;
      }
    }
  }
  peek(): Buffer {
    if (this.held.length > 1) this.held = [Buffer.concat(this.held, this.heldBytes)];
    return this.held[0] ?? Buffer.alloc(0);
  }
  take(bytes: number): Buffer {
    const all = this.peek();
    const taken = all.subarray(0, bytes);
    this.held = all.length > bytes ? [all.subarray(bytes)] : [];
    this.heldBytes = all.length - taken.length;
    return taken;
  }
  async close(): Promise<void> {
    await this.source.return?.();
  }
}

export interface FileHeader {
  keyId: string;
  /** 1: written before files were bound to their storage key */
  version: number;
  header: Buffer;
  dataKey: Buffer;
  prefix: Buffer;
}

/** Reads and unwraps the header; undefined for a file written before encryption (no magic). */
async function readHeader(reader: ChunkReader, keys: ReadonlyMap<string, Buffer>, key: string): Promise<FileHeader | undefined> {
  await reader.fill(fixedHeaderBytes);
  const start = reader.peek();
  if (start.length < magic.length || !start.subarray(0, magic.length).equals(magic)) return undefined;
  const headerVersion = start[magic.length]!;
  if (start.length < fixedHeaderBytes || !versions.has(headerVersion)) throw new StorageIntegrityError(`${key}: unknown encryption header version`);
  const idLength = start[magic.length + 1]!;
  const headerBytes = fixedHeaderBytes + idLength + headerTailBytes;
  await reader.fill(headerBytes);
  if (reader.heldBytes < headerBytes) throw new StorageIntegrityError(`${key}: truncated header`);
  const header = Buffer.from(reader.take(headerBytes));
  let at = fixedHeaderBytes;
  const keyIdBytes = header.subarray(at, (at += idLength));
  const keyId = keyIdBytes.toString('utf8');
  const wrapNonce = header.subarray(at, (at += wrapNonceBytes));
  const wrapped = header.subarray(at, (at += dataKeyBytes));
  const wrapTag = header.subarray(at, (at += tagBytes));
  const prefix = header.subarray(at, at + prefixBytes);
  const kek = keys.get(keyId);
  if (!kek) throw new StorageIntegrityError(`${key}: encrypted with key "${keyId}", which FILE_ENCRYPTION_KEYS does not hold`);
  const unwrap = createDecipheriv('aes-256-gcm', kek, wrapNonce);
  unwrap.setAAD(wrapAad(keyIdBytes, headerVersion, key));
  unwrap.setAuthTag(wrapTag);
  try {
    const dataKey = Buffer.concat([unwrap.update(wrapped), unwrap.final()]);
    return { keyId, version: headerVersion, header, dataKey, prefix };
  } catch {
    throw new StorageIntegrityError(
      `${key}: the data key failed authentication (tampered, moved from another place, or key "${keyId}" is not the one it was written with)`,
    );
  }
}

/**
 * Decrypted segments after the first. Each is handed out only once its tag verified; whether a
 * segment is the last is known by whether a byte beyond it exists.
 */
async function* decryptRest(
  reader: ChunkReader,
  head: FileHeader,
  { first, firstCounter }: { first: Buffer | undefined; firstCounter: number },
  key: string,
): AsyncGenerator<Buffer> {
  try {
    if (first && first.length > 0) yield first;
    let counter = firstCounter;
    for (;;) {
      await reader.fill(segmentBytes + tagBytes + 1);
      const last = reader.heldBytes <= segmentBytes + tagBytes;
      const segment = reader.take(last ? reader.heldBytes : segmentBytes + tagBytes);
      const plain = openSegment(head, { counter, last }, segment, key);
      counter += 1;
      if (plain.length > 0) yield plain;
      if (last) return;
    }
  } finally {
    await reader.close();
  }
}

/**
 * Files from before (written before encryption, or encrypted before files were bound to their
 * storage key): `serve` them, or `refuse` them as tampered once none is left (rotate-file-key).
 */
export type LegacyFiles = 'serve' | 'refuse';

/**
 * Opens a stored stream: the header is read and unwrapped and the first segment authenticated
 * before this resolves, so a file tampered with at its start is refused before any answer is sent.
 * A file without the header is passed through as it is only while `legacy` is `serve`, and only
 * if it starts as a file we store does (PDF, JPEG, PNG, DOC, DOCX): anything else is a damaged
 * file, never served as plaintext.
 */
async function openStored(
  raw: Readable,
  keys: ReadonlyMap<string, Buffer>,
  key: string,
  legacy: LegacyFiles,
): Promise<{ stream: Readable; keyId: string | undefined }> {
  const reader = new ChunkReader((raw as AsyncIterable<Buffer>)[Symbol.asyncIterator]());
  try {
    const head = await readHeader(reader, keys, key);
    // once every file is encrypted and bound, one without that was put there by someone else
    if (legacy === 'refuse' && (!head || head.version === 1))
      throw new StorageIntegrityError(
        `${key}: ${head ? 'not bound to its storage key' : 'not encrypted'}, and files from before are refused (FILE_PLAINTEXT=refuse)`,
      );
    if (!head) {
      await reader.fill(sniffBytes);
      if (!detectFileType(reader.peek())) throw new StorageIntegrityError(`${key}: neither encrypted nor a file type we store (a damaged header?)`);
      const start = Buffer.from(reader.take(reader.heldBytes));
      const rest = async function* () {
        try {
          if (start.length > 0) yield start;
          for (;;) {
            await reader.fill(1);
            if (reader.heldBytes === 0) return;
            yield reader.take(reader.heldBytes);
          }
        } finally {
          await reader.close();
        }
      };
      return { stream: Readable.from(rest(), { objectMode: false, highWaterMark: segmentBytes }), keyId: undefined };
    }
    await reader.fill(segmentBytes + tagBytes + 1);
    const last = reader.heldBytes <= segmentBytes + tagBytes;
    const first = openSegment(head, { counter: 0, last }, reader.take(last ? reader.heldBytes : segmentBytes + tagBytes), key);
    const stream = last
      ? Readable.from(
          (async function* () {
            await reader.close();
            if (first.length > 0) yield first;
          })(),
          { objectMode: false },
        )
      : Readable.from(decryptRest(reader, head, { first, firstCounter: 1 }, key), { objectMode: false, highWaterMark: segmentBytes });
    return { stream, keyId: head.keyId };
  } catch (error) {
    raw.destroy();
    throw error;
  }
}

export interface EncryptedStorage extends Storage {
  /** the key id a stored file is encrypted with, and whether it is bound to its storage key; undefined for a plaintext (legacy) file */
  formatOf(key: string): Promise<{ keyId: string; bound: boolean } | undefined>;
  /** the id new files are written with (the first of FILE_ENCRYPTION_KEYS) */
  readonly currentKeyId: string;
}

/**
 * Wraps any Storage (local disk, S3): put encrypts as the body streams through, bound to its
 * storage key, get decrypts as a stream. `keys[0]` encrypts new files; every key decrypts. Sizes
 * are the plaintext's. Files from before are served while `legacy` is `serve` (see openStored).
 */
export function encryptedStorage(
  inner: Storage & { close?(): void },
  keys: readonly FileKey[],
  { legacy = 'refuse' }: { legacy?: LegacyFiles } = {},
): EncryptedStorage & { close?(): void } {
  const [current] = keys;
  if (!current) throw new Error('encryptedStorage needs at least one key');
  const byId = new Map(keys.map((entry) => [entry.id, entry.key]));
  return {
    currentKeyId: current.id,
    async put(key, body, contentType) {
      let size = 0;
      const sealed = Readable.from(
        encrypt(body as AsyncIterable<Buffer>, current, key, (total) => (size = total)),
        { objectMode: false, highWaterMark: segmentBytes },
      );
      await inner.put(key, sealed, contentType);
      return { size };
    },
    async get(key) {
      return (await openStored(await inner.get(key), byId, key, legacy)).stream;
    },
    async formatOf(key) {
      const raw = await inner.get(key);
      const reader = new ChunkReader((raw as AsyncIterable<Buffer>)[Symbol.asyncIterator]());
      try {
        const head = await readHeader(reader, byId, key);
        return head && { keyId: head.keyId, bound: head.version !== 1 };
      } finally {
        await reader.close();
        raw.destroy();
      }
    },
    delete: (key) => inner.delete(key),
    ping: () => inner.ping(),
    list: () => inner.list(),
    ...(inner.close ? { close: () => inner.close?.() } : {}),
  };
}

/** for tests and the rotation: whether stored bytes start with the encryption header */
export function isEncryptedBytes(bytes: Buffer): boolean {
  return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
}
