import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDetail } from '@shared/order-model';
import { api } from '@client/lib/api-client';

/** GET /api/orders/:id: one of the signed-in user's orders (404 for anyone else's). */
export async function getOrder(id: string, signal?: AbortSignal): Promise<TOrderDetail> {
  const { order } = await api<{ order: TOrderDetail }>(`/api/orders/${encodeURIComponent(id)}`, { signal });
  return order;
}

// same key and shape as the dashboard's order details, so the two share one cache entry
export const orderQueryOptions = (id: string) => queryOptions({ queryKey: ['orders', id], queryFn: ({ signal }) => getOrder(id, signal) });

/** No id, no request: the page redirects instead. */
export function useOrder(id: string) {
  return useQuery({ ...orderQueryOptions(id), enabled: id !== '' });
}
