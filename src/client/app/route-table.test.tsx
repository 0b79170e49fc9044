import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { clientPaths, externallyHandledPrefix, isClientPath, type PageName } from '@shared/routes';
import { splitLanguagePath } from '@shared/locale-paths';
import { stateGuidePaths } from '@shared/state-guides';
import { routesFrom } from '@client/lib/router';
import { matchRoutes } from '@client/lib/router/match';
import { AppRoutes } from './router';

/*
 * One table decides which URLs are pages: the server answers 200 or the not-found page with 404
 * by `isClientPath` (src/server/platform/http/spa.ts), the client's router matches the routes
 * AppRoutes declares from the same `clientPaths`. Every page, in every variant a person or a
 * crawler may type (case, trailing slashes, the language prefix), gets the same verdict from both.
 */
const routes = routesFrom((AppRoutes() as ReactElement<{ children: unknown }>).props.children as never);

/** the client's verdict: a page, or the splat's not-found screen */
const clientShowsPage = (pathname: string) => {
  const { path } = splitLanguagePath(pathname);
  return matchRoutes(routes, path)?.routes.at(-1)?.path !== '*';
};
const serverShowsPage = (pathname: string) => isClientPath(splitLanguagePath(pathname).path);

/** a concrete URL of every page: parameters filled with a value the page knows */
const samples = (Object.keys(clientPaths) as PageName[]).map((name) =>
  name === 'stateGuide' ? stateGuidePaths[0]! : clientPaths[name].replace(/:[^/]+/g, '3f2b7c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c'),
);
const variants = (path: string) => {
  const upper = path.toUpperCase();
  const firstUpper = path.replace(/\/([a-z])/, (_, letter: string) => `/${letter.toUpperCase()}`);
  return [path, `${path}/`, `${path}//`, upper, firstUpper, `/es${path === '/' ? '' : path}`, `/es${path}/`, `/ES${path}`, `/es${upper}`];
};

describe('the route table: the server and the client agree on every page', () => {
  it('has a sample of every page, and each is a page on both', () => {
    expect(isValidElement(AppRoutes())).toBe(true);
    expect(samples.length).toBe(Object.keys(clientPaths).length);
    for (const path of samples) expect({ path, server: serverShowsPage(path), client: clientShowsPage(path) }).toEqual({ path, server: true, client: true });
  });

  it('gives the same verdict for every variant: case, trailing slashes, the language prefix', () => {
    const verdicts = samples.flatMap(variants).map((path) => ({ path, server: serverShowsPage(path), client: clientShowsPage(path) }));
    expect(verdicts.filter((verdict) => verdict.server !== verdict.client)).toEqual([]);
    // the cases the review found: /DASHBOARD is the not-found page on both
    expect(verdicts.find((verdict) => verdict.path === '/DASHBOARD')).toEqual({ path: '/DASHBOARD', server: false, client: false });
    expect(verdicts.find((verdict) => verdict.path === '/dashboard/')).toEqual({ path: '/dashboard/', server: true, client: true });
  });

  it('an unknown path is no page on either; the externally handled prefix is the server’s alone', () => {
    for (const path of ['/nowhere', '/dashboard/extra', '/admin/orders/1/2', '/estados'])
      expect({ path, server: serverShowsPage(path), client: clientShowsPage(path) }).toEqual({ path, server: false, client: false });
    // /affiliate… renders nothing, handled outside this app (docs/product.md)
    expect(serverShowsPage(`${externallyHandledPrefix}/anything`)).toBe(true);
  });
});
