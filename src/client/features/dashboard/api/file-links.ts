import type { IdentityDocument } from '@shared/order-model';

/*
 * Files are never at a public URL: these endpoints check the session cookie (owner or
 * administrator) and stream the file, so a plain link opened in a new tab is the download.
 */

/** GET /api/documents/:id/file: a document an administrator added. */
export function documentFileUrl(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/file`;
}

/** GET /api/orders/:id/identity/:document: the customer's own uploaded identity file. */
export function identityFileUrl(orderId: string, document: IdentityDocument): string {
  return `/api/orders/${encodeURIComponent(orderId)}/identity/${document}`;
}
