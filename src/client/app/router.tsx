import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { clientPaths } from '@shared/routes';
import { RootLayout } from './layout/root-layout';

/*
 * Declarative routes with React.lazy: every page is its own chunk, and the first load skips the
 * data router (half the size), which keeps the home page inside its JavaScript budget.
 */
type Page = LazyExoticComponent<ComponentType>;

const ComingSoon = lazy(() => import('../routes/coming-soon'));
const pages: Record<keyof typeof clientPaths, Page> = {
  home: lazy(() => import('../routes/home')),
  login: ComingSoon,
  signup: ComingSoon,
  dashboard: ComingSoon,
  stateQuiz: ComingSoon,
  order: ComingSoon,
  orderConfirm: ComingSoon,
  checkout: ComingSoon,
  paymentSuccess: ComingSoon,
  paymentCancelled: ComingSoon,
  terms: ComingSoon,
  privacy: ComingSoon,
  refund: ComingSoon,
  jvSales: ComingSoon,
  jvPage: ComingSoon,
  jvSupport: ComingSoon,
  jvPresale: ComingSoon,
  jvPartner: ComingSoon,
  affiliatePartner: ComingSoon,
  v2: ComingSoon,
  adminOrders: ComingSoon,
  adminOrder: ComingSoon,
};
const NotFound = lazy(() => import('../routes/not-found'));

/** Pages that bring their own header and footer. */
const standalone = new Set<keyof typeof clientPaths>(['v2']);

const entries = Object.entries(pages) as [keyof typeof clientPaths, Page][];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {entries
          .filter(([name]) => !standalone.has(name))
          .map(([name, Page]) => (
            <Route key={name} path={clientPaths[name]} element={<Page />} />
          ))}
        <Route path="*" element={<NotFound />} />
      </Route>
      {entries
        .filter(([name]) => standalone.has(name))
        .map(([name, Page]) => (
          <Route key={name} path={clientPaths[name]} element={<Page />} />
        ))}
    </Routes>
  );
}
