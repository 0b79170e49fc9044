/**
 * Every client route path (docs/product.md lists each with its page file and guard). The client
 * registers them; the server uses the list to answer 404 (with the SPA's not-found screen) for
 * anything else (routes.ts, which re-exports this file). The app's first load imports this file
 * alone (src/client/app/router.tsx): nothing here may import a data list such as the states.
 */
export const clientPaths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** the partner signs the Operating Agreement through the emailed link (no account) */
  sign: '/sign',
  dashboard: '/dashboard',
  security: '/dashboard/security',
  stateQuiz: '/state-quiz',
  order: '/order',
  orderConfirm: '/order/confirm',
  paymentSuccess: '/payment-success',
  paymentCancelled: '/payment-cancelled',
  checkout: '/checkout',
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund',
  stateCosts: '/state-costs',
  stateGuide: '/states/:slug',
  jvSales: '/jv-sales',
  jvPage: '/jv-page',
  jvSupport: '/jv-support',
  jvPresale: '/jv-presale',
  jvPartner: '/jv-partner',
  affiliatePartner: '/affiliate-partner',
  v2: '/v2',
  adminQueue: '/admin',
  adminOrders: '/admin/orders',
  adminOrder: '/admin/orders/:id',
  adminTickets: '/admin/tickets',
  adminTicket: '/admin/tickets/:id',
  adminUsers: '/admin/users',
  adminActivity: '/admin/activity',
  adminIntegrations: '/admin/integrations',
  adminCompliance: '/admin/compliance',
} as const;

export type PageName = keyof typeof clientPaths;

/**
 * The query parameters each page reads, by page: its builder takes them beside its `:params`
 * and writes them in the order given (a value left undefined is left out).
 */
interface PageQueries {
  login: { next?: string };
  signup: { next?: string };
  resetPassword: { token?: string };
  sign: { token?: string };
  /** the order to open (a link in an email) */
  dashboard: { order?: string };
  /** the wizard on a state picked elsewhere, or on an unpaid order on file to fix it */
  order: { state?: string; edit?: string; step?: string };
  orderConfirm: { orderId: string };
  checkout: { orderId: string };
  paymentSuccess: { session_id?: string };
  paymentCancelled: { order_id?: string };
  /** the order a signed-in customer asks about, chosen for her (the dashboard's support link) */
  jvSupport: { order?: string };
}

/** The `:name` segments of a path pattern, each a string. */
type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : unknown;

interface LinkParts {
  /** a query carried over as it is ('?status=paid', a list's filters), after the page's own */
  search?: string;
  /** a section of the page ('faq' or '#faq') */
  hash?: string;
}

export type PageParams<Name extends PageName> = PathParams<(typeof clientPaths)[Name]> &
  (Name extends keyof PageQueries ? PageQueries[Name] : unknown) &
  LinkParts;

type PathBuilder<Name extends PageName> =
  Record<never, never> extends PageParams<Name> ? (params?: PageParams<Name>) => string : (params: PageParams<Name>) => string;

/** `pattern` with its `:params` filled in (encoded), the rest of `params` as its query, then `search` and `hash`. */
function buildPath(pattern: string, { search, hash, ...params }: LinkParts & Record<string, string | undefined> = {}): string {
  const used = new Set<string>();
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    used.add(name);
    return encodeURIComponent(params[name] ?? '');
  });
  const query = Object.entries(params)
    .filter(([name, value]) => !used.has(name) && value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`);
  if (search) query.push(search.replace(/^\?/, ''));
  const fragment = hash ? `#${hash.replace(/^#/, '')}` : '';
  return `${path}${query.length > 0 ? `?${query.join('&')}` : ''}${fragment}`;
}

/**
 * Every internal link of the client, built from the route table above with typed params:
 * `paths.orderConfirm({ orderId })`, `paths.adminOrder({ id })`, `paths.home({ hash: 'faq' })`.
 * A literal '/…' in a link or a navigation of the client fails lint
 * (scripts/lint-rules/no-literal-internal-path.js).
 */
export const paths = Object.fromEntries(
  (Object.keys(clientPaths) as PageName[]).map((name) => [
    name,
    (params?: LinkParts & Record<string, string | undefined>) => buildPath(clientPaths[name], params),
  ]),
) as unknown as { readonly [Name in PageName]: PathBuilder<Name> };

/** The wizard opened on an unpaid order on file, to fix it: at its first step, or at the one named (a summary's Change link). */
export const orderEditPath = (orderId: string, step?: string) => paths.order({ edit: orderId, step });

/** Pages for signed-in customers only (the client's RequireAuth; the server redirects visitors). */
export const customerOnlyPages: ReadonlySet<PageName> = new Set([
  'dashboard',
  'security',
  'order',
  'orderConfirm',
  'checkout',
  'paymentSuccess',
  'paymentCancelled',
]);
/** Pages for administrators only (RequireAdmin). */
export const adminOnlyPages: ReadonlySet<PageName> = new Set([
  'adminQueue',
  'adminOrders',
  'adminOrder',
  'adminTickets',
  'adminTicket',
  'adminUsers',
  'adminActivity',
  'adminIntegrations',
  'adminCompliance',
]);
