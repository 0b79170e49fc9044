import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPaymentReview } from '@shared/admin';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders, type RenderOptions } from '@client/testing/render';
import { PaymentReviewsPanel } from './payment-reviews-panel';

const review = (id: string, orderId: string, overrides: Partial<TPaymentReview> = {}): TPaymentReview => ({
  id,
  orderId,
  claimedOrderId: orderId,
  eventId: `evt_${id}`,
  sessionId: `cs_test_${id}`,
  refundId: null,
  reason: 'amount_mismatch',
  amount: 1,
  currency: 'jpy',
  createdAt: '2025-05-02T10:00:00.000Z',
  ...overrides,
});
const yen = review('r1', 'a0000000-0000-4000-8000-000000000001');
const twice = review('r2', 'b0000000-0000-4000-8000-000000000002', { reason: 'duplicate_payment', amount: 39900, currency: 'usd' });
const reversed = review('r3', 'c0000000-0000-4000-8000-000000000003', {
  reason: 'refund_failed_after_success',
  sessionId: null,
  refundId: 're_test_r3',
  amount: 35910,
  currency: 'usd',
});

const listRoute = 'GET /api/admin/payment-reviews';
const resolveRoute = 'POST /api/admin/payment-reviews/:id/resolve';
const renderPanel = (options: RenderOptions = {}) => renderWithProviders(<PaymentReviewsPanel />, options);

describe('<PaymentReviewsPanel> (top of /admin/orders)', () => {
  it('lists each payment to review with its reason, amount and session, linked to its order', async () => {
    stubApi({ [listRoute]: { body: { reviews: [yen, twice] } } });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Payments to review' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('The amount paid is not the order amount.');
    expect(rows[0]).toHaveTextContent('Amount 1 JPY · session cs_test_r1');
    expect(within(rows[0]!).getByRole('link', { name: 'Order #A0000000' })).toHaveAttribute('href', `/admin/orders/${yen.orderId}`);
    expect(rows[1]).toHaveTextContent('The order was already paid: refund this second payment.');
    expect(rows[1]).toHaveTextContent('Amount $399 · session cs_test_r2');
  });

  it('a completed refund that failed afterwards names its refund, not a checkout session, in both languages', async () => {
    stubApi({ [listRoute]: { body: { reviews: [reversed] } } });
    renderPanel({ language: 'es' });
    const [row] = within(await screen.findByRole('region', { name: 'Pagos por revisar' })).getAllByRole('listitem');
    expect(row).toHaveTextContent('Un reembolso que el proveedor de pagos había completado falló después');
    expect(row).toHaveTextContent('Monto US$359.10 · reembolso re_test_r3');
    expect(row).not.toHaveTextContent('sesión');
  });

  it('marks a review resolved on the server and takes it off the list; the panel goes when none are left', async () => {
    let open = [yen, twice];
    const network = stubApi({
      [listRoute]: () => ({ body: { reviews: open } }),
      [resolveRoute]: ({ params }) => {
        open = open.filter((item) => item.id !== params.id);
        return { body: { id: params.id, resolvedAt: '2025-05-03T10:00:00.000Z', changed: true } };
      },
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Mark the payment review of order #A0000000 resolved' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(network.writes().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/admin/payment-reviews/r1/resolve']);

    await user.click(screen.getByRole('button', { name: 'Mark the payment review of order #B0000000 resolved' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Payments to review' })).not.toBeInTheDocument());
  });

  it('says when resolving failed, and keeps the review', async () => {
    stubApi({ [listRoute]: { body: { reviews: [yen] } }, [resolveRoute]: apiError(404, 'not_found', 'admin.reviewNotFound') });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: /Mark the payment review/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not mark the review resolved');
    expect(alert).toHaveTextContent('This payment review does not exist.');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the red box when the list fails, and Try Again asks again', async () => {
    let fail = true;
    stubApi({ [listRoute]: () => (fail ? apiError(500, 'internal', 'errors.internal') : { body: { reviews: [yen] } }) });
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load payments to review');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Payments to review' })).toBeVisible();
  });

  it('speaks Spanish', async () => {
    stubApi({ [listRoute]: { body: { reviews: [twice] } } });
    renderPanel({ language: 'es' });
    const panel = await screen.findByRole('region', { name: 'Pagos por revisar' });
    expect(panel).toHaveTextContent('El pedido ya estaba pagado: reembolse este segundo pago.');
    expect(within(panel).getByRole('link', { name: 'Pedido n.º B0000000' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Marcar como resuelta la revisión de pago del pedido n.º B0000000' })).toBeVisible();
  });
});
