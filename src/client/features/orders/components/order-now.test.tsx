import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrderDetail } from '@shared/orders';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { OrderNow } from './order-now';

const id = 'b1b2c3d4-0000-4000-8000-00000000000b';
const paid = { id, status: 'paid' as const, paidAt: '2026-11-02T10:00:00.000Z', nationality: 'MX', llcState: 'WY' };
const at = (state: TOrderDetail['state'], extra: Partial<TOrderDetail> = {}) => orderDetail({ ...paid, ...extra, state });

describe('<OrderNow>: the order’s state and the one thing to do now', () => {
  it('leads an unpaid order to payment', () => {
    renderWithProviders(<OrderNow order={orderDetail({ id })} />);
    expect(screen.getByTestId('order-now-stage')).toHaveTextContent('Waiting for your payment.');
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/checkout?orderId=${id}`);
  });

  it('asks for the company details, then the signatures, each with its button to the order', () => {
    const { unmount } = renderWithProviders(<OrderNow order={at({ stage: 'details_needed', next: 'complete_details', refundOpen: false })} />, {
      language: 'es',
    });
    expect(screen.getByTestId('order-now-stage')).toHaveTextContent('Pagado. Necesitamos los datos de su empresa para preparar la presentación.');
    expect(screen.getByRole('link', { name: 'Completar los datos de su empresa' })).toHaveAttribute('href', `/dashboard?order=${id}`);
    unmount();
    renderWithProviders(<OrderNow order={at({ stage: 'signatures_needed', next: 'sign', refundOpen: false })} />);
    expect(screen.getByRole('link', { name: 'Sign your documents' })).toBeVisible();
  });

  it('says there is nothing to do while the team files, with when it is expected, in the tense of the stage', () => {
    renderWithProviders(<OrderNow order={at({ stage: 'filed', next: 'none', refundOpen: false })} />, { language: 'es' });
    expect(screen.getByTestId('order-now-stage')).toHaveTextContent('Presentada ante Wyoming: esperamos la aprobación del estado.');
    // paid on November 2, 2026; a founder outside the US: within 4 weeks
    expect(screen.getByTestId('order-now-next')).toHaveTextContent(
      'Por ahora no tiene nada que hacer: le escribiremos en cada paso. Fecha estimada: 30 de noviembre de 2026.',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('puts a team request first, and says a refunded order is closed', () => {
    const { unmount } = renderWithProviders(<OrderNow order={at({ stage: 'team_review', next: 'answer_request', refundOpen: false })} />);
    expect(screen.getByRole('link', { name: 'Answer the team’s request' })).toBeVisible();
    unmount();
    renderWithProviders(<OrderNow order={at({ stage: 'refunded', next: 'none', refundOpen: false }, { refunded: true })} />);
    expect(screen.getByTestId('order-now-stage')).toHaveTextContent('This order was refunded and is closed.');
    expect(screen.getByTestId('order-now-next')).toHaveTextContent('Nothing left to do.');
  });

  it('after the EIN, leads to the next useful thing: the bank account, with the papers on the order', () => {
    renderWithProviders(<OrderNow order={at({ stage: 'ein_issued', next: 'none', refundOpen: false }, { ein: '123456789' })} />, { language: 'es' });
    expect(screen.getByTestId('order-now-next')).toHaveTextContent('No queda nada por hacer.');
    expect(screen.getByRole('link', { name: 'Abrir la cuenta bancaria de su LLC' })).toHaveAttribute('href', `/dashboard?order=${id}`);
  });
});
