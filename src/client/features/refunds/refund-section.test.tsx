import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/languages';
import type { TOrderDetail } from '@shared/orders';
import type { TRefund } from '@shared/refunds';
import { useOrder } from '@client/lib/api/orders';
import { apiError, stubApi } from '@client/testing/api-stub';
import { orderDetail, refundRequest } from '@client/testing/builders';
import { fill } from '@client/testing/form';
import { renderWithProviders } from '@client/testing/render';
import { RefundSection } from './refund-section';

const orderId = 'a1b2c3d4-0000-4000-8000-000000000001';
const requestId = 'f1b2c3d4-0000-4000-8000-0000000000aa';

const refund = (overrides: Partial<TRefund> = {}): TRefund => refundRequest({ id: requestId, ...overrides });

const paidOrder = (overrides: Partial<TOrderDetail> = {}) =>
  orderDetail({ id: orderId, status: 'processing', orderAmountPaid: 39900, paidAt: '2026-11-02T12:00:00.000Z', ...overrides });

/** The section as the order's details show it: fed by the order's query, so an answer written to the cache shows. */
function Harness() {
  const order = useOrder(orderId);
  return order.data ? <RefundSection order={order.data} /> : null;
}

const orderRoute = 'GET /api/orders/:id';
const requestRoute = 'POST /api/orders/:id/refund-requests';
const withdrawRoute = 'POST /api/orders/:id/refund-requests/:requestId/withdraw';

/** The order, as the server holds it; the writes change it. */
function server(initial: TOrderDetail) {
  let order = initial;
  return stubApi({
    [orderRoute]: () => ({ body: { order } }),
    [requestRoute]: ({ body }) => {
      const answer = refund({ ...(body as { reason: TRefund['reason']; details: string }), requestedAt: '2026-11-27T15:00:00.000Z' });
      order = { ...order, refund: answer };
      return { status: 201, body: { refund: answer } };
    },
    [withdrawRoute]: () => {
      const answer = refund({ status: 'withdrawn' });
      order = { ...order, refund: answer };
      return { body: { refund: answer } };
    },
  });
}

const renderSection = (language: Language = 'en') => renderWithProviders(<Harness />, { language });

describe('<RefundSection> (the money-back guarantee on a paid order)', () => {
  it('asks for a reason before sending, sends the reason and the words, and then shows the request in review', async () => {
    const network = server(paidOrder());
    const { user } = renderSection();
    const section = await screen.findByRole('region', { name: 'Money-back guarantee' });
    expect(section).toHaveTextContent('If we cannot deliver your LLC and EIN');

    await user.click(within(section).getByRole('button', { name: 'Request a refund' }));
    const group = within(section).getByRole('group', { name: /What happened\?/ });
    const firstChoice = within(group).getByRole('radio', { name: 'The state refused the company' });
    expect(firstChoice).toHaveFocus();
    expect(within(section).getByText(/The guarantee returns 100%/)).toBeInTheDocument();
    expect(within(section).getByText('0 of 1,000 characters')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Send the request' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Choose what happened.');
    expect(firstChoice).toHaveFocus();
    expect(network.writes()).toEqual([]);

    await user.click(within(group).getByRole('radio', { name: 'The IRS did not issue the EIN' }));
    expect(within(section).queryByRole('alert')).toBeNull();
    await fill(user, within(section).getByLabelText('Tell us more (optional)'), 'The IRS rejected the SS-4 twice.');
    await user.click(within(section).getByRole('button', { name: 'Send the request' }));

    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Your refund request was sent. We will email you our decision.'));
    expect(within(section).getByRole('status')).toHaveFocus();
    expect(network.writes()).toMatchObject([
      { method: 'POST', path: `/api/orders/${orderId}/refund-requests`, body: { reason: 'ein_not_issued', details: 'The IRS rejected the SS-4 twice.' } },
    ]);
    expect(within(section).getByTestId('refund-state')).toHaveTextContent('Refund requested');
    expect(section).toHaveTextContent('Requested on November 27, 2026 · The IRS did not issue the EIN');
    expect(section).toHaveTextContent('Our team is reviewing your request.');
    expect(within(section).queryByRole('button', { name: 'Request a refund' })).toBeNull();
    expect(within(section).queryByRole('group')).toBeNull();
  });

  it('shows the server’s refusal in the form, and Cancel closes it with the focus back on its button', async () => {
    stubApi({ [orderRoute]: { body: { order: paidOrder() } }, [requestRoute]: apiError(409, 'conflict', 'refunds.alreadyOpen') });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Request a refund' }));
    await user.click(screen.getByRole('radio', { name: 'I changed my mind' }));
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order already has a refund request in progress.');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request a refund' })).toHaveFocus());
  });

  it('shows the server’s field error under its field', async () => {
    stubApi({
      [orderRoute]: { body: { order: paidOrder() } },
      [requestRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { details: 'refunds.detailsTooLong' }),
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Request a refund' }));
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await fill(user, screen.getByLabelText('Tell us more (optional)'), 'Too long, the server says.');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.getByLabelText('Tell us more (optional)')).toHaveAccessibleDescription(/Write at most 1,000 characters\./));
  });

  it('withdraws a request in review, and then offers to ask again', async () => {
    const network = server(paidOrder({ refund: refund({ reason: 'documents_rejected' }) }));
    const { user } = renderSection();
    const section = await screen.findByRole('region', { name: 'Money-back guarantee' });
    expect(section).toHaveTextContent('Requested on November 20, 2026 · My documents were rejected');

    await user.click(within(section).getByRole('button', { name: 'Withdraw the request' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('You withdrew your refund request.'));
    expect(within(section).getByRole('status')).toHaveFocus();
    expect(network.writes()).toMatchObject([{ method: 'POST', path: `/api/orders/${orderId}/refund-requests/${requestId}/withdraw` }]);
    expect(within(section).queryByTestId('refund-state')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Request a refund' })).toBeInTheDocument();
  });

  it('keeps Withdraw busy while it is on its way', async () => {
    stubApi({ [orderRoute]: { body: { order: paidOrder({ refund: refund() }) } }, [withdrawRoute]: 'never' });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Withdraw the request' }));
    expect(screen.getByRole('button', { name: 'Withdrawing…' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows an approved refund (and a refused attempt the same way) with the amount and the day it reaches the card', async () => {
    stubApi({
      [orderRoute]: {
        body: { order: paidOrder({ refund: refund({ status: 'failed', amountCents: 35910, decidedAt: '2026-11-27T15:00:00.000Z', dueOn: '2026-12-11' }) }) },
      },
    });
    renderSection();
    const state = await screen.findByTestId('refund-state');
    expect(state).toHaveTextContent('Refund approved');
    expect(state).toHaveTextContent('$359.10 will reach your card by December 11, 2026.');
    expect(state).not.toHaveTextContent(/refused|failed/i);
    expect(screen.queryByRole('button', { name: 'Request a refund' })).toBeNull();
  });

  it('shows why a request was declined, and the button to ask again', async () => {
    stubApi({
      [orderRoute]: {
        body: {
          order: paidOrder({
            refund: refund({
              status: 'declined',
              reason: 'changed_mind',
              decisionNote: 'The company was already formed.',
              decidedAt: '2026-11-27T15:00:00.000Z',
            }),
          }),
        },
      },
    });
    renderSection();
    const state = await screen.findByTestId('refund-state');
    expect(state).toHaveTextContent('Refund declined');
    expect(state).toHaveTextContent('Why: The company was already formed.');
    expect(screen.getByText('You can send a new request if something changed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a refund' })).toBeInTheDocument();
  });

  const refunded = paidOrder({
    amountRefunded: 35910,
    refundedAt: '2026-12-03T15:00:00.000Z',
    refund: refund({
      status: 'refunded',
      reason: 'documents_rejected',
      amountCents: 35910,
      decidedAt: '2026-11-27T15:00:00.000Z',
      dueOn: '2026-12-11',
      refundedAt: '2026-12-03T15:00:00.000Z',
      creditNote: 'CN-000001',
    }),
  });

  it('shows a refunded order with its credit note, in the interface language, and no new request', async () => {
    stubApi({ [orderRoute]: { body: { order: refunded } } });
    renderSection();
    const state = await screen.findByTestId('refund-state');
    expect(state).toHaveTextContent('Refunded');
    expect(state).toHaveTextContent('Refunded $359.10 on December 3, 2026');
    expect(within(state).getByRole('link', { name: 'Credit note CN-000001 (PDF)' })).toHaveAttribute(
      'href',
      `/api/orders/${orderId}/refund-requests/${requestId}/credit-note?lang=en`,
    );
    expect(screen.queryByRole('button', { name: 'Request a refund' })).toBeNull();
  });

  it('reads in Spanish, with the amounts in US dollars said as such', async () => {
    stubApi({ [orderRoute]: { body: { order: refunded } } });
    renderSection('es');
    const section = await screen.findByRole('region', { name: 'Garantía de devolución del dinero' });
    expect(section).toHaveTextContent('Reembolsado US$359.10 el 3 de diciembre de 2026');
    expect(section).not.toHaveTextContent(/(^|[^S])\$/);
    expect(within(section).getByRole('link', { name: 'Nota de crédito CN-000001 (PDF)' })).toHaveAttribute(
      'href',
      `/api/orders/${orderId}/refund-requests/${requestId}/credit-note?lang=es`,
    );
  });

  it('says in Spanish when an approved amount reaches the card', async () => {
    stubApi({ [orderRoute]: { body: { order: paidOrder({ refund: refund({ status: 'approved', amountCents: 35910, dueOn: '2026-12-11' }) }) } } });
    renderSection('es');
    expect(await screen.findByTestId('refund-state')).toHaveTextContent('US$359.10 llegará a su tarjeta a más tardar el 11 de diciembre de 2026.');
  });

  it('offers only the reasons the order’s milestones leave possible: none about the state or the EIN once both were issued', async () => {
    const milestone = (name: TOrderDetail['milestones'][number]['milestone']) => ({ milestone: name, occurredOn: '2026-11-20', note: null });
    stubApi({
      [orderRoute]: {
        body: {
          order: paidOrder({
            milestones: ['order_received', 'payment_received', 'filed_with_state', 'state_approved', 'ein_requested', 'ein_issued'].map((name) =>
              milestone(name as TOrderDetail['milestones'][number]['milestone']),
            ),
            ein: '123456789',
          }),
        },
      },
    });
    const { user } = renderSection('es');
    await user.click(await screen.findByRole('button', { name: 'Solicitar un reembolso' }));
    const group = screen.getByRole('group', { name: /¿Qué ocurrió\?/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Cambié de opinión', 'Otro']);
    expect(within(group).queryByRole('radio', { name: 'El IRS no emitió el EIN' })).toBeNull();
    // the first choice still takes the focus
    expect(within(group).getByRole('radio', { name: 'Cambié de opinión' })).toHaveFocus();
  });

  it('previews what the chosen reason would return, with the fee, by the server’s rule, before anything is sent', async () => {
    const network = server(paidOrder({ refundFeePercent: 10 }));
    const { user } = renderSection('es');
    await user.click(await screen.findByRole('button', { name: 'Solicitar un reembolso' }));
    expect(screen.queryByTestId('refund-preview')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'El estado rechazó la empresa' }));
    expect(screen.getByTestId('refund-preview')).toHaveTextContent('Recibiría US$399, todo lo que pagó.');
    await user.click(screen.getByRole('radio', { name: 'Rechazaron mis documentos' }));
    expect(screen.getByTestId('refund-preview')).toHaveTextContent(
      'Recibiría US$359.10: los US$399 que pagó menos un cargo por procesamiento de US$39.90 (10%).',
    );
    await user.click(screen.getByRole('radio', { name: 'Cambié de opinión' }));
    expect(screen.getByTestId('refund-preview')).toHaveTextContent('La garantía no cubre este motivo');
    expect(network.writes()).toEqual([]);
  });

  it('shows the team’s note on an approved or refunded request, not only in the email', async () => {
    const note = 'We refund the state fee as well.';
    stubApi({
      [orderRoute]: {
        body: {
          order: paidOrder({
            refund: refund({ status: 'approved', amountCents: 39900, dueOn: '2026-12-11', decisionNote: note, decidedAt: '2026-11-27T15:00:00.000Z' }),
          }),
        },
      },
    });
    renderSection();
    expect(await screen.findByTestId('refund-state')).toHaveTextContent(`From our team: ${note}`);
  });

  it('shows the team’s note and the net amount paid once refunded', async () => {
    stubApi({ [orderRoute]: { body: { order: { ...refunded, refund: { ...refunded.refund!, decisionNote: 'Le devolvemos lo pagado menos el cargo.' } } } } });
    renderSection('es');
    const section = await screen.findByRole('region', { name: 'Garantía de devolución del dinero' });
    expect(within(section).getByTestId('refund-state')).toHaveTextContent('De nuestro equipo: Le devolvemos lo pagado menos el cargo.');
    expect(within(section).getByTestId('net-paid')).toHaveTextContent('Usted pagó US$399; se le reembolsaron US$359.10, así que en total pagó US$39.90.');
  });
});
