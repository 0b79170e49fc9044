import { ApiError } from '@client/lib/api-client';

/** 404 for an unknown order; a malformed id in the URL is refused as 400 with the same key. */
export function isOrderNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.messageKey === 'admin.orderNotFound' || error.fields.id === 'admin.orderNotFound');
}
