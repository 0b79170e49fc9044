import { clientPaths, paths, type PageName } from './client-paths';
import { stateGuidePaths, stateOfGuideSlug } from './state-guides';

export * from './client-paths';

/**
 * Public pages that load no data and show the same to everyone until the session is known: the
 * server sends them already rendered in the visitor's language, so they paint before any
 * JavaScript runs. (A signed-in visitor never sees /login or /signup: the server redirects.)
 */
export const prerenderedPaths: readonly string[] = [
  clientPaths.home,
  clientPaths.v2,
  clientPaths.terms,
  clientPaths.privacy,
  clientPaths.refund,
  clientPaths.stateCosts,
  // the quiz's first screen and the partner pages (their countdowns start from a fixed value on mount)
  clientPaths.stateQuiz,
  clientPaths.jvSales,
  clientPaths.jvPage,
  clientPaths.jvPresale,
  clientPaths.jvPartner,
  // the empty forms
  clientPaths.login,
  clientPaths.signup,
  clientPaths.forgotPassword,
  clientPaths.jvSupport,
  clientPaths.affiliatePartner,
  ...stateGuidePaths,
];
const prerendered = new Set(prerenderedPaths);
/** Whether the server sends `path` (a page path, without the language prefix) already rendered: asked on every page request. */
export const isPrerenderedPath = (path: string): boolean => prerendered.has(path);

/** Pages whose parameter names something from a fixed list: any other value is not a page (404). */
const knownParameter: Partial<Record<PageName, (value: string) => boolean>> = {
  stateGuide: (slug) => stateOfGuideSlug(slug) !== undefined,
};

/**
 * The path the not-found screen is prerendered at, once for every unknown URL (the client shows
 * the same screen at any of them). Named after its route module, so the server preloads it.
 */
export const notFoundRenderPath = '/not-found';

/**
 * The client route module of a path, by the naming convention of src/client/routes: the page's
 * name in kebab case (stateCosts -> state-costs, adminOrder for /admin/orders/:id -> admin-order).
 */
export function routeModuleOf(pathname: string): string | undefined {
  const name = pageOfPath(pathname);
  return name && name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The page a path shows, if any (patterns such as /admin/orders/:id included). */
export function pageOfPath(pathname: string): PageName | undefined {
  // trailing slashes do not count, and the case does (the client's router matches the same way)
  const path = pathname.replace(/\/+$/, '') || '/';
  return (Object.keys(clientPaths) as PageName[]).find((name) => {
    const pattern = clientPaths[name];
    if (!pattern.includes(':')) return pattern === path;
    const match = new RegExp(`^${pattern.replace(/:[^/]+/g, '([^/]+)')}$`).exec(path);
    const known = knownParameter[name];
    return !!match && (!known || match.slice(1).every(known));
  });
}

/** Where a signed-in user lands when nothing asked for another page: the server's redirect and the client's agree. */
export const homePathOf = (user: { isAdmin: boolean }): string => (user.isAdmin ? paths.adminOrders() : paths.dashboard());

/**
 * Where to go back to after signing in, from /login?next= (the server's redirect of a guarded
 * page): a path on this site only, never another origin (//evil.example, /\evil.example).
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  const pathname = next.split(/[?#]/)[0]!;
  if (pathname === clientPaths.login || pathname === clientPaths.signup || !pageOfPath(pathname)) return null;
  return next;
}

/** Sign-up, then on to `next` (a page on this site): where the funnel's start buttons send a visitor. */
export function signupPath(next?: string): string {
  return paths.signup(next ? { next } : {});
}

/** Paths beginning with /affiliate (other than /affiliate-partner) render nothing: handled elsewhere. */
export const externallyHandledPrefix = '/affiliate';

export function isClientPath(pathname: string): boolean {
  return pathname.startsWith(externallyHandledPrefix) || pageOfPath(pathname) !== undefined;
}
