import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A file the app generates (a receipt, a CSV export): saved rather than opened, never sniffed as
 * another type, never cached anywhere (each holds a customer's or the customers' details). The
 * name is ours, ASCII only, so it needs no encoding.
 */
export function sendAttachment(
  reply: FastifyReply,
  body: Buffer | Readable,
  contentType: 'application/pdf' | 'text/csv; charset=utf-8' | 'application/zip',
  fileName: string,
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
