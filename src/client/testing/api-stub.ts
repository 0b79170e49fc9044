import { vi } from 'vitest';

/** One request the page made, as a route handler and the test's assertions see it. */
export interface ApiRequest {
  method: string;
  /** path and query, e.g. /api/admin/orders?q=ana */
  path: string;
  pathname: string;
  query: URLSearchParams;
  /** the `:name` segments of the route that answered */
  params: Record<string, string>;
  /** a JSON body parsed; FormData as sent; undefined without a body */
  body: unknown;
}

/** An answer: status 200 and `{}` unless said otherwise. 'never' leaves the request pending, as a slow server would. */
export type ApiReply = { status?: number; body?: unknown } | 'never';

/** A fixed reply, or a handler (which may answer later, or throw to make fetch reject as a dropped connection does). */
export type ApiRoute = ApiReply | ((request: ApiRequest) => ApiReply | Promise<ApiReply>);

/**
 * Routes keyed "METHOD /path": `:name` segments match any one segment; a key without a query
 * matches every query, a key with one matches only that exact query (and wins over the other).
 */
export type ApiRoutes = Record<string, ApiRoute>;

interface Key {
  method: string;
  segments: string[];
  search: string | null;
}

function parseKey(key: string): Key {
  const [method, target] = key.split(' ');
  if (!method || !target?.startsWith('/')) throw new Error(`stubApi: a route key is "METHOD /path", not "${key}"`);
  const [pathname, search] = target.split('?');
  return { method, segments: pathname!.split('/'), search: search === undefined ? null : search };
}

/** The params when `key` matches the request, and how specific the match is (higher wins). */
function match(key: Key, method: string, url: URL): { params: Record<string, string>; score: number } | null {
  if (key.method !== method) return null;
  if (key.search !== null && key.search !== url.search.slice(1)) return null;
  const segments = url.pathname.split('/');
  if (segments.length !== key.segments.length) return null;
  const params: Record<string, string> = {};
  let literal = 0;
  for (const [index, part] of key.segments.entries()) {
    const actual = segments[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part === actual) literal += 1;
    else return null;
  }
  return { params, score: (key.search === null ? 0 : 1_000) + literal };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

const unplanned: string[] = [];

/**
 * Stubs fetch at the network edge with these routes; replaces any earlier stub. A request no
 * route answers fails the test (see failOnUnplannedRequests) and rejects like a network error.
 */
export function stubApi(routes: ApiRoutes = {}) {
  const table = new Map<string, { key: Key; route: ApiRoute }>();
  const on = (key: string, route: ApiRoute) => table.set(key, { key: parseKey(key), route });
  for (const [key, route] of Object.entries(routes)) on(key, route);

  const calls: ApiRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let best: { route: ApiRoute; params: Record<string, string>; score: number } | undefined;
    for (const { key, route } of table.values()) {
      const found = match(key, method, url);
      if (found && (!best || found.score > best.score)) best = { route, ...found };
    }
    const request: ApiRequest = {
      method,
      path: url.pathname + url.search,
      pathname: url.pathname,
      query: url.searchParams,
      params: best?.params ?? {},
      body: parseBody(init?.body),
    };
    calls.push(request);
    if (!best) {
      unplanned.push(`${method} ${request.path}`);
      throw new TypeError(`stubApi: no route for ${method} ${request.path}`);
    }
    const reply = typeof best.route === 'function' ? await best.route(request) : best.route;
    if (reply === 'never') return new Promise<Response>(() => {});
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });

  /** the calls a route key matches (the same rule as routing, without the precedence) */
  const matching = (key: string) => {
    const parsed = parseKey(key);
    return calls.filter((call) => match(parsed, call.method, new URL(call.path, 'http://localhost')));
  };
  return {
    /** every request, in order */
    calls,
    /** how many requests this route key matches */
    count: (key: string) => matching(key).length,
    /** the paths (with query) of the requests this route key matches, in order */
    paths: (key: string) => matching(key).map((call) => call.path),
    /** the requests that are not GETs: what the page changed */
    writes: () => calls.filter((call) => call.method !== 'GET'),
    /** adds or replaces a route, e.g. to make a retry succeed */
    on,
  };
}

export type StubbedApi = ReturnType<typeof stubApi>;

/** The API's error body, as the server sends it. */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});

/** For the jsdom setup, after each test: a request no route answered is a failure, even if the page coped. */
export function failOnUnplannedRequests() {
  const seen = unplanned.splice(0);
  if (seen.length > 0) throw new Error(`Requests no stubApi route answered:\n${seen.join('\n')}`);
}
