import { api } from '../api-client';
import type { ApiContract } from './contract.generated';

/*
 * The one way client code reaches the API: a route is named as the server declares it
 * ('GET /api/orders/:id'), and its path parameters, query, body and answer are the types of the
 * route's own zod schemas (contract.generated.ts, written by scripts/api-contract.ts). A renamed
 * path or field fails the type check here and in every caller; lint forbids a literal `/api/` path
 * and `api<T>` outside this folder (eslint.config.js, docs/architecture.md).
 */

export type ApiRoute = keyof ApiContract;

type PathOf<R extends string> = R extends `${string} ${infer Path}` ? Path : never;
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;
type Params<R extends ApiRoute> = [ParamNames<PathOf<R>>] extends [never] ? { params?: never } : { params: Record<ParamNames<PathOf<R>>, string> };
// an optional value may also be given as null (a list's first page has no cursor): left out like undefined
type Nullable<Q> = { [K in keyof Q]: undefined extends Q[K] ? Q[K] | null : Q[K] };
type Query<R extends ApiRoute> = ApiContract[R] extends { query: infer Q }
  ? object extends Q
    ? { query?: Nullable<Q> }
    : { query: Nullable<Q> }
  : { query?: never };
// a route without a body schema reads multipart parts in its handler (an order with its files)
type Body<R extends ApiRoute> = ApiContract[R] extends { body: infer B } ? (undefined extends B ? { body?: B } : { body: B }) : { body?: FormData };

export type RequestOptions<R extends ApiRoute> = Params<R> & Query<R> & Body<R> & { signal?: AbortSignal; keepalive?: boolean };
export type Answer<R extends ApiRoute> = ApiContract[R]['response'];

type OptionsArgument<R extends ApiRoute> = object extends RequestOptions<R> ? [options?: RequestOptions<R>] : [options: RequestOptions<R>];
type AddressOptions<R extends ApiRoute> = Params<R> & Query<R>;
type AddressArgument<R extends ApiRoute> = object extends AddressOptions<R> ? [options?: AddressOptions<R>] : [options: AddressOptions<R>];

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The route's address with its parameters filled in and its query appended (empty values left out). */
export function apiPath<R extends ApiRoute>(route: R, ...[options]: AddressArgument<R>): string {
  const given = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, QueryValue> };
  const template = route.slice(route.indexOf(' ') + 1);
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(given.params?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(given.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Calls the route; the answer is typed by its schema (ApiError on a 4xx, 5xx or no network). */
export function request<R extends ApiRoute>(route: R, ...[options]: OptionsArgument<R>): Promise<Answer<R>> {
  const given = (options ?? {}) as { body?: Record<string, unknown> | FormData; signal?: AbortSignal; keepalive?: boolean };
  const method = route.slice(0, route.indexOf(' '));
  return api<Answer<R>>(apiPath(route, ...([options] as AddressArgument<R>)), { method, body: given.body, signal: given.signal, keepalive: given.keepalive });
}
