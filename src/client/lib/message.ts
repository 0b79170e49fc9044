import { ApiError } from './api-client';
import { i18n, type TFunction } from './i18n';

/**
 * Our message keys look like 'auth.emailExists' (namespace 'auth', key 'emailExists') or
 * 'errors.rate_limited' (a key of the common namespace).
 */
export function translateMessage(t: TFunction, key: string, values?: Record<string, unknown>): string {
  if (i18n.exists(key, { ns: 'common' })) return t(key, { ns: 'common', ...values });
  const [namespace, ...rest] = key.split('.');
  if (namespace && rest.length > 0) return t(rest.join('.'), { ns: namespace, ...values });
  return t('errors.internal');
}

/** The translated message of any error thrown by the API client. */
export function errorMessage(t: TFunction, error: unknown, values?: Record<string, unknown>): string {
  return translateMessage(t, error instanceof ApiError ? error.messageKey : 'errors.internal', values);
}
