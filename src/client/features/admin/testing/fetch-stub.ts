import { vi } from 'vitest';

export interface StubbedRequest {
  method: string;
  /** path and query, e.g. /api/admin/orders?q=ana */
  path: string;
  body: BodyInit | null | undefined;
}

export interface StubReply {
  status?: number;
  body?: unknown;
}

/**
 * Stubs fetch at the network edge. `reply` answers each request (by method and path, with the
 * query); `requests` lists what the page asked for, in order, with the bodies it sent.
 */
export function stubFetch(reply: (request: StubbedRequest) => StubReply | Promise<StubReply>) {
  const requests: StubbedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const request = { method: init?.method ?? 'GET', path: url.pathname + url.search, body: init?.body };
      requests.push(request);
      const { status = 200, body = {} } = await reply(request);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

/** The API's error body, as the server sends it. */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>): StubReply => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});
