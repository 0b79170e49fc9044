import { Readable } from 'node:stream';
import { AppError } from '@shared/app-error';

/** What we accept, recognised by content (magic bytes), never by the name the browser sent. */
export const fileTypes = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  doc: { contentType: 'application/msword', extension: 'doc' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
} as const;
export type FileType = keyof typeof fileTypes;

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** Needs the first 64 bytes (fewer for a shorter file). */
export function detectFileType(head: Buffer): FileType | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'; // OLE2 compound file
  // a zip whose first entry is an Office Open XML part
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && /\[Content_Types\]\.xml|word\/|_rels\//.test(head.toString('latin1'))) return 'docx';
  return null;
}

export const sniffBytes = 64;

/**
 * Reads the first bytes of an upload to learn its type by content: a type outside `allowed`
 * fails with 415 before anything is stored. Returns the type and the whole stream (head included),
 * holding at most a few bytes in memory.
 */
export async function sniffUpload(stream: Readable, allowed: readonly FileType[]): Promise<{ type: FileType; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < sniffBytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  if (head.length === 0) throw new AppError('bad_request', 'order.emptyFile');
  const type = detectFileType(head);
  if (!type || !allowed.includes(type)) {
    stream.destroy();
    throw new AppError('unsupported_media_type');
  }
  const body = Readable.from(
    (async function* () {
      yield head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  return { type, body };
}
