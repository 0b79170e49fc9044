import { OrderNow } from '@client/features/orders/components/order-now';
import { useOrder, useOrders } from '@client/lib/api/orders';
import type { TOrderSummary } from '@shared/orders';

/** The order the dashboard leads with: the newest one still open, else the newest. */
export const currentOrderOf = (orders: readonly TOrderSummary[]): TOrderSummary | undefined => orders.find((order) => !order.refunded) ?? orders[0];

/**
 * The dashboard's first screen: the current order's state and next step. Nothing while the list
 * or the order loads (the cards below say so), nor without an order (My Orders offers the first).
 */
export function CurrentOrder() {
  const orders = useOrders();
  const current = orders.data ? currentOrderOf(orders.data) : undefined;
  const order = useOrder(current?.id ?? '');
  if (!order.data) return null;
  return <OrderNow order={order.data} />;
}
