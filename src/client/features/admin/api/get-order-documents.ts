import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDocument } from '@shared/order-model';
import { api } from '@client/lib/api-client';
import { orderDocumentsKey } from './admin-query-keys';

/** GET /api/orders/:id/documents: the documents added to an order, newest first (owner or administrator). */
export async function getOrderDocuments(orderId: string, signal?: AbortSignal): Promise<TOrderDocument[]> {
  const { documents } = await api<{ documents: TOrderDocument[] }>(`/api/orders/${encodeURIComponent(orderId)}/documents`, { signal });
  return documents;
}

export const orderDocumentsQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderDocumentsKey(orderId), queryFn: ({ signal }) => getOrderDocuments(orderId, signal) });

export function useOrderDocuments(orderId: string) {
  return useQuery(orderDocumentsQueryOptions(orderId));
}
