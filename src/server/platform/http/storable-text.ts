import { AppError } from '@shared/app-error';

/**
 * Text PostgreSQL and JSON cannot carry: a NUL byte (text columns refuse it) or a lone UTF-16
 * surrogate (jsonb refuses it, and it cannot be encoded as UTF-8). Every input string passes this.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/** The dotted path of the first string in `value` (object, array or string) that is not storable. */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.') || '_';
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = isStorableText(key) ? findUnstorableText(item, [...path, key]) : [...path, '_'].join('.');
    if (found) return found;
  }
  return undefined;
}

/** A 400 naming the field, before any schema, handler or database sees the value. */
export function unstorableTextError(value: unknown, path: string[] = []): AppError | undefined {
  const field = findUnstorableText(value, path);
  return field ? new AppError('validation_failed', 'errors.validation_failed', { [field]: 'errors.invalidText' }) : undefined;
}

export function assertStorableText(value: unknown, path: string[] = []): void {
  const error = unstorableTextError(value, path);
  if (error) throw error;
}
