import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/languages';
import { renderWithProviders } from '@client/testing/render';
import { CancelledPage } from './cancelled-page';

const renderCancelled = (route: string, language: Language = 'en') => renderWithProviders(<CancelledPage />, { route, path: '/payment-cancelled', language });

describe('<CancelledPage>', () => {
  it('offers Try Again to the confirmation of the order, and the dashboard', () => {
    renderCancelled('/payment-cancelled?order_id=a1b2c3d4-0000-4000-8000-000000000001');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Payment Cancelled$/);
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/order/confirm?orderId=a1b2c3d4-0000-4000-8000-000000000001');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('without an order id, Try Again starts a new order', () => {
    renderCancelled('/payment-cancelled');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/order');
  });

  it('speaks Spanish', () => {
    renderCancelled('/payment-cancelled?order_id=x', 'es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Pago cancelado$/);
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' })).toHaveAttribute('href', '/order/confirm?orderId=x');
  });
});
