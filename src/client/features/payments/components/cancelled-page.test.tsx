import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPaymentPage } from '../testing/render-payment-page';

describe('<CancelledPage>', () => {
  it('offers Try Again to the confirmation of the order, and the dashboard', () => {
    renderPaymentPage('/payment-cancelled?order_id=a1b2c3d4-0000-4000-8000-000000000001');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/order/confirm?orderId=a1b2c3d4-0000-4000-8000-000000000001');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('without an order id, Try Again starts a new order', () => {
    renderPaymentPage('/payment-cancelled');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/order');
  });

  it('speaks Spanish', () => {
    renderPaymentPage('/payment-cancelled?order_id=x', { language: 'es' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pago cancelado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' }).getAttribute('href')).toBe('/order/confirm?orderId=x');
  });
});
