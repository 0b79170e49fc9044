import type { OrderStatus } from '@shared/order-status';

export interface OrderCounts {
  total: number;
  pending: number;
  processing: number;
  completed: number;
}

/** docs/product.md, "Order statuses" dashboard grouping: pending = pending_payment; processing = paid + processing; completed = completed. */
const groupOf: Record<OrderStatus, Exclude<keyof OrderCounts, 'total'>> = {
  pending_payment: 'pending',
  paid: 'processing',
  processing: 'processing',
  completed: 'completed',
};

export function countOrders(orders: readonly { status: OrderStatus }[]): OrderCounts {
  const counts: OrderCounts = { total: orders.length, pending: 0, processing: 0, completed: 0 };
  for (const { status } of orders) {
    const group = groupOf[status];
    // a status this client does not know yet counts in the total only
    if (group) counts[group] += 1;
  }
  return counts;
}
