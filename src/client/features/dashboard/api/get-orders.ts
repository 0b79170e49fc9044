import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderSummary } from '@shared/order-model';
import { api } from '@client/lib/api-client';

/** GET /api/orders: the signed-in user's orders, newest first. */
export async function getOrders(signal?: AbortSignal): Promise<TOrderSummary[]> {
  const { orders } = await api<{ orders: TOrderSummary[] }>('/api/orders', { signal });
  return orders;
}

// statuses change elsewhere (payment confirmation, administrators): every visit shows the cached
// list at once and asks the server again in the background
export const ordersQueryOptions = () => queryOptions({ queryKey: ['orders'], queryFn: ({ signal }) => getOrders(signal), staleTime: 0 });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
