import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { AppError } from '@shared/app-error';
import { identityDocuments, missingDocumentMessage, requiredIdentityDocument, ZOrderInput, type IdentityDocument, type TOrder } from '@shared/orders';
import { assertStorableText } from '../../platform/http/storable-text';
import { fileTypes, sniffUpload, type FileType } from '../../platform/storage/file-type';
import type { Storage } from '../../platform/storage/storage';

/** SPEC section 9: customers upload pdf, jpg/jpeg, png. */
export const identityFileTypes: readonly FileType[] = ['pdf', 'jpeg', 'png'];

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
}

/**
 * Reads the multipart submission as it streams in: the `order` JSON field (validated with the
 * wizard's own schema) and up to one file per identity document, each checked by content and
 * streamed to storage (never held whole in memory). On any failure the files already stored are
 * removed before the error goes on.
 */
export async function receiveOrderSubmission(parts: AsyncIterableIterator<Multipart>, storage: Storage): Promise<OrderSubmission> {
  const orderId = randomUUID();
  const files: Partial<Record<IdentityDocument, string>> = {};
  let order: TOrder | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'order' || order) throw new AppError('bad_request');
        order = parseOrderField(part.value);
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
    const needed = requiredIdentityDocument(order.nationality);
    if (needed && !files[needed]) throw new AppError('validation_failed', 'errors.validation_failed', { [needed]: missingDocumentMessage[needed] });
    return { orderId, order, files };
  } catch (error) {
    await removeFiles(storage, files);
    throw error;
  }
}

export async function removeFiles(storage: Storage, files: Partial<Record<IdentityDocument, string>>): Promise<void> {
  await Promise.all(Object.values(files).map((key) => storage.delete(key).catch(() => undefined)));
}
