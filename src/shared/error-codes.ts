/**
 * The API's error codes and the status each answers with. Zod-free: the browser's API client
 * reads error answers with these, and must not download the validation library for that.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  /** an administrator without a second factor may only enroll one; every admin endpoint answers this */
  second_factor_required: 403,
  not_found: 404,
  conflict: 409,
  /** the only administrator cannot be demoted */
  last_admin: 409,
  /** an administrator cannot change their own role or end their own sessions from the users page */
  own_account: 409,
  /** a signing link already used, replaced or expired */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** the disk of uploaded files is full (local storage): nothing was kept, try again later */
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];
