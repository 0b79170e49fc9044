import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminOrderDetail } from '@shared/admin';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { OrderRecord } from './order-record';

const order = (customer: TAdminOrderDetail['order']['customer']): TAdminOrderDetail['order'] => ({
  ...orderDetail({ id: 'c1b2c3d4-0000-4000-8000-000000000009', status: 'completed' }),
  paymentId: 'cs_test_1',
  holdReleasedAt: null,
  holdReleasedBy: null,
  termsVersion: '2025-04-25',
  termsAcceptedAt: '2025-05-02T10:04:00.000Z',
  customer,
  milestones: [],
  paymentReview: false,
  assignee: null,
  impliedStatus: 'paid',
  statusOverride: false,
  customerLanguage: 'es',
  messageTemplates: [],
});

describe('<OrderRecord>', () => {
  it("names the customer's account, with its email and id", () => {
    renderWithProviders(<OrderRecord order={order({ id: 'user-1', name: 'Ana María Pérez', email: 'ana@example.com' })} />);
    expect(screen.getByText('Customer account').nextSibling).toHaveTextContent('Ana María Pérez · ana@example.com');
    expect(screen.getByText('Customer ID').nextSibling).toHaveTextContent('user-1');
  });

  it('says when the account was deleted and the order kept as the tax record, in both languages', () => {
    const { unmount } = renderWithProviders(<OrderRecord order={order(null)} />);
    expect(screen.getByText('Customer account').nextSibling).toHaveTextContent('Account deleted by its owner (the order is kept as the tax record)');
    expect(screen.queryByText('Customer ID')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<OrderRecord order={order(null)} />, { language: 'es' });
    expect(screen.getByText('Cuenta del cliente').nextSibling).toHaveTextContent(
      'Cuenta eliminada por su titular (el pedido se conserva como registro fiscal)',
    );
  });
});
