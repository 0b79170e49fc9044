/**
 * The API's error contract. `code` is stable and machine-readable; `message` is a
 * translation key the client renders in the user's language (the server never sends prose).
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    /** translation key, e.g. `errors.not_found` or `auth.emailExists` */
    message: string;
    /** field path -> translation key, for validation errors */
    fields?: Record<string, string>;
  };
}

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

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.messageKey, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}
