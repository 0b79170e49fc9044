import { ApiError } from '@client/lib/api-client';
import type { TFunction, TypedI18n } from '@client/lib/i18n';
import { translateMessage } from '@client/lib/message';

/**
 * docs/product.md, "Messages": an upload failure shows the server's message, or admin.uploadError. The server's
 * key is used only when this page can say it in the admin's language (e.g. errors.payload_too_large,
 * errors.unsupported_media_type, admin.noFileSelected); anything else, and a bare 500, reads uploadError.
 */
export function uploadErrorMessage(t: TFunction<readonly ['admin', 'common']>, i18n: TypedI18n, error: unknown): string {
  const fallback = t('admin:uploadError');
  if (!(error instanceof ApiError)) return fallback;
  const key = error.fields.file ?? error.messageKey;
  const [namespace, ...rest] = key.split('.');
  if (key === 'errors.internal' || !namespace || rest.length === 0) return fallback;
  const translatable = i18n.exists(key) || i18n.exists(rest.join('.'), { ns: namespace });
  return translatable ? translateMessage(t, key) : fallback;
}
