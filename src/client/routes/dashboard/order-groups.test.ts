import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@shared/order-status';
import { countOrders } from './order-groups';

const orders = (...statuses: string[]) => statuses.map((status) => ({ status: status as OrderStatus }));

describe('countOrders', () => {
  it('groups per docs/product.md, "Order statuses": paid and processing both count as processing', () => {
    expect(countOrders(orders('pending_payment', 'paid', 'processing', 'completed', 'pending_payment', 'paid'))).toEqual({
      total: 6,
      pending: 2,
      processing: 3,
      completed: 1,
    });
  });

  it('is all zeros for no orders, and counts an unknown status in the total only', () => {
    expect(countOrders([])).toEqual({ total: 0, pending: 0, processing: 0, completed: 0 });
    expect(countOrders(orders('refunded'))).toEqual({ total: 1, pending: 0, processing: 0, completed: 0 });
  });
});
