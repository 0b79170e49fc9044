import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { OrderFacts } from './order-facts';

const paid = { status: 'processing', orderAmountPaid: 39900, paidAt: '2026-11-02T12:00:00.000Z' } as const;

describe('<OrderFacts> (what the customer ordered, on the dashboard)', () => {
  it('after a refund, shows what was refunded and the net amount paid', () => {
    renderWithProviders(<OrderFacts order={orderDetail({ ...paid, amountRefunded: 35910 })} identityDocuments={null} />, { language: 'es' });
    const payment = screen.getByText('Monto pagado').closest('dl')!;
    expect(within(payment).getByText('Reembolsado').nextSibling).toHaveTextContent('−US$359.10');
    expect(within(payment).getByText('Pago neto').nextSibling).toHaveTextContent('US$39.90');
  });

  it('without a refund, only the amount paid', () => {
    renderWithProviders(<OrderFacts order={orderDetail(paid)} identityDocuments={null} />);
    expect(screen.getByText('Amount paid')).toBeInTheDocument();
    expect(screen.queryByText('Net paid')).toBeNull();
  });
});
