import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/languages';
import { apiError, stubApi } from '@client/testing/api-stub';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { CancelledPage } from './cancelled-page';

const order = orderDetail();
const orderRoute = `GET /api/orders/${order.id}`;

const renderCancelled = (route: string, language: Language = 'en') => renderWithProviders(<CancelledPage />, { route, path: '/payment-cancelled', language });

describe('<CancelledPage>', () => {
  it('offers Try Again to the confirmation of the order, and the dashboard', async () => {
    stubApi({ [orderRoute]: { body: { order } } });
    renderCancelled('/payment-cancelled?order_id=a1b2c3d4-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Payment cancelled$/);
    expect(screen.getByText('Your payment was cancelled and you have not been charged.')).toBeVisible();
    expect(document.title).toBe('Payment cancelled | Frontera');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/order/confirm?orderId=a1b2c3d4-0000-4000-8000-000000000001');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('without an order id, Try Again starts a new order', () => {
    renderCancelled('/payment-cancelled');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/order');
  });

  it('an order it cannot read gets the usual page', async () => {
    stubApi({ 'GET /api/orders/:id': apiError(400, 'validation', 'errors.validation') });
    renderCancelled('/payment-cancelled?order_id=x');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Payment cancelled$/);
  });

  it('for an order that is already paid, says so: nothing cancelled, nothing to pay again', async () => {
    stubApi({ [orderRoute]: { body: { order: orderDetail({ status: 'paid', orderAmountPaid: 39900 }) } } });
    renderCancelled(`/payment-cancelled?order_id=${order.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^This order is already paid$/);
    expect(document.title).toBe('This order is already paid | Frontera');
    expect(screen.queryByText(/you have not been charged/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says it in Spanish too', async () => {
    stubApi({ [orderRoute]: { body: { order: orderDetail({ status: 'processing' }) } } });
    renderCancelled(`/payment-cancelled?order_id=${order.id}`, 'es');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Este pedido ya está pagado$/);
    expect(screen.getByText('El pago de este pedido ya se había realizado, así que no había nada que cancelar.')).toBeVisible();
  });

  it('speaks Spanish', async () => {
    stubApi({ 'GET /api/orders/:id': apiError(400, 'validation', 'errors.validation') });
    renderCancelled('/payment-cancelled?order_id=x', 'es');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Pago cancelado$/);
    expect(screen.getByRole('link', { name: 'Inténtelo de nuevo' })).toHaveAttribute('href', '/order/confirm?orderId=x');
  });
});
