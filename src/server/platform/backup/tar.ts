/**
 * A small ustar (POSIX.1-1988, with pax records for long names and large sizes) writer and
 * reader, for the backup archive (backup.ts). Streaming both ways: an entry's bytes are never
 * held whole. Only what the backup writes is read: regular files and directories.
 */

export const tarBlock = 512;

export class TarError extends Error {}

export type TarEntryType = 'file' | 'directory';

const zeros = Buffer.alloc(tarBlock);

/** The zero bytes that pad an entry of `size` bytes to whole blocks. */
export function tarPadding(size: number): Buffer {
  const rest = size % tarBlock;
  return rest === 0 ? Buffer.alloc(0) : zeros.subarray(0, tarBlock - rest);
}

/** Two zero blocks: the end of the archive. */
export const tarEnd = Buffer.alloc(tarBlock * 2);

const maxOctal = (length: number) => 8 ** (length - 1) - 1;

function writeOctal(header: Buffer, value: number, start: number, length: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, start, length, 'latin1');
}

function rawHeader(
  { name, prefix, type }: { name: string; prefix: string; type: string },
  { size, mode, mtime }: { size: number; mode: number; mtime: number },
): Buffer {
  const header = Buffer.alloc(tarBlock);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, mode, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime), 136, 12);
  header.write('        ', 148, 8, 'latin1');
  header.write(type, 156, 1, 'latin1');
  header.write('ustar\0', 257, 6, 'latin1');
  header.write('00', 263, 2, 'latin1');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return header;
}

/** ustar splits a long path into a prefix (up to 155 bytes) and a name (up to 100) at a slash. */
function splitPath(path: string): { name: string; prefix: string } | undefined {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name) return { name, prefix };
  }
  return undefined;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

/**
 * The header block(s) of one entry: a pax extended header first when the path does not fit
 * ustar's fields or the size is above 8 GiB.
 */
export function tarHeader(entry: { path: string; type: TarEntryType; size: number; mtime?: number }): Buffer {
  const path = entry.type === 'directory' && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path;
  const size = entry.type === 'directory' ? 0 : entry.size;
  const mtime = entry.mtime ?? Date.now() / 1000;
  const split = splitPath(path);
  const records = (split ? '' : paxRecord('path', path)) + (size > maxOctal(12) ? paxRecord('size', String(size)) : '');
  const type = entry.type === 'directory' ? '5' : '0';
  const mode = entry.type === 'directory' ? 0o700 : 0o600;
  const own = rawHeader({ name: split?.name ?? path.slice(-100), prefix: split?.prefix ?? '', type }, { size: Math.min(size, maxOctal(12)), mode, mtime });
  if (!records) return own;
  const pax = Buffer.from(records, 'utf8');
  return Buffer.concat([rawHeader({ name: 'PaxHeader', prefix: '', type: 'x' }, { size: pax.length, mode: 0o600, mtime }), pax, tarPadding(pax.length), own]);
}

/** Reads exact byte counts from an async stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Stops the source (a stream is destroyed) when the archive is left before its end. */
  async close(): Promise<void> {
    await this.source.return?.();
  }

  private async fill(wanted: number): Promise<boolean> {
    while (this.buffered < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    return this.buffered >= wanted;
  }

  /** Exactly `length` bytes; undefined at the end of the stream before any. */
  async exactly(length: number): Promise<Buffer | undefined> {
    if (!(await this.fill(length))) {
      if (this.buffered === 0) return undefined;
      throw new TarError('the archive ends in the middle of an entry (truncated)');
    }
    const out = Buffer.allocUnsafe(length);
    for (let filled = 0; filled < length;) {
      const first = this.chunks[0]!;
      const take = Math.min(first.length, length - filled);
      first.copy(out, filled, 0, take);
      filled += take;
      if (take === first.length) this.chunks.shift();
      else this.chunks[0] = first.subarray(take);
    }
    this.buffered -= length;
    return out;
  }

  /** Up to `length` bytes (at least one), as they came. */
  async some(length: number): Promise<Buffer> {
    if (!(await this.fill(1))) throw new TarError('the archive ends in the middle of an entry (truncated)');
    const first = this.chunks[0]!;
    if (first.length <= length) {
      this.chunks.shift();
      this.buffered -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(length);
    this.buffered -= length;
    return first.subarray(0, length);
  }
}

const text = (header: Buffer, start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');

function octal(header: Buffer, start: number, length: number): number {
  const value = text(header, start, length).trim();
  if (!/^[0-7]*$/.test(value)) throw new TarError('not a tar archive (a header field is not a number)');
  return parseInt(value || '0', 8);
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let index = 0; index < tarBlock; index++) sum += index >= 148 && index < 156 ? 0x20 : header[index]!;
  return sum === octal(header, 148, 8);
}

function parsePax(records: Buffer): Record<string, string> {
  const values: Record<string, string> = {};
  for (let offset = 0; offset < records.length;) {
    const space = records.indexOf(0x20, offset);
    const length = Number(records.toString('latin1', offset, space));
    if (space < 0 || !Number.isInteger(length) || length <= 0 || offset + length > records.length) throw new TarError('a pax header of the archive is damaged');
    const record = records.toString('utf8', space + 1, offset + length - 1);
    const equals = record.indexOf('=');
    if (equals > 0) values[record.slice(0, equals)] = record.slice(equals + 1);
    offset += length;
  }
  return values;
}

export interface TarEntry {
  path: string;
  type: TarEntryType;
  size: number;
  /** the entry's bytes in chunks; read it before asking for the next entry, or it is skipped */
  content(): AsyncGenerator<Buffer>;
}

/**
 * The entries of a tar stream, in order. A header with a bad checksum, an entry type other than
 * a file or a directory, or an end in the middle of an entry is a TarError.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  try {
    yield* entries(reader);
  } finally {
    await reader.close();
  }
}

async function* entries(reader: ByteReader): AsyncGenerator<TarEntry> {
  let pax: Record<string, string> = {};
  for (;;) {
    const header = await reader.exactly(tarBlock);
    if (!header) throw new TarError('the archive ends without its end marker (truncated)');
    if (header.every((byte) => byte === 0)) return;
    if (!checksumOk(header)) throw new TarError('a header of the archive is damaged (checksum mismatch)');
    const type = String.fromCharCode(header[156]!);
    const size = pax.size !== undefined ? Number(pax.size) : octal(header, 124, 12);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError('an entry of the archive has an impossible size');
    const prefix = text(header, 345, 155);
    const path = pax.path ?? (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    pax = {};
    const padding = tarPadding(size).length;
    if (type === 'x' || type === 'g') {
      const records = await reader.exactly(size + padding);
      if (!records) throw new TarError('the archive ends in the middle of an entry (truncated)');
      if (type === 'x') pax = parsePax(records.subarray(0, size));
      continue;
    }
    if (type !== '0' && type !== '\0' && type !== '5') throw new TarError(`unexpected entry type ${JSON.stringify(type)} in the archive: ${path}`);
    let left = size;
    async function* content(): AsyncGenerator<Buffer> {
      while (left > 0) {
        const chunk = await reader.some(Math.min(left, 64 * 1024));
        left -= chunk.length;
        yield chunk;
      }
    }
    const directory = type === '5';
    yield {
      path: directory ? path.replace(/\/+$/, '') : path,
      type: directory ? 'directory' : 'file',
      size: directory ? 0 : size,
      content: directory ? async function* () {} : content,
    };
    // whatever the consumer left unread
    while (left > 0) left -= (await reader.some(Math.min(left, 64 * 1024))).length;
    if (padding > 0 && !(await reader.exactly(padding))) throw new TarError('the archive ends in the middle of an entry (truncated)');
  }
}
