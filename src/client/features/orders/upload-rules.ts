import { publicConfig } from '@client/lib/public-config';
import { customerUploadExtensions } from '@shared/order-model';

/**
 * The server's upload limit (UPLOAD_MAX_BYTES, from the page's config, so the two cannot drift
 * apart). Checked here only to answer at once; the server checks size and content again, and its
 * answer (413/415) is shown as well.
 */
export const uploadMaxBytes = publicConfig.uploadMaxBytes;

/** Why a chosen file cannot be sent, as a message key, or null when it can. */
export function uploadProblem(file: File): 'order.documents.wrongType' | 'order.documents.tooLarge' | 'order.emptyFile' | null {
  const name = file.name.toLowerCase();
  if (!customerUploadExtensions.some((extension) => name.endsWith(extension))) return 'order.documents.wrongType';
  if (file.size > uploadMaxBytes) return 'order.documents.tooLarge';
  if (file.size === 0) return 'order.emptyFile';
  return null;
}
