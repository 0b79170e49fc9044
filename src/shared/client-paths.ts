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
  stateCosts: '/state-costs',
  stateGuide: '/states/:slug',
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
  adminCompliance: '/admin/compliance',
} as const;

/** The wizard opened on an unpaid order on file, to fix it (issue 18). */
export const orderEditPath = (orderId: string) => `${clientPaths.order}?edit=${encodeURIComponent(orderId)}`;

export type PageName = keyof typeof clientPaths;
/** Pages for signed-in customers only (the client's RequireAuth; the server redirects visitors). */
export const customerOnlyPages: ReadonlySet<PageName> = new Set(['dashboard', 'order', 'orderConfirm', 'checkout', 'paymentSuccess', 'paymentCancelled']);
/** Pages for administrators only (RequireAdmin). */
export const adminOnlyPages: ReadonlySet<PageName> = new Set(['adminOrders', 'adminOrder', 'adminTickets', 'adminTicket', 'adminUsers', 'adminIntegrations', 'adminCompliance']);

