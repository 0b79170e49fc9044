import type { EventEmitter } from 'node:events';

/** The bytes of a pdfkit document, once it ends: listen before laying it out, then call `doc.end()`. */
export function pdfBytes(doc: EventEmitter): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
