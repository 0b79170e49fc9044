import { isApiErrorBody } from '@shared/app-error';
import type { ErrorCode } from '@shared/error-codes';

/** An API failure with the server's stable code and translation key. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    readonly messageKey: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

/** fetch with cookies, JSON in and out, and errors turned into ApiError. */
export async function api<T>(path: string, options: { method?: string; body?: Body; signal?: AbortSignal; keepalive?: boolean } = {}): Promise<T> {
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers: options.body && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: isForm ? (options.body as FormData) : options.body ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'errors.network');
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    throw new ApiError(response.status, 'internal', 'errors.internal');
  }
  return data as T;
}
