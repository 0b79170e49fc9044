import type { TApiErrorBody } from './api';
import { errorStatus, type ErrorCode } from './error-codes';

/**
 * The API's error contract (the body's schema is ZApiErrorBody). `code` is stable and
 * machine-readable; `message` is a translation key the client renders in the user's language
 * (the server never sends prose).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string = `errors.${code}`,
    readonly fields?: Record<string, string>,
  ) {
    super(messageKey);
    this.status = errorStatus[code];
  }

  toBody(): TApiErrorBody {
    return { error: { code: this.code, message: this.messageKey, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function isApiErrorBody(value: unknown): value is TApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}
