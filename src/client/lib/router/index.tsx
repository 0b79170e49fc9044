import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  startTransition,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createMemoryHistory, createPath, parsePath, type Action, type Location, type Navigator, type Path, type To } from './history';
import { matchRoutes, type Params, type RouteObject } from './match';

/*
 * The app's router (ADR 0018): the part of react-router's declarative API the app uses, with
 * the same URLs, matching and link behaviour. Paths are absolute; a `to` without a path (`#faq`,
 * `?q=`) stays on the current page.
 */

export { createBrowserHistory, createMemoryHistory, createPath, parsePath } from './history';
export type { Action, History, Location, Navigator, Path, To } from './history';

interface RouterState {
  basename: string;
  navigator: Navigator;
  location: Location;
  navigationType: Action;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links work inside a <Router> only');
  return router;
}

/** The pathname without the basename (only as a whole segment, in its case, as splitLanguagePath), or null outside it. */
export function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '/') return pathname;
  if (!pathname.startsWith(basename)) return null;
  const start = basename.endsWith('/') ? basename.length - 1 : basename.length;
  const next = pathname.charAt(start);
  return next && next !== '/' ? null : pathname.slice(start) || '/';
}

const hasPathname = (to: To) => (typeof to === 'string' ? parsePath(to).pathname : to.pathname) !== undefined;

/** `to` as a full path within the basename; without a pathname it stays at `pathname`. */
function resolve(to: To, pathname: string): Path {
  const path = typeof to === 'string' ? parsePath(to) : to;
  const search = createPath({ pathname: '', search: path.search });
  const hash = createPath({ pathname: '', hash: path.hash });
  return { pathname: path.pathname ?? pathname, search, hash };
}

/** The path the browser sees: the basename before it (`/es` for the root, as react-router writes it). */
const withBasename = (path: Path, basename: string): Path =>
  basename === '/' ? path : { ...path, pathname: path.pathname === '/' ? basename : `${basename}/${path.pathname}`.replace(/\/\/+/g, '/') };

export interface RouterProps {
  basename?: string;
  children?: ReactNode;
  location: Location | string;
  navigationType?: Action;
  navigator: Navigator;
}

/** Provides a location and a navigator; renders nothing for a location outside the basename. */
export function Router({ basename = '/', children, location: locationProp, navigationType = 'POP', navigator }: RouterProps) {
  basename = basename.replace(/^\/*/, '/');
  const {
    pathname = '/',
    search = '',
    hash = '',
    state = null,
    key = 'default',
  }: Partial<Location> = typeof locationProp === 'string' ? parsePath(locationProp) : locationProp;
  const inner = stripBasename(pathname, basename);
  const value = useMemo(
    () => inner && { basename, navigator, navigationType, location: { pathname: inner, search, hash, state, key } },
    [basename, navigator, navigationType, inner, search, hash, state, key],
  );
  return value && <RouterContext value={value}>{children}</RouterContext>;
}

const staticNavigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  push() {
    throw new Error('A static router cannot navigate');
  },
  replace() {
    throw new Error('A static router cannot navigate');
  },
  go() {
    throw new Error('A static router cannot navigate');
  },
};

/** The server's router: one location, no navigation. */
export function StaticRouter({ basename, children, location = '/' }: { basename?: string; children?: ReactNode; location?: string }) {
  return (
    <Router basename={basename} location={location} navigator={staticNavigator}>
      {children}
    </Router>
  );
}

/** A router over a history in memory, for tests. */
export function MemoryRouter({ basename, children, initialEntries }: { basename?: string; children?: ReactNode; initialEntries?: To[] }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <Router basename={basename} location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

export function useLocation(): Location {
  return useRouter().location;
}

/** How the current location was reached: 'POP' for Back, Forward and the first load, else 'PUSH' or 'REPLACE'. */
export function useNavigationType(): Action {
  return useRouter().navigationType;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** through the history: -1 is Back */
  (delta: number): void;
}

export function useNavigate(): NavigateFunction {
  const { basename, navigator, location } = useRouter();
  const { pathname } = location;
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return navigator.go(to);
      const path = withBasename(resolve(to, pathname), basename);
      // A query or hash of the page this was rendered on, asked for once the history has moved on
      // (a search box's debounce firing while the next page's code loads in a transition, the old
      // page still mounted): it would drag the user back from the page they chose, so it is dropped.
      if (!hasPathname(to) && 'location' in navigator && stripBasename((navigator as { location: Location }).location.pathname, basename) !== pathname) return;
      if (options.replace) navigator.replace(path, options.state);
      else navigator.push(path, options.state);
    },
    [basename, navigator, pathname],
  ) as NavigateFunction;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

type SetSearchParams = (next: URLSearchParams | string | ((previous: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void;

/** The query of the current URL, and a setter that navigates to the same page with another. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => navigate(`?${new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next)}`, options),
    [navigate, params],
  );
  return [params, setParams];
}

/** Navigates once rendered (in an effect: a server render stays where it is). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => navigate(target, { replace, state }), [navigate, target, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

const isExternal = (to: To) => typeof to === 'string' && /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to);

/**
 * A real <a href> (with the basename); a plain left click navigates in the app. A modified click,
 * another target or an external URL is the browser's, as with react-router.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { basename, navigator, location } = useRouter();
  const navigate = useNavigate();
  const external = isExternal(to);
  const path = resolve(to, location.pathname);
  const href = external ? (to as string) : navigator.createHref(withBasename(path, basename));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (external || event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // the same URL again replaces its entry instead of adding one
    navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((props: { isActive: boolean }) => string);
  /** active on its own page only, not on the pages under it (/admin, the queue, beside /admin/orders) */
  end?: boolean;
}

/** A Link that knows it leads to the current page or a page under it (aria-current="page"). */
export function NavLink({ className, end: exact = false, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const to = resolve(rest.to, location.pathname).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const end = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  const isActive = current === to || (!exact && current.startsWith(to) && current.charAt(end) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : [className, isActive && 'active'].filter(Boolean).join(' ')}
    />
  );
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Configuration for <Routes>: never rendered itself. */
export function Route(_: RouteProps): ReactElement | null {
  throw new Error('A <Route> belongs inside <Routes>');
}

/** The route objects a <Routes> element's children declare: what it matches (and what the route-table test compares with the server's). */
export function routesFrom(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) routes.push(...routesFrom(child.props.children));
    else routes.push({ path: child.props.path, index: child.props.index, element: child.props.element, children: routesFrom(child.props.children) });
  });
  return routes;
}

/** Renders the best matching route inside its layouts (each layout shows the rest with <Outlet />). */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const match = matchRoutes(routesFrom(children), pathname);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => <RouteContext value={{ outlet, params: match.params }}>{route.element === undefined ? outlet : route.element}</RouteContext>,
    null,
  );
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}
