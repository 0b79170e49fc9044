import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDetail } from '@shared/order-model';
import { api } from '@client/lib/api-client';

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => api<{ order: TOrderDetail }>(`/api/orders/${encodeURIComponent(id)}`, { signal }).then(({ order }) => order),
  });

/** One of the signed-in user's orders; another user's answers 404 like a missing one. */
export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
