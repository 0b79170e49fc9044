/**
 * Every client route path (docs/product.md lists each with its page file and guard). The client
 * registers them; the server uses the list to answer 404 (with the SPA's not-found screen) for
 * anything else.
 */
export const clientPaths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  stateQuiz: '/state-quiz',
  order: '/order',
  orderConfirm: '/order/confirm',
  paymentSuccess: '/payment-success',
  paymentCancelled: '/payment-cancelled',
  checkout: '/checkout',
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund',
  jvSales: '/jv-sales',
  jvPage: '/jv-page',
  jvSupport: '/jv-support',
  jvPresale: '/jv-presale',
  jvPartner: '/jv-partner',
  affiliatePartner: '/affiliate-partner',
  v2: '/v2',
  adminOrders: '/admin/orders',
  adminOrder: '/admin/orders/:id',
  adminTickets: '/admin/tickets',
  adminTicket: '/admin/tickets/:id',
  adminUsers: '/admin/users',
  adminIntegrations: '/admin/integrations',
} as const;

/**
 * Content pages that load no data and depend on nobody being signed in: the server sends them
 * already rendered in the visitor's language, so they paint before any JavaScript runs.
 */
export const prerenderedPaths: readonly string[] = [clientPaths.home, clientPaths.v2, clientPaths.terms, clientPaths.privacy, clientPaths.refund];

/** Paths beginning with /affiliate (other than /affiliate-partner) render nothing: handled elsewhere. */
export const externallyHandledPrefix = '/affiliate';

export function isClientPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith(externallyHandledPrefix)) return true;
  return Object.values(clientPaths).some((pattern) => {
    if (!pattern.includes(':')) return pattern === path;
    const re = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    return re.test(path);
  });
}
