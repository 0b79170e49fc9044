import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@shared/languages';
import { apiError, stubApi } from '@client/testing/api-stub';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { takeConsoleOutput } from '../../../../shared/testing/fail-on-console';
import { confirmIntervalMs, confirmWindowMs } from '@client/lib/api/payments';
import { SuccessPage } from './success-page';

afterEach(() => vi.useRealTimers());

const sessionId = 'cs_test_123';
const resultRoute = `GET /api/payments/result?session_id=${sessionId}`;
const url = `/payment-success?session_id=${sessionId}`;
const paid = orderDetail({ status: 'paid', orderAmountPaid: 39900 });

const renderSuccess = (route = url, language: Language = 'en') => renderWithProviders(<SuccessPage />, { route, path: '/payment-success', language });
/** Moves the page's clock on by `ms`, running the polling timer as it falls due. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('<SuccessPage>', () => {
  it('shows the order number, payment details, company, billing address and nationality', async () => {
    stubApi({ [resultRoute]: { body: { order: paid } } });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Payment Successful$/);
    expect(document.title).toBe('Payment Successful | Frontera');
    expect(screen.getByTestId('order-number')).toHaveTextContent(/^A1B2C3D4$/);
    const payment = within(screen.getByRole('region', { name: 'Payment details' }));
    expect(payment.getByText('$399')).toBeVisible();
    // the payment is complete, the LLC in progress (not "Status: Completed")
    expect(payment.getByTestId('payment-status')).toHaveTextContent(/^Completed$/);
    expect(payment.getByText('Payment')).toBeVisible();
    expect(payment.queryByTestId('llc-status')).not.toBeInTheDocument();
    expect(payment.getByText('May 2, 2025')).toBeVisible();
    const company = within(screen.getByRole('region', { name: 'Company information' }));
    for (const text of ['Andes Trading LLC', 'Andes Imports LLC, Andes Global LLC', 'Wyoming']) expect(company.getByText(text)).toBeVisible();
    const billing = within(screen.getByRole('region', { name: 'Billing address and nationality' }));
    for (const text of ['Av. Larco 123', 'Lima, Lima 15074', 'Peru', 'Peruvian']) expect(billing.getByText(text)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Confirming your payment...')).not.toBeInTheDocument();
    const receipt = screen.getByRole('link', { name: 'Download receipt (PDF)' });
    expect(receipt).toHaveAttribute('href', `/api/orders/${paid.id}/receipt`);
    expect(receipt).toHaveAttribute('download');
  });

  it('offers no receipt while the payment is still being confirmed', async () => {
    stubApi({ [resultRoute]: { body: { order: { ...paid, status: 'pending_payment', orderAmountPaid: null } } } });
    renderSuccess();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /receipt/i })).not.toBeInTheDocument();
  });

  it('says what happens next and when: 2–4 weeks for a Peruvian founder, with the dates from the payment', async () => {
    stubApi({ [resultRoute]: { body: { order: { ...paid, paidAt: '2025-05-02T10:05:00.000Z' } } } });
    renderSuccess();
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('In your case, this usually takes 2–4 weeks from your payment. Expected between May 16 and 30, 2025.');
  });

  it('gives a US citizen 24–48 hours, in Spanish, before the payment time is known', async () => {
    stubApi({ [resultRoute]: { body: { order: { ...paid, nationality: 'US' } } } });
    renderSuccess(url, 'es');
    const next = await screen.findByRole('region', { name: 'Qué sigue' });
    expect(next).toHaveTextContent('En su caso, esto suele tardar de 24 a 48 horas desde su pago.');
    expect(next).not.toHaveTextContent('Fecha estimada');
  });

  it('checks again every 1.5 s while the payment event has not arrived, shows Completed, then stops asking', async () => {
    // the polling clock moves only when the test moves it (timeouts stay real, for findBy and the answers)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let answers = 0;
    const api = stubApi({ [resultRoute]: () => ({ body: { order: ++answers < 3 ? orderDetail() : paid } }) });
    const { queryClient } = renderSuccess();
    // an answer has arrived once nothing is fetching (polled in real time: the fake clock stays put)
    const answered = () => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0), { interval: 0 });
    expect(await screen.findByText('Confirming your payment...')).toBeVisible();
    expect(screen.getByTestId('payment-status')).toHaveTextContent(/^Being confirmed$/);
    expect(screen.queryByTestId('llc-status')).not.toBeInTheDocument();

    await elapse(confirmIntervalMs - 1);
    expect(api.count(resultRoute)).toBe(1);
    await elapse(1);
    expect(api.count(resultRoute)).toBe(2);
    await answered();
    expect(screen.getByTestId('payment-status')).toHaveTextContent(/^Being confirmed$/);

    await elapse(confirmIntervalMs);
    expect(api.count(resultRoute)).toBe(3);
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent(/^Completed$/));
    expect(screen.queryByText('Confirming your payment...')).not.toBeInTheDocument();

    // paid: no more checks, however long the page stays open
    await elapse(confirmWindowMs);
    expect(api.count(resultRoute)).toBe(3);
  });

  it("shows a neutral message for a payment it cannot find (someone else's session), logged only", async () => {
    stubApi({ [resultRoute]: apiError(404, 'not_found', 'payment.notFound') });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^We could not show this payment$/);
    // the title says what the page shows, not "Payment Successful"
    expect(document.title).toBe('We could not show this payment | Frontera');
    expect(screen.queryByTestId('order-number')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() => expect(takeConsoleOutput()).toEqual([expect.stringContaining('payment result lookup failed')]));
  });

  it('goes to the dashboard without a session id', async () => {
    const { location } = renderSuccess('/payment-success');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('speaks Spanish', async () => {
    stubApi({ [resultRoute]: { body: { order: paid } } });
    renderSuccess(url, 'es');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Pago realizado con éxito$/);
    expect(screen.getByTestId('payment-status')).toHaveTextContent(/^Completado$/);
    for (const text of ['Perú', 'Peruana', '2 de mayo de 2025']) expect(screen.getByText(text)).toBeVisible();
  });
});
