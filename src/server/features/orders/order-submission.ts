import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { AppError } from '@shared/app-error';
import { identityDocuments, missingDocumentMessage, requiredIdentityDocument, ZKeptDocuments, ZOrderInput, type IdentityDocument, type TOrder } from '@shared/orders';
import { assertStorableText } from '../../platform/http/storable-text';
import { fileTypes, sniffUpload } from '../../platform/storage/file-type';
import type { Storage } from '../../platform/storage/storage';
import { identityFileTypes } from '../../domain/orders/identity-documents';

function parseOrderField(value: unknown): TOrder {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw new AppError('bad_request');
  }
  assertStorableText(json);
  const parsed = ZOrderInput.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message.includes('.') ? issue.message : 'errors.invalidValue';
    throw new AppError('validation_failed', 'errors.validation_failed', fields);
  }
  return parsed.data;
}

export interface OrderSubmission {
  orderId: string;
  order: TOrder;
  /** storage keys of the identity documents received */
  files: Partial<Record<IdentityDocument, string>>;
  /** an edit only: the documents already on file that stay (the `keep` field); any other goes */
  keep: IdentityDocument[];
}

/** The document the nationality needs (SPEC section 9) must be among those the order will have. */
export function assertRequiredDocument(nationality: string, present: Partial<Record<IdentityDocument, unknown>>): void {
  const needed = requiredIdentityDocument(nationality);
  if (needed && !present[needed]) throw new AppError('validation_failed', 'errors.validation_failed', { [needed]: missingDocumentMessage[needed] });
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
        if (part.fieldname === 'order' && !order) order = parseOrderField(part.value);
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
export async function removeFiles(storage: Storage, files: Partial<Record<IdentityDocument, string>> | readonly string[]): Promise<void> {
  const keys = Array.isArray(files) ? files : Object.values(files);
  await Promise.all(keys.map((key: string) => storage.delete(key).catch(() => undefined)));
}
