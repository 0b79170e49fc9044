import type { ReactNode } from 'react';

/*
 * Route matching as react-router ranks it: every route with a path (or index) is a branch with
 * its layouts; branches are tried best score first (a static segment beats a :param, which
 * beats a splat), siblings of equal score in their order. Case-sensitive and trailing slashes
 * ignored, as the server's page table decides (pageOfPath in src/shared/routes.ts): /DASHBOARD is
 * the not-found page on both.
 */

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children: RouteObject[];
}

export type Params = Record<string, string | undefined>;

interface Branch {
  path: string;
  score: number;
  /** the position of each route among its siblings, outermost first */
  order: number[];
  routes: RouteObject[];
}

export interface RouteMatch {
  params: Params;
  /** the matched route and its layouts, outermost first */
  routes: RouteObject[];
}

const joinPaths = (...paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');
const isParam = (segment: string) => /^:[\w-]+$/.test(segment);

function score(path: string, index?: boolean) {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) if (segment !== '*') total += isParam(segment) ? 3 : segment === '' ? 1 : 10;
  return total;
}

function flatten(
  routes: RouteObject[],
  branches: Branch[] = [],
  { parents = [], parentOrder = [], parentPath = '' }: { parents?: RouteObject[]; parentOrder?: number[]; parentPath?: string } = {},
): Branch[] {
  routes.forEach((route, position) => {
    let own = route.path ?? '';
    // an absolute child path repeats its parent's
    if (own.startsWith('/')) own = own.slice(parentPath.length);
    const path = joinPaths(parentPath, own);
    const chain = [...parents, route];
    const order = [...parentOrder, position];
    flatten(route.children, branches, { parents: chain, parentOrder: order, parentPath: path });
    // a layout without a path is no page of its own
    if (route.path != null || route.index) branches.push({ path, score: score(path, route.index), order, routes: chain });
  });
  return branches;
}

const siblingsOrder = (a: number[], b: number[]) =>
  a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]) ? a[a.length - 1]! - b[b.length - 1]! : 0;

function matchBranch(path: string, pathname: string): Params | null {
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else source += '\\/*$';
  const found = new RegExp(source).exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1];
    try {
      params[name] = value && decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  return params;
}

/** The best branch for the pathname (already without the basename), or null. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch | null {
  const branches = flatten(routes).sort((a, b) => b.score - a.score || siblingsOrder(a.order, b.order));
  for (const branch of branches) {
    const params = matchBranch(branch.path, pathname);
    if (params) return { params, routes: branch.routes };
  }
  return null;
}
