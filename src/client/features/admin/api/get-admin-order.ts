import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminOrderDetail } from '@shared/admin';
import { api } from '@client/lib/api-client';
import { adminOrderKey } from './admin-query-keys';

/** GET /api/admin/orders/:id: the whole order, its customer and its status history (404 admin.orderNotFound). */
export function getAdminOrder(id: string, signal?: AbortSignal): Promise<TAdminOrderDetail> {
  return api<TAdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`, { signal });
}

export const adminOrderQueryOptions = (id: string) => queryOptions({ queryKey: adminOrderKey(id), queryFn: ({ signal }) => getAdminOrder(id, signal) });

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQueryOptions(id));
}
