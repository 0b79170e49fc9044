/**
 * Everything under ['admin', 'orders'] is the administrators' view of orders: invalidating that
 * prefix after a change refreshes both the list (every search) and the open order.
 */
export const adminOrdersKey = ['admin', 'orders'] as const;
export const adminOrderListKey = (q: string) => [...adminOrdersKey, 'list', { q }] as const;
export const adminOrderKey = (id: string) => [...adminOrdersKey, 'detail', id] as const;
/** The same key the customer dashboard uses: both read the one endpoint. */
export const orderDocumentsKey = (orderId: string) => ['orders', orderId, 'documents'] as const;
