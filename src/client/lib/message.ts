import { ApiError } from './api-client';
import { i18n, translateUncheckedKey, type AnyTFunction } from './i18n';

/**
 * Our message keys look like 'auth.emailExists' (namespace 'auth', key 'emailExists') or
 * 'errors.rate_limited' (a key of the common namespace). They arrive at run time (the server's
 * errors, the zod schemas' messages), so they are read through the unchecked-key escape hatch
 * (src/shared/i18n/keys.ts); a key no namespace has reads as itself, as before.
 */
export function translateMessage(t: AnyTFunction, key: string, values?: Record<string, unknown>): string {
  if (i18n.exists(key, { ns: 'common' })) return translateUncheckedKey(t, key, { ns: 'common', ...values });
  const [namespace, ...rest] = key.split('.');
  if (namespace && rest.length > 0) return translateUncheckedKey(t, rest.join('.'), { ns: namespace, ...values });
  return translateUncheckedKey(t, 'errors.internal');
}

/** The translated message of any error thrown by the API client. */
export function errorMessage(t: AnyTFunction, error: unknown, values?: Record<string, unknown>): string {
  return translateMessage(t, error instanceof ApiError ? error.messageKey : 'errors.internal', values);
}
