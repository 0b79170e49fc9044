import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import enCommon from '@client/locales/en/common.json';
import enSupport from '@client/locales/en/support.json';
import esCommon from '@client/locales/es/common.json';
import esSupport from '@client/locales/es/support.json';

/** English or Spanish, synchronously: what the lazy namespaces give the app after loading. */
export function testI18n(lng: 'en' | 'es' = 'en') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    ns: ['support', 'common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, support: enSupport }, es: { common: esCommon, support: esSupport } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export function renderWithProviders(ui: ReactNode, { lng = 'en', path = '/' }: { lng?: 'en' | 'es'; path?: string } = {}) {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={testI18n(lng)}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, ...result };
}

type Reply = { status: number; body: unknown };

/** Stubs fetch: every request gets `reply` (or what it returns); `requests` records method, path and body. */
export function stubFetch(reply: Reply | ((path: string) => Reply | Promise<Reply>)) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname + url.search;
      requests.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = typeof reply === 'function' ? await reply(path) : reply;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

export const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');
