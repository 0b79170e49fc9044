import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPaymentReview } from '@shared/admin';
import { stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import AdminOrdersRoute from './admin-orders';

describe('/admin/orders: the payments to review above the order list', () => {
  it('sits above the order list, and takes no room when there is nothing to review', async () => {
    const reviews = { reviews: [] as TPaymentReview[] };
    const network = stubApi({
      ['GET /api/admin/payment-reviews']: () => ({ body: reviews }),
      'GET /api/admin/orders': { body: { orders: [], total: 0, nextCursor: null } },
      'GET /api/admin/assignees': { body: { assignees: [] } },
    });
    renderWithProviders(<AdminOrdersRoute />, { route: '/admin/orders', path: '/admin/orders' });
    expect(await screen.findByText(/No orders yet/)).toBeVisible();
    await waitFor(() => expect(network.count('GET /api/admin/payment-reviews')).toBe(1));
    expect(screen.queryByRole('region', { name: 'Payments to review' })).not.toBeInTheDocument();
  });
});
