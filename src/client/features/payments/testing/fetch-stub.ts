import { vi } from 'vitest';

export type Reply = { status?: number; body?: unknown } | 'never';
type Route = Reply | ((request: { method: string; body: unknown }) => Reply | Promise<Reply>);

const notFound = { status: 404, body: { error: { code: 'not_found', message: 'errors.not_found' } } };

/**
 * Stubs fetch at the network edge. Routes are keyed by "METHOD /path?query"; anything else is a
 * 404. 'never' leaves the request pending, as a slow server would; a route may also answer later
 * (return a promise). `requests` lists what the page asked.
 */
export function stubFetch(routes: Record<string, Route>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const request = { method, path: url.pathname + url.search, body: init?.body };
      requests.push(request);
      const route = routes[`${method} ${request.path}`];
      const reply = (typeof route === 'function' ? await route(request) : route) ?? notFound;
      if (reply === 'never') return new Promise<Response>(() => {});
      return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { requests, count: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key).length };
}
