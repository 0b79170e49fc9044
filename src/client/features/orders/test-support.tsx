import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
// loaded up front: the app loads toasts lazily on the first one, which can outlast findBy's wait in a cold test run
import { toast as sonner } from 'sonner';
import { ToastHost } from '@client/components/ui/toast';
import enCommon from '@client/locales/en/common.json';
import enGeo from '@client/locales/en/geo.json';
import enOrder from '@client/locales/en/order.json';

/* Shared by the orders component tests: English texts, a router, a fresh query cache, toasts. */

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  ns: ['order', 'geo', 'common'],
  defaultNS: 'common',
  resources: { en: { order: enOrder, geo: enGeo, common: enCommon } },
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/** Where the app went, for asserting navigation. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const user = userEvent.setup({ applyAccept: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, ...view };
}

/** Stubs fetch at the network edge; each call gets the next answer. Returns the mock to inspect the requests. */
export function stubFetch(...answers: { status: number; body?: unknown }[]) {
  const queue = [...answers];
  const mock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = queue.shift() ?? { status: 500, body: { error: { code: 'internal', message: 'errors.internal' } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Sonner keeps its toasts in a module-wide store: forget the last test's. */
export function clearToasts() {
  sonner.dismiss();
}

/** Types a whole value at once (a paste): the tests are about the wizard, not about key events. */
export async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

export const pdf = (name = 'passport.pdf') => new File(['%PDF-1.4\n%fake\n'], name, { type: 'application/pdf' });
