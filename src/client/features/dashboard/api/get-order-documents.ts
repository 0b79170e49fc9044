import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDocument } from '@shared/order-model';
import { api } from '@client/lib/api-client';

/** GET /api/orders/:id/documents: what administrators added to the order, newest first. */
export async function getOrderDocuments(orderId: string, signal?: AbortSignal): Promise<TOrderDocument[]> {
  const { documents } = await api<{ documents: TOrderDocument[] }>(`/api/orders/${encodeURIComponent(orderId)}/documents`, { signal });
  return documents;
}

// administrators add documents at any time: a later visit asks again (the cached list shows meanwhile)
export const orderDocumentsQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['orders', orderId, 'documents'], queryFn: ({ signal }) => getOrderDocuments(orderId, signal), staleTime: 0 });

export function useOrderDocuments(orderId: string) {
  return useQuery(orderDocumentsQueryOptions(orderId));
}

