import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { AppError } from '@shared/app-error';
import { identityDocuments, ZKeptDocuments, ZOrderInput, type IdentityDocument, type TOrder } from '@shared/orders';
import { parseJsonField } from '../../platform/http/multipart';
import { fileTypes, sniffUpload } from '../../platform/storage/file-type';
import type { Storage } from '../../platform/storage/storage';
import { removeStoredFiles } from '../../platform/storage/store-upload';
import { assertRequiredDocument, identityFileTypes } from '../../domain/orders/identity-documents';

export interface OrderSubmission {
  orderId: string;
  order: TOrder;
  /** storage keys of the identity documents received */
  files: Partial<Record<IdentityDocument, string>>;
  /** an edit only: the documents already on file that stay (the `keep` field); any other goes */
  keep: IdentityDocument[];
}

function parseKeepField(value: unknown): IdentityDocument[] {
  try {
    const parsed = ZKeptDocuments.safeParse(JSON.parse(String(value)));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: refused below
  }
  throw new AppError('bad_request');
}

/**
 * Reads the multipart submission as it streams in: the `order` JSON field (validated with the
 * wizard's own schema) and up to one file per identity document, each checked by content and
 * streamed to storage (never held whole in memory). On any failure the files already stored are
 * removed before the error goes on. An edit (`editing`: the order's id) may also say which files
 * on file it keeps; whether the needed document is there is then checked against the stored row.
 */
export async function receiveOrderSubmission(parts: AsyncIterableIterator<Multipart>, storage: Storage, editing?: string): Promise<OrderSubmission> {
  const orderId = editing ?? randomUUID();
  const files: Partial<Record<IdentityDocument, string>> = {};
  let order: TOrder | undefined;
  let keep: IdentityDocument[] | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'order' && !order) order = parseJsonField(part.value, ZOrderInput);
        else if (part.fieldname === 'keep' && editing && !keep) keep = parseKeepField(part.value);
        else throw new AppError('bad_request');
        continue;
      }
      const document = part.fieldname as IdentityDocument;
      if (!identityDocuments.includes(document) || files[document]) {
        part.file.resume();
        throw new AppError('bad_request', 'order.oneFilePerDocument');
      }
      const { type, body } = await sniffUpload(part.file, identityFileTypes);
      const key = `identity/${orderId}/${document}-${randomUUID()}.${fileTypes[type].extension}`;
      files[document] = key;
      await storage.put(key, body, fileTypes[type].contentType);
    }
    if (!order) throw new AppError('validation_failed', 'errors.validation_failed', { order: 'order.required' });
    if (!editing) assertRequiredDocument(order.nationality, files);
    return { orderId, order, files, keep: keep ?? [] };
  } catch (error) {
    await removeFiles(storage, files);
    throw error;
  }
}

/** Best effort: a file left behind is unreferenced, and the orphan sweeper takes it later. */
export function removeFiles(storage: Storage, files: Partial<Record<IdentityDocument, string>> | readonly string[]): Promise<void> {
  return removeStoredFiles(storage, Array.isArray(files) ? files : Object.values(files));
}
