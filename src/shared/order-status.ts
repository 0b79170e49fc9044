/** docs/product.md, "Order statuses": the four order statuses. */
export const orderStatuses = ['pending_payment', 'paid', 'processing', 'completed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
