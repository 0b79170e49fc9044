import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from '@client/lib/router';
// signed-in customers only (RequireAuth), administrators only (RequireAdmin): the server redirects the same
import { adminOnlyPages, clientPaths, customerOnlyPages } from '@shared/client-paths';
import { RequireAdmin, RequireAuth } from '@client/features/auth/components/guards';
import { RootLayout } from './layout/root-layout';

/*
 * Declarative routes with React.lazy: every page is its own chunk, and the first load skips the
 * data router (half the size), which keeps the home page inside its JavaScript budget.
 */
type Page = LazyExoticComponent<ComponentType>;
type PageName = keyof typeof clientPaths;

const pages: Record<PageName, Page> = {
  home: lazy(() => import('../routes/home')),
  login: lazy(() => import('../routes/login')),
  signup: lazy(() => import('../routes/signup')),
  forgotPassword: lazy(() => import('../routes/forgot-password')),
  resetPassword: lazy(() => import('../routes/reset-password')),
  sign: lazy(() => import('../routes/sign')),
  dashboard: lazy(() => import('../routes/dashboard')),
  security: lazy(() => import('../routes/security')),
  stateQuiz: lazy(() => import('../routes/state-quiz')),
  order: lazy(() => import('../routes/order')),
  orderConfirm: lazy(() => import('../routes/order-confirm')),
  checkout: lazy(() => import('../routes/checkout')),
  paymentSuccess: lazy(() => import('../routes/payment-success')),
  paymentCancelled: lazy(() => import('../routes/payment-cancelled')),
  terms: lazy(() => import('../routes/terms')),
  privacy: lazy(() => import('../routes/privacy')),
  refund: lazy(() => import('../routes/refund')),
  stateCosts: lazy(() => import('../routes/state-costs')),
  stateGuide: lazy(() => import('../routes/state-guide')),
  jvSales: lazy(() => import('../routes/jv-sales')),
  jvPage: lazy(() => import('../routes/jv-page')),
  jvSupport: lazy(() => import('../routes/jv-support')),
  jvPresale: lazy(() => import('../routes/jv-presale')),
  jvPartner: lazy(() => import('../routes/jv-partner')),
  affiliatePartner: lazy(() => import('../routes/affiliate-partner')),
  v2: lazy(() => import('../routes/v2')),
  adminQueue: lazy(() => import('../routes/admin-queue')),
  adminOrders: lazy(() => import('../routes/admin-orders')),
  adminOrder: lazy(() => import('../routes/admin-order')),
  adminTickets: lazy(() => import('../routes/admin-tickets')),
  adminTicket: lazy(() => import('../routes/admin-ticket')),
  adminUsers: lazy(() => import('../routes/admin-users')),
  adminIntegrations: lazy(() => import('../routes/admin-integrations')),
  adminCompliance: lazy(() => import('../routes/admin-compliance')),
  adminActivity: lazy(() => import('../routes/admin-activity')),
};
const NotFound = lazy(() => import('../routes/not-found'));

/** Pages that bring their own header and footer. */
const standalone = new Set<PageName>(['v2']);
/** Content pages load no data: they stay outside the (lazy) TanStack Query layout. */
const withoutQueries = new Set<PageName>([
  'home',
  'v2',
  'terms',
  'privacy',
  'refund',
  'stateCosts',
  'stateGuide',
  'stateQuiz',
  'jvSales',
  'jvPage',
  'jvPresale',
  'jvPartner',
]);
const QueryLayout = lazy(() => import('./layout/query-layout'));
/** The admin header is for administrators only: its own chunk, never in a visitor's first load. */
const AdminLayout = lazy(() => import('./layout/admin-layout'));

/**
 * Marks <html data-hydrated> once a page is live: rendered here, or a prerendered page whose
 * markup React has taken over (it hydrates with the page, inside the same Suspense boundary).
 * Until then a prerendered page's buttons do nothing; the browser tests wait for this.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const entries = Object.entries(pages) as [PageName, Page][];
const routesWhere = (keep: (name: PageName) => boolean) =>
  entries
    .filter(([name]) => keep(name))
    .map(([name, Page]) => (
      <Route
        key={name}
        path={clientPaths[name]}
        element={
          <>
            <Page />
            <HydratedMark />
          </>
        }
      />
    ));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {routesWhere((name) => !standalone.has(name) && withoutQueries.has(name))}
        <Route element={<QueryLayout />}>
          {routesWhere((name) => !withoutQueries.has(name) && !customerOnlyPages.has(name) && !adminOnlyPages.has(name))}
          <Route element={<RequireAuth />}>{routesWhere((name) => customerOnlyPages.has(name))}</Route>
        </Route>
        {/* the server sends the 404 prerendered too (with noindex) */}
        <Route
          path="*"
          element={
            <>
              <NotFound />
              <HydratedMark />
            </>
          }
        />
      </Route>
      {/* admin pages: their own header; the guard first, so nobody else ever sees the admin frame */}
      <Route element={<RequireAdmin />}>
        <Route element={<AdminLayout />}>
          <Route element={<QueryLayout />}>{routesWhere((name) => adminOnlyPages.has(name))}</Route>
        </Route>
      </Route>
      {routesWhere((name) => standalone.has(name) && withoutQueries.has(name))}
    </Routes>
  );
}
