import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAdminOrderDetail } from '@shared/admin';
import type { TOrderDetail } from '@shared/orders';
import { adminOrderKeys, useChangeOrderStatus, useUploadOrderDocument } from './admin-orders';
import { orderKeys, useCreateOrder } from './orders';
import { useCreateCheckoutSession, usePaymentResult } from './payments';

/** Every request answers `status` with `body`; `requests` lists what was asked. */
function stubServer(reply: (method: string, path: string) => { status?: number; body: unknown }) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(String(input), 'http://localhost');
      requests.push(`${method} ${url.pathname}${url.search}`);
      const { status = 200, body } = reply(method, url.pathname);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

/** A cache that already holds what the customer and admin pages read for order `a`. */
function seededClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(orderKeys.list(), []);
  client.setQueryData(orderKeys.detail('a'), { id: 'a', status: 'pending_payment' });
  client.setQueryData(orderKeys.documents('a'), []);
  client.setQueryData(adminOrderKeys.list({}), { pages: [], pageParams: [] });
  client.setQueryData(adminOrderKeys.detail('a'), { order: { id: 'a', status: 'paid' }, history: [] });
  const stale = (key: readonly unknown[]) => Boolean(client.getQueryState(key)?.isInvalidated);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, stale, wrapper };
}

afterEach(() => vi.unstubAllGlobals());

describe('what a change refreshes', () => {
  it("an admin's upload refreshes the order's documents, the list the customer's page reads too", async () => {
    const requests = stubServer(() => ({
      status: 201,
      body: { document: { id: 'd1', kind: 'other', fileName: 'EIN.pdf', createdAt: '2026-01-01T00:00:00Z' } },
    }));
    const { stale, wrapper } = seededClient();
    const { result } = renderHook(() => useUploadOrderDocument('a'), { wrapper });
    await act(() => result.current.mutateAsync({ file: new File(['%PDF'], 'EIN.pdf'), kind: 'other' }));
    expect(requests).toEqual(['POST /api/admin/orders/a/documents?kind=other']);
    expect(stale(orderKeys.documents('a'))).toBe(true);
    expect(stale(orderKeys.detail('a'))).toBe(false);
  });

  it('a status change shows on the open order at once and refreshes it and every admin list', async () => {
    stubServer(() => ({ body: { status: 'processing', changed: true } }));
    const { client, stale, wrapper } = seededClient();
    const { result } = renderHook(() => useChangeOrderStatus('a'), { wrapper });
    await act(() => result.current.mutateAsync('processing'));
    expect(client.getQueryData<TAdminOrderDetail>(adminOrderKeys.detail('a'))?.order.status).toBe('processing');
    expect(stale(adminOrderKeys.detail('a'))).toBe(true);
    expect(stale(adminOrderKeys.list({}))).toBe(true);
  });

  it('a checkout refused as already paid (409) refreshes the order and the list that shows it', async () => {
    stubServer(() => ({ status: 409, body: { error: { code: 'conflict', message: 'payment.alreadyPaid' } } }));
    const { stale, wrapper } = seededClient();
    const { result } = renderHook(() => useCreateCheckoutSession('a'), { wrapper });
    await act(() => result.current.mutateAsync({ acceptTerms: true, confirmAdult: true }).catch(() => undefined));
    expect(stale(orderKeys.detail('a'))).toBe(true);
    expect(stale(orderKeys.list())).toBe(true);
  });

  it("a confirmed payment makes the tab's cached orders stale", async () => {
    stubServer(() => ({ body: { order: { id: 'a', status: 'paid' } as TOrderDetail } }));
    const { stale, wrapper } = seededClient();
    const { result } = renderHook(() => usePaymentResult('cs_1'), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('paid'));
    await waitFor(() => expect(stale(orderKeys.detail('a'))).toBe(true));
    expect(stale(orderKeys.list())).toBe(true);
  });

  it("a new order makes the customer's order list stale", async () => {
    stubServer(() => ({ status: 201, body: { order: { id: 'b' } } }));
    const { stale, wrapper } = seededClient();
    const { result } = renderHook(() => useCreateOrder(), { wrapper });
    await act(() => result.current.mutateAsync({ order: {} as never, files: { ssnDoc: null, passport: null, otherId: null } }));
    expect(stale(orderKeys.list())).toBe(true);
  });
});
