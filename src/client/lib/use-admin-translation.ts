import { useTranslation } from '@client/lib/i18n';

/**
 * The admin namespace, falling back to common: server messages such as 'errors.payload_too_large'
 * (common) and 'admin.noFileSelected' (admin) both resolve through translateMessage/errorMessage.
 */
export function useAdminTranslation() {
  return useTranslation(['admin', 'common'], { nsMode: 'fallback' });
}
