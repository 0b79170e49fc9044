import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown } | (() => { status?: number; body?: unknown });

/**
 * Stubs fetch at the network edge: each request path (with its query) gets the reply routed to
 * it, or a 404. `calls` lists the paths asked for, in order, so a test can assert what was fetched.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const path = url.pathname + url.search;
    calls.push(path);
    const route = routes[path];
    const reply = typeof route === 'function' ? route() : (route ?? { status: 404, body: { error: { code: 'not_found', message: 'errors.not_found' } } });
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** how often this exact path was requested */
    count: (path: string) => calls.filter((call) => call === path).length,
    /** replace a route's reply, e.g. to make a retry succeed */
    set: (path: string, reply: Reply) => (routes[path] = reply),
  };
}
