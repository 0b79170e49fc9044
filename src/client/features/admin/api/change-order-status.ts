import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminOrderDetail } from '@shared/admin';
import type { OrderStatus } from '@shared/order-status';
import { api } from '@client/lib/api-client';
import { adminOrderKey, adminOrdersKey } from './admin-query-keys';

export interface TStatusChangeResult {
  status: OrderStatus;
  /** false when the order already had this status (nothing written, nobody emailed) */
  changed: boolean;
}

/** PATCH /api/admin/orders/:id/status: any of the four statuses, in any order (400 admin.invalidStatus). */
export function changeOrderStatus(orderId: string, status: OrderStatus): Promise<TStatusChangeResult> {
  return api<TStatusChangeResult>(`/api/admin/orders/${encodeURIComponent(orderId)}/status`, { method: 'PATCH', body: { status } });
}

export function useChangeOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) => changeOrderStatus(orderId, status),
    onSuccess: async ({ status }) => {
      // the badge follows at once; the refetch then brings the new history row
      queryClient.setQueryData<TAdminOrderDetail>(adminOrderKey(orderId), (detail) => detail && { ...detail, order: { ...detail.order, status } });
      // the order and every list that shows it
      await queryClient.invalidateQueries({ queryKey: adminOrdersKey });
    },
  });
}
