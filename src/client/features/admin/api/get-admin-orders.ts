import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TAdminOrderPage } from '@shared/admin';
import { api } from '@client/lib/api-client';
import { adminOrderListKey } from './admin-query-keys';

/** GET /api/admin/orders: one page (50) of all orders, newest first; the server does the searching. */
export function getAdminOrders(q: string, cursor: string | null, signal?: AbortSignal): Promise<TAdminOrderPage> {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api<TAdminOrderPage>(`/api/admin/orders${search ? `?${search}` : ''}`, { signal });
}

export const adminOrdersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminOrderListKey(q),
    queryFn: ({ pageParam, signal }) => getAdminOrders(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useAdminOrders(q: string) {
  // while the next search is on its way the previous results stay on screen, instead of a spinner per keystroke
  return useInfiniteQuery({ ...adminOrdersQueryOptions(q), placeholderData: keepPreviousData });
}
