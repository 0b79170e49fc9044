import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { AppError } from '@shared/app-error';
import { cleanFileName } from '@shared/file-names';
import { fileTypes } from './file-type';
import { StorageNotFoundError, type Storage } from './storage';

const byExtension = Object.fromEntries(Object.values(fileTypes).map((type) => [type.extension, type.contentType]));

/**
 * Streams a private file to someone already authorized. Opened inline (a new tab shows the PDF or
 * image), never sniffed as something else, sandboxed, and never cached by shared caches.
 */
export async function sendStoredFile(reply: FastifyReply, storage: Storage, key: string, downloadName: string) {
  const extension = path.extname(key).slice(1);
  const contentType = byExtension[extension] ?? 'application/octet-stream';
  const inline = ['pdf', 'jpg', 'png'].includes(extension);
  let stream;
  try {
    // encrypted storage (ADR 0026) authenticates the header and the first 64 KiB before resolving:
    // a tampered or truncated file rejects here with StorageIntegrityError, before any header is
    // sent, and the error handler answers a clean 500 and logs it. A later segment that fails
    // errors the stream after the 200 has started: Fastify then destroys the connection, so the
    // client sees a cut-off download (no final chunk), never the file, and never more than the
    // segments that authenticated.
    stream = await storage.get(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('not_found');
    throw error;
  }
  // a name stored before names were cleaned must not smuggle bidi overrides into the save dialog
  const name = cleanFileName(downloadName) || `file.${extension}`;
  const safeName = name.replace(/[^\w.\- ]+/g, '_');
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .send(stream);
}
