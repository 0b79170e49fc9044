import { AppError } from '@shared/app-error';

/**
 * Text PostgreSQL and JSON cannot carry: a NUL byte (text columns refuse it) or a lone UTF-16
 * surrogate (jsonb refuses it, and it cannot be encoded as UTF-8). Every input string passes this.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/** Deeper than any form or API body nests: refused rather than walked (a body 5,000 levels deep ran the walk out of stack). */
export const maxBodyDepth = 32;

/**
 * The first value in `value` (object, array or string) that cannot be stored: its dotted path and
 * why (a string that is not storable, or nesting deeper than maxBodyDepth). Walked with a stack of
 * its own, never by recursion, so no input can exhaust the call stack.
 */
export function findUnstorableValue(value: unknown, path: string[] = []): { field: string; key: string } | undefined {
  const pending: { item: unknown; at: string[] }[] = [{ item: value, at: path }];
  while (pending.length > 0) {
    const { item, at } = pending.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return { field: at.join('.') || '_', key: 'errors.invalidText' };
      continue;
    }
    if (item === null || typeof item !== 'object' || ArrayBuffer.isView(item)) continue;
    if (at.length - path.length >= maxBodyDepth) return { field: at.join('.') || '_', key: 'errors.invalidValue' };
    // pushed in reverse, so the first field is looked at first
    for (const [key, child] of Object.entries(item).reverse()) {
      if (!isStorableText(key)) return { field: [...at, '_'].join('.'), key: 'errors.invalidText' };
      pending.push({ item: child, at: [...at, key] });
    }
  }
  return undefined;
}

/** A 400 naming the field, before any schema, handler or database sees the value. */
export function unstorableTextError(value: unknown, path: string[] = []): AppError | undefined {
  const found = findUnstorableValue(value, path);
  return found ? new AppError('validation_failed', 'errors.validation_failed', { [found.field]: found.key }) : undefined;
}

export function assertStorableText(value: unknown, path: string[] = []): void {
  const error = unstorableTextError(value, path);
  if (error) throw error;
}
