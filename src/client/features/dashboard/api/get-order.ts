import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDetail } from '@shared/order-model';
import { api } from '@client/lib/api-client';

/** GET /api/orders/:id: one order in full (404 when it is not the user's). */
export async function getOrder(id: string, signal?: AbortSignal): Promise<TOrderDetail> {
  const { order } = await api<{ order: TOrderDetail }>(`/api/orders/${encodeURIComponent(id)}`, { signal });
  return order;
}

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: ['orders', id], queryFn: ({ signal }) => getOrder(id, signal) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
