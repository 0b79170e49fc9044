import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminOrderDetail } from '@shared/admin';
import type { Language } from '@shared/languages';
import type { TRefund } from '@shared/refunds';
import { useAdminOrder } from '@client/lib/api/admin-orders';
import { apiError, stubApi, type ApiRoutes } from '@client/testing/api-stub';
import { adminOrderDetail, refundRequest, packetRoutes } from '@client/testing/builders';
import { fill } from '@client/testing/form';
import { renderWithProviders } from '@client/testing/render';
import { AdminOrderPage } from './admin-order-page';
import { parseDollars, RefundPanel } from '../../features/refunds/refund-panel';

const orderId = 'c1b2c3d4-0000-4000-8000-000000000003';
const requestId = 'f1b2c3d4-0000-4000-8000-0000000000aa';

const team = (overrides: Partial<NonNullable<TRefund['team']>> = {}): NonNullable<TRefund['team']> => ({
  paidCents: 39900,
  refundedCents: 0,
  suggested: { basis: 'minus_fee', cents: 35910, feeCents: 3990, feePercent: 10 },
  exception: null,
  decidedBy: null,
  failureReason: null,
  attempts: 0,
  ...overrides,
});

const refund = (overrides: Partial<TRefund> = {}): TRefund =>
  refundRequest({
    id: requestId,
    reason: 'documents_rejected',
    details: 'The state rejected my passport scan.',
    requestedAt: '2026-11-27T15:00:00.000Z',
    team: team(),
    ...overrides,
  });

const detail = (overrides: Partial<TAdminOrderDetail['order']> = {}): TAdminOrderDetail => ({
  order: {
    ...adminOrderDetail({ id: orderId, status: 'processing', orderAmountPaid: 39900, paidAt: '2026-11-02T12:00:00.000Z' }),
    refund: refund(),
    ...overrides,
  },
  history: [],
});

/** The panel fed by the order's query, as on the page: an answer written to the cache shows at once. */
function Harness() {
  const order = useAdminOrder(orderId);
  return order.data ? <RefundPanel order={order.data.order} /> : null;
}

const orderRoute = 'GET /api/admin/orders/:id';
const decisionRoute = 'POST /api/admin/orders/:id/refund-requests/:requestId/decision';
const retryRoute = 'POST /api/admin/orders/:id/refund-requests/:requestId/retry';

function server(initial: TAdminOrderDetail, routes: ApiRoutes = {}) {
  let current = initial;
  return stubApi({
    [orderRoute]: () => ({ body: current }),
    [decisionRoute]: ({ body }) => {
      const decision = body as { decision: 'approve' | 'decline'; amountCents?: number; note: string; exception: null };
      const answer = refund({
        status: decision.decision === 'approve' ? 'approved' : 'declined',
        amountCents: decision.amountCents ?? null,
        decisionNote: decision.note || null,
        decidedAt: '2026-11-28T10:00:00.000Z',
        dueOn: decision.decision === 'approve' ? '2026-12-12' : null,
        team: team({ decidedBy: 'Erin Admin' }),
      });
      current = { ...current, order: { ...current.order, refund: answer } };
      return { body: { refund: answer } };
    },
    // the provider is asked again: approved until its event arrives
    [retryRoute]: () => {
      const previous = current.order.refund!;
      const answer: TRefund = { ...previous, status: 'approved', team: { ...previous.team!, failureReason: null, attempts: previous.team!.attempts + 1 } };
      current = { ...current, order: { ...current.order, refund: answer } };
      return { body: { refund: answer } };
    },
    ...routes,
  });
}

/** Approve, then confirm in the question that restates the amount. */
async function approveAndConfirm(user: ReturnType<typeof renderPanel>['user'], region: HTMLElement, amount: string) {
  await user.click(within(region).getByRole('button', { name: `Approve and refund ${amount}` }));
  const question = within(region).getByRole('alertdialog', { name: `Refund ${amount}?` });
  await user.click(within(question).getByRole('button', { name: `Refund ${amount}` }));
}

const renderPanel = (language: Language = 'en') => renderWithProviders(<Harness />, { language });
const panel = () => screen.findByRole('region', { name: /^(Refund|Reembolso)$/ });

describe('<RefundPanel> (the administrators’ refund decision)', () => {
  it('shows the request and the rules’ suggestion, and approves the suggested amount', async () => {
    const network = server(detail());
    const { user } = renderPanel();
    const region = await panel();
    expect(region).toHaveTextContent('Refund requested');
    expect(region).toHaveTextContent(/Asked on Nov 27, 2026/);
    expect(region).toHaveTextContent('Reason: My documents were rejected');
    expect(region).toHaveTextContent('In the customer’s words: The state rejected my passport scan.');
    expect(region).toHaveTextContent('Paid $399 · refunded so far $0');
    expect(within(region).getByTestId('refund-suggestion')).toHaveTextContent(
      'The rules suggest $359.10: the amount paid less the 10% processing fee ($39.90).',
    );
    expect(within(region).getByRole('combobox', { name: 'Exception found' })).toHaveValue('');
    expect(within(region).getByRole('textbox', { name: 'Amount to refund, in US dollars' })).toHaveValue('359.10');
    expect(within(region).getByRole('textbox', { name: 'Note (the customer reads it)' })).toHaveAccessibleDescription(
      'Needed when the amount differs from the suggestion, and to decline.',
    );

    await approveAndConfirm(user, region, '$359.10');
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Refund approved'));
    expect(within(region).getByRole('status')).toHaveFocus();
    expect(network.writes()).toMatchObject([
      {
        path: `/api/admin/orders/${orderId}/refund-requests/${requestId}/decision`,
        body: { decision: 'approve', amountCents: 35910, exception: null, note: '', closeOrder: true },
      },
    ]);
    expect(region).toHaveTextContent('Sent to the payment provider; waiting for its confirmation.');
    expect(region).toHaveTextContent('Amount granted: $359.10');
    expect(region).toHaveTextContent(/Decided by Erin Admin on Nov 28, 2026/);
    expect(within(region).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('drops its “approved” line once the provider’s event has moved the refund on', async () => {
    let decided = false;
    const approved = refund({
      status: 'approved',
      amountCents: 35910,
      decidedAt: '2026-11-28T10:00:00.000Z',
      dueOn: '2026-12-12',
      team: team({ decidedBy: 'Erin Admin' }),
    });
    const refunded = detail({
      refundedAt: '2026-11-28T10:00:05.000Z',
      amountRefunded: 35910,
      refund: {
        ...approved,
        status: 'refunded',
        refundedAt: '2026-11-28T10:00:05.000Z',
        creditNote: 'CN-000001',
        team: team({ decidedBy: 'Erin Admin', refundedCents: 35910 }),
      },
    });
    server(detail(), {
      // the event arrived before the page read the order again
      [orderRoute]: () => ({ body: decided ? refunded : detail() }),
      [decisionRoute]: () => {
        decided = true;
        return { body: { refund: approved } };
      },
    });
    const { user } = renderPanel();
    const region = await panel();
    await approveAndConfirm(user, region, '$359.10');
    await waitFor(() => expect(screen.getByTestId('refund-panel')).toHaveAttribute('data-status', 'refunded'));
    expect(within(region).getByRole('status')).not.toHaveTextContent('Refund approved');
    expect(within(region).getByRole('link', { name: 'Credit note CN-000001 (PDF)' })).toBeVisible();
  });

  it('checks the amount and the note before deciding, then declines with the note', async () => {
    const network = server(detail());
    const { user } = renderPanel();
    const region = await panel();
    const amount = within(region).getByRole('textbox', { name: 'Amount to refund, in US dollars' });
    const note = within(region).getByRole('textbox', { name: 'Note (the customer reads it)' });

    await user.clear(amount);
    await fill(user, amount, 'abc');
    await user.click(within(region).getByRole('button', { name: 'Approve a refund' }));
    expect(amount).toHaveAccessibleDescription('Enter an amount above zero, in dollars and cents.');
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await fill(user, amount, '400');
    await user.click(within(region).getByRole('button', { name: 'Approve and refund $400' }));
    expect(amount).toHaveAccessibleDescription('The amount cannot be more than what was paid and not yet refunded.');

    await user.clear(amount);
    await fill(user, amount, '300.50');
    await user.click(within(region).getByRole('button', { name: 'Approve and refund $300.50' }));
    expect(note).toHaveAccessibleDescription(/Say why the amount differs from the suggested one\./);
    expect(note).toHaveFocus();

    await user.click(within(region).getByRole('button', { name: 'Decline' }));
    expect(note).toHaveAccessibleDescription(/Write the reason the customer will read\./);
    expect(network.writes()).toEqual([]);

    await fill(user, note, 'The documents were accepted on the second try.');
    await user.click(within(region).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Refund declined'));
    expect(network.writes()).toMatchObject([{ body: { decision: 'decline', exception: null, note: 'The documents were accepted on the second try.' } }]);
    expect(region).toHaveTextContent('Note (the customer reads it): The documents were accepted on the second try.');
  });

  it('follows the exception: nothing is suggested, and a granted amount needs a note', async () => {
    const network = server(detail());
    const { user } = renderPanel();
    const region = await panel();
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Exception found' }), 'A data mismatch in the application');
    expect(within(region).getByTestId('refund-suggestion')).toHaveTextContent(
      'The rules suggest $0: nothing is owed for this reason; you may still grant an amount, with a note.',
    );
    const amount = within(region).getByRole('textbox', { name: 'Amount to refund, in US dollars' });
    expect(amount).toHaveValue('0.00');
    await user.clear(amount);
    await fill(user, amount, '100');
    await fill(user, within(region).getByRole('textbox', { name: 'Note (the customer reads it)' }), 'A goodwill refund.');
    await approveAndConfirm(user, region, '$100');
    await waitFor(() =>
      expect(network.writes()).toMatchObject([
        { body: { decision: 'approve', amountCents: 10000, exception: 'data_mismatch', note: 'A goodwill refund.', closeOrder: false } },
      ]),
    );
  });

  it('shows the server’s field errors under their fields, and keeps the button busy while it decides', async () => {
    let answer: () => ReturnType<typeof apiError> | 'never' = () =>
      apiError(400, 'validation_failed', 'errors.validation_failed', { amountCents: 'refunds.amountAbovePaid' });
    server(detail(), { [decisionRoute]: () => answer() });
    const { user } = renderPanel();
    const region = await panel();
    await approveAndConfirm(user, region, '$359.10');
    await waitFor(() =>
      expect(within(region).getByRole('textbox', { name: 'Amount to refund, in US dollars' })).toHaveAccessibleDescription(
        'The amount cannot be more than what was paid and not yet refunded.',
      ),
    );

    answer = () => 'never';
    await approveAndConfirm(user, region, '$359.10');
    expect(within(region).getByRole('button', { name: 'Refunding…' })).toHaveAttribute('aria-busy', 'true');
    expect(within(region).getByRole('button', { name: 'Go back' })).toBeDisabled();
  });

  it('shows why the provider refused a refund, and retries it', async () => {
    const failed = refund({
      status: 'failed',
      amountCents: 35910,
      decidedAt: '2026-11-28T10:00:00.000Z',
      dueOn: '2026-12-12',
      team: team({ decidedBy: 'Erin Admin', failureReason: 'charge_already_refunded', attempts: 1 }),
    });
    const network = server(detail({ refund: failed }));
    const { user } = renderPanel();
    const region = await panel();
    expect(region).toHaveTextContent('Refund failed');
    expect(region).toHaveTextContent('The payment provider refused the refund: charge_already_refunded');
    await user.click(within(region).getByRole('button', { name: 'Retry the refund' }));
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Refund approved'));
    expect(network.writes()).toMatchObject([{ path: `/api/admin/orders/${orderId}/refund-requests/${requestId}/retry` }]);
    expect(region).not.toHaveTextContent('charge_already_refunded');
    expect(region).toHaveTextContent('Sent to the payment provider; waiting for its confirmation.');
  });

  it('shows a completed refund with its credit note, and reopens the order it closed', async () => {
    const refunded = refund({
      status: 'refunded',
      amountCents: 35910,
      decidedAt: '2026-11-28T10:00:00.000Z',
      dueOn: '2026-12-12',
      refundedAt: '2026-12-03T15:00:00.000Z',
      creditNote: 'CN-000001',
      team: team({ refundedCents: 35910, decidedBy: 'Erin Admin', attempts: 1 }),
    });
    const network = server(detail({ amountRefunded: 35910, refundedAt: '2026-12-03T15:00:00.000Z', refund: refunded }), {
      'POST /api/admin/orders/:id/reopen': { body: { reopened: true } },
    });
    const { user } = renderPanel();
    const region = await panel();
    expect(region).toHaveTextContent(/Refunded \$359\.10 on Dec 3, 2026/);
    expect(region).toHaveTextContent('Paid $399 · refunded so far $359.10');
    expect(within(region).getByRole('link', { name: 'Credit note CN-000001 (PDF)' })).toHaveAttribute(
      'href',
      `/api/orders/${orderId}/refund-requests/${requestId}/credit-note?lang=en`,
    );
    expect(region).toHaveTextContent('A refund closed this order: its work stopped.');

    await user.click(within(region).getByRole('button', { name: 'Reopen the order' }));
    expect(within(region).getByRole('textbox', { name: 'Why does the order go back to work?' })).toHaveAccessibleDescription(
      'Say why the order goes back to work.',
    );
    await fill(user, within(region).getByRole('textbox', { name: 'Why does the order go back to work?' }), 'The customer found the documents.');
    await user.click(within(region).getByRole('button', { name: 'Reopen the order' }));
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('The order is open again.'));
    expect(network.writes()).toMatchObject([{ path: `/api/admin/orders/${orderId}/reopen`, body: { reason: 'The customer found the documents.' } }]);
  });

  it('reads in Spanish, with the amounts in US dollars said as such', async () => {
    server(detail());
    renderPanel('es');
    const region = await panel();
    expect(within(region).getByTestId('refund-suggestion')).toHaveTextContent(
      'Las reglas sugieren US$359.10: lo pagado menos el cargo por procesamiento del 10% (US$39.90).',
    );
    expect(region).toHaveTextContent('Pagado US$399 · reembolsado hasta ahora US$0');
    expect(within(region).getByRole('button', { name: 'Aprobar y reembolsar US$359.10' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();
  });

  it('is on the order page once a request exists, and not before', async () => {
    const routes = {
      'GET /api/orders/:id/documents': { body: { documents: [] } },
      'GET /api/admin/orders/:id/notes': { body: { notes: [] } },
      ...packetRoutes,
      'GET /api/admin/assignees': { body: { assignees: [] } },
      'GET /api/orders/:id/messages': { body: { messages: [] } },
      'GET /api/admin/orders/:id/identity-views': { body: { views: [] } },
      'GET /api/admin/orders/:id/timeline': { body: { entries: [] } },
    };
    stubApi({ [orderRoute]: { body: detail() }, ...routes });
    const { unmount } = renderWithProviders(<AdminOrderPage orderId={orderId} />);
    expect(await panel()).toHaveTextContent('Refund requested');
    unmount();

    stubApi({ [orderRoute]: { body: detail({ refund: null }) }, ...routes });
    renderWithProviders(<AdminOrderPage orderId={orderId} />);
    await screen.findByRole('region', { name: /Payment/i });
    expect(screen.queryByTestId('refund-panel')).toBeNull();
  });
});

describe('<RefundPanel> asks before money moves', () => {
  it('restates the amount, the card and the consequence; going back sends nothing; a goodwill amount leaves the order open', async () => {
    const network = server(detail());
    const { user } = renderPanel();
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: 'Approve and refund $359.10' }));
    const question = within(region).getByRole('alertdialog', { name: 'Refund $359.10?' });
    expect(question).toHaveAccessibleDescription(
      '$359.10 goes back to the card the customer paid with, through the payment provider. It cannot be undone here. The order closes: its work stops.',
    );
    expect(within(question).getByText('Refund $359.10?')).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Go back' }));
    expect(within(region).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(network.writes()).toEqual([]);

    // another amount: a goodwill refund, the order stays open unless ticked
    const amount = within(region).getByRole('textbox', { name: 'Amount to refund, in US dollars' });
    await user.clear(amount);
    await fill(user, amount, '50');
    await fill(user, within(region).getByRole('textbox', { name: 'Note (the customer reads it)' }), 'For the delay.');
    expect(within(region).getByRole('checkbox', { name: /^Close the order when the refund completes/ })).not.toBeChecked();
    await user.click(within(region).getByRole('button', { name: 'Approve and refund $50' }));
    expect(within(region).getByRole('alertdialog', { name: 'Refund $50?' })).toHaveTextContent('The order stays open and its work goes on.');
    await user.keyboard('{Escape}');
    expect(network.writes()).toEqual([]);
  });

  it('never offers to refund $0: with no amount above zero the button names none and asks for one', async () => {
    const network = server(detail());
    const { user } = renderPanel('es');
    const region = await panel();
    const amount = within(region).getByRole('textbox', { name: /^Monto a reembolsar/ });
    await user.clear(amount);
    await fill(user, amount, '0');
    expect(within(region).queryByRole('button', { name: /US\$0/ })).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Aprobar un reembolso' }));
    expect(amount).toHaveAccessibleDescription('Ingrese un monto mayor que cero, en dólares y centavos.');
    expect(within(region).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(network.writes()).toEqual([]);
  });
});

describe('parseDollars', () => {
  it('reads dollars and cents as cents, and anything else as not a number', () => {
    expect(parseDollars('359.10')).toBe(35910);
    expect(parseDollars(' 1,234.5 ')).toBe(123450);
    expect(parseDollars('$20')).toBe(2000);
    expect(parseDollars('0.1')).toBe(10);
    expect(parseDollars('1.005')).toBeNaN();
    expect(parseDollars('-5')).toBeNaN();
    expect(parseDollars('')).toBeNaN();
  });
});
