import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from './match';

const route = (path: string | undefined, children: RouteObject[] = [], index?: boolean): RouteObject => ({ path, index, element: path ?? 'layout', children });

// the app's shape: pathless layouts, absolute paths, a splat for the 404
const routes = [
  route(undefined, [
    route('/'),
    route('/order'),
    route('/order/:id'),
    route('/order/confirm'),
    route('/states/:slug'),
    route(undefined, [route('/dashboard')]),
    route('*'),
  ]),
  route(undefined, [route('/admin/orders'), route('/admin/orders/:id')]),
];
const matched = (pathname: string) => {
  const match = matchRoutes(routes, pathname);
  return match && { path: match.routes.at(-1)!.path, depth: match.routes.length, params: match.params };
};

describe('matchRoutes', () => {
  it('ranks a static segment above a :param, whatever the order', () => {
    expect(matched('/order/confirm')).toMatchObject({ path: '/order/confirm', params: {} });
    expect(matched('/order/42')).toMatchObject({ path: '/order/:id', params: { id: '42' } });
  });

  it('decodes params, ignores trailing slashes, and matches the case written (as the server does)', () => {
    expect(matched('/states/new%20mexico')).toMatchObject({ params: { slug: 'new mexico' } });
    expect(matched('/order/')).toMatchObject({ path: '/order' });
    expect(matched('/order//')).toMatchObject({ path: '/order' });
    expect(matched('/Order/')).toMatchObject({ path: '*' });
    expect(matched('/')).toMatchObject({ path: '/', depth: 2 });
  });

  it('returns the layouts around a route, outermost first', () => {
    expect(matched('/dashboard')).toMatchObject({ path: '/dashboard', depth: 3 });
    expect(matched('/admin/orders/7')).toMatchObject({ path: '/admin/orders/:id', depth: 2, params: { id: '7' } });
  });

  it('leaves the rest to the splat, which loses to every other route', () => {
    expect(matched('/estados')).toMatchObject({ path: '*', params: { '*': 'estados' } });
    expect(matched('/order/1/2')).toMatchObject({ path: '*' });
  });

  it('matches relative child paths and index routes under their parent; nothing when nothing matches', () => {
    const nested = [route('/help', [route(undefined, [], true), route('topics/:topic')])];
    expect(matchRoutes(nested, '/help')?.routes.at(-1)?.index).toBe(true);
    expect(matchRoutes(nested, '/help/topics/billing')?.params).toEqual({ topic: 'billing' });
    expect(matchRoutes(nested, '/elsewhere')).toBeNull();
  });

  it('tries siblings of equal rank in their order', () => {
    const twins = [route('/a', [], false), { ...route('/a'), element: 'second' }];
    expect(matchRoutes(twins, '/a')?.routes[0]?.element).toBe('/a');
  });

  it('keeps a param that is not valid %-encoding as written, and matches on', () => {
    expect(() => matched('/states/%E0')).not.toThrow();
    expect(matched('/states/%E0')).toMatchObject({ path: '/states/:slug', params: { slug: '%E0' } });
    expect(matched('/states/100%')).toMatchObject({ params: { slug: '100%' } });
    expect(matched('/caf%C3%A9%ZZ')).toMatchObject({ path: '*', params: { '*': 'caf%C3%A9%ZZ' } });
  });

  it('ranks a splat below the route it extends, even listed first: /docs/* loses /docs to /docs, keeps /docs/anything', () => {
    const docs = [route('/docs/*'), route('/docs'), route('/docs/:page/*')];
    expect(matchRoutes(docs, '/docs')?.routes.at(-1)?.path).toBe('/docs');
    expect(matchRoutes(docs, '/docs/a/b')?.routes.at(-1)?.path).toBe('/docs/:page/*');
    expect(matchRoutes(docs, '/docs/a/b')?.params).toEqual({ page: 'a', '*': 'b' });
    // a root splat loses to an index route and to a :param at the same depth
    const root = [route('*'), route('/:lang'), route('/', [route(undefined, [], true)])];
    expect(matchRoutes(root, '/')?.routes.at(-1)?.index).toBe(true);
    expect(matchRoutes(root, '/es')?.routes.at(-1)?.path).toBe('/:lang');
    expect(matchRoutes(root, '/es/x')?.routes.at(-1)?.path).toBe('*');
  });
});
