import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleOutput } from '../../../../test-setup/fail-on-console';
import { stubFetch } from '../testing/fetch-stub';
import { orderDetail } from '../testing/orders';
import { renderPaymentPage } from '../testing/render-payment-page';

afterEach(() => vi.unstubAllGlobals());

const sessionId = 'cs_test_123';
const resultRoute = `GET /api/payments/result?session_id=${sessionId}`;
const url = `/payment-success?session_id=${sessionId}`;
const paid = orderDetail({ status: 'paid', orderAmountPaid: 39900 });

describe('<SuccessPage>', () => {
  it('shows the order number, payment details, company, billing address and nationality', async () => {
    stubFetch({ [resultRoute]: { body: { order: paid } } });
    renderPaymentPage(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('A1B2C3D4');
    const payment = within(screen.getByRole('region', { name: 'Payment details' }));
    expect(payment.getByText('$399')).toBeTruthy();
    expect(payment.getByTestId('payment-status').textContent).toBe('Completed');
    expect(payment.getByText('May 2, 2025')).toBeTruthy();
    const company = within(screen.getByRole('region', { name: 'Company information' }));
    for (const text of ['Andes Trading LLC', 'Andes Imports LLC, Andes Global LLC', 'Wyoming']) expect(company.getByText(text)).toBeTruthy();
    const billing = within(screen.getByRole('region', { name: 'Billing address and nationality' }));
    for (const text of ['Av. Larco 123', 'Lima, Lima 15074', 'Peru', 'Peruvian']) expect(billing.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Confirming your payment...')).toBeNull();
  });

  it('checks again while the payment event has not arrived, then shows Completed', async () => {
    let answers = 0;
    const api = stubFetch({ [resultRoute]: () => ({ body: { order: ++answers < 2 ? orderDetail() : paid } }) });
    renderPaymentPage(url);
    expect(await screen.findByText('Confirming your payment...')).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Processing');
    await waitFor(() => expect(screen.getByTestId('payment-status').textContent).toBe('Completed'), { timeout: 4_000 });
    expect(screen.queryByText('Confirming your payment...')).toBeNull();
    // paid: no more checks
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(api.count(resultRoute)).toBe(2);
  });

  it("shows a neutral message for a payment it cannot find (someone else's session), logged only", async () => {
    stubFetch({ [resultRoute]: { status: 404, body: { error: { code: 'not_found', message: 'payment.notFound' } } } });
    renderPaymentPage(url);
    expect(await screen.findByText('We could not show this payment')).toBeTruthy();
    expect(screen.queryByTestId('order-number')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await waitFor(() => expect(takeConsoleOutput()).toEqual([expect.stringContaining('payment result lookup failed')]));
  });

  it('goes to the dashboard without a session id', async () => {
    stubFetch({});
    renderPaymentPage('/payment-success');
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/dashboard');
  });

  it('speaks Spanish', async () => {
    stubFetch({ [resultRoute]: { body: { order: paid } } });
    renderPaymentPage(url, { language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago realizado con éxito' })).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Completado');
    for (const text of ['Perú', 'Peruana', '2 de mayo de 2025']) expect(screen.getByText(text)).toBeTruthy();
  });
});
