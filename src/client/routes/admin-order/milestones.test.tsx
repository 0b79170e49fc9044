import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminOrderDetail } from '@shared/admin';
import { apiError, stubApi, type ApiRequest, type ApiRoute } from '@client/testing/api-stub';
import { orderDetail, packetRoutes } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { AdminOrderPage } from './admin-order-page';

const id = 'e1b2c3d4-0000-4000-8000-000000000005';
const base: TAdminOrderDetail = {
  order: {
    ...orderDetail({
      id,
      status: 'paid',
      nationality: 'US',
      paidAt: '2025-05-02T10:05:00.000Z',
    }),
    milestones: [
      { milestone: 'order_received', occurredOn: '2025-05-02', note: null, recordedBy: null },
      { milestone: 'payment_received', occurredOn: '2025-05-02', note: null, recordedBy: null },
    ],
    paymentId: 'cs_test_1',
    holdReleasedAt: null,
    holdReleasedBy: null,
    termsVersion: null,
    termsAcceptedAt: null,
    customer: { id: 'user-1', name: 'Ana María Pérez', email: 'ana@example.com' },
    paymentReview: false,
    assignee: null,
    impliedStatus: 'paid',
    statusOverride: false,
    customerLanguage: 'es',
    messageTemplates: [],
  },
  history: [],
};
const route = 'POST /api/admin/orders/:id/milestones';

function api(reply: ApiRoute, initial: TAdminOrderDetail = base) {
  let detail = initial;
  const network = stubApi({
    'GET /api/admin/orders/:id': () => ({ body: detail }),
    'GET /api/orders/:id/documents': { body: { documents: [] } },
    'GET /api/admin/orders/:id/notes': { body: { notes: [] } },
    ...packetRoutes,
    'GET /api/admin/assignees': { body: { assignees: [{ id: 'admin-2', name: 'Luis Gómez' }] } },
    'GET /api/orders/:id/messages': { body: { messages: [] } },
    'GET /api/admin/orders/:id/identity-views': { body: { views: [] } },
    'GET /api/admin/orders/:id/timeline': { body: { entries: [] } },
    [route]: async (request) => {
      const answer = typeof reply === 'function' ? await reply(request) : reply;
      if (answer !== 'never' && (answer.status ?? 200) === 200) {
        const body = request.body as { milestone: 'filed_with_state'; occurredOn: string; note?: string };
        detail = {
          ...detail,
          order: {
            ...detail.order,
            milestones: [
              ...detail.order.milestones,
              { milestone: body.milestone, occurredOn: body.occurredOn, note: body.note ?? null, recordedBy: 'Erin Reviewer' },
            ],
          },
        };
      }
      return answer;
    },
  });
  return network;
}

const renderPage = (language: 'en' | 'es' = 'en') =>
  renderWithProviders(<AdminOrderPage orderId={id} />, { route: `/admin/orders/${id}`, path: '/admin/orders/:id', language });
const panel = async () => (await screen.findByRole('form', { name: 'Record a milestone' })).closest('section') ?? document.body;

describe('<MilestonesPanel> on the admin order page', () => {
  it('shows the timeline, records the next milestone with its date and note, and shows it once saved', async () => {
    const network = api(({ body }: ApiRequest) => ({ body: { milestone: { ...(body as object), note: 'Filed online' }, changed: true } }));
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Record a milestone' });
    expect(within(await panel()).getAllByRole('listitem')[1]).toHaveTextContent('Payment received · May 2, 2025 · automatically');
    // the next milestone is chosen already, and no EIN field for it
    expect(within(form).getByRole('combobox', { name: 'Milestone' })).toHaveDisplayValue('Filed with the state');
    expect(within(form).queryByRole('textbox', { name: /EIN/ })).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Date'));
    await user.type(within(form).getByLabelText('Date'), '2025-05-03');
    await user.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), 'Filed online');
    await user.click(within(form).getByRole('button', { name: 'Record milestone' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Filed with the state recorded. The customer is emailed the first time only.');
    expect(network.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { milestone: 'filed_with_state', occurredOn: '2025-05-03', note: 'Filed online' },
    ]);
    const timeline = within(await panel()).getByTestId('milestone-timeline');
    expect(await within(timeline).findByText('Filed online')).toBeVisible();
    expect(within(timeline).getAllByRole('listitem')[2]).toHaveTextContent('Filed with the state · May 3, 2025 · by Erin ReviewerFiled online');
    expect(within(form).getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('');
    // ready for the next step, not the one just saved (saving that again would overwrite it)
    expect(within(form).getByRole('combobox', { name: 'Milestone' })).toHaveDisplayValue('Approved by the state');
  });

  it('asks before replacing a recorded milestone, naming it and its date; keeping it sends nothing', async () => {
    const filed = { milestone: 'filed_with_state' as const, occurredOn: '2025-05-03', note: null, recordedBy: 'Erin Reviewer' };
    const network = api(({ body }: ApiRequest) => ({ body: { milestone: { ...(body as object), note: null }, changed: true } }), {
      ...base,
      order: { ...base.order, milestones: [...base.order.milestones, filed] },
    });
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Record a milestone' });
    expect(within(form).getByRole('combobox', { name: 'Milestone' })).toHaveDisplayValue('Approved by the state');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Milestone' }), 'filed_with_state');
    await user.click(within(form).getByRole('button', { name: 'Record milestone' }));
    const ask = within(form).getByRole('alertdialog');
    expect(ask).toHaveTextContent('Filed with the state is already recorded (on 2025-05-03). Saving replaces it; the customer is not emailed again.');
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(network.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Record milestone' }));
    await user.click(within(form).getByRole('button', { name: 'Replace the recorded milestone' }));
    await within(form).findByRole('status');
    expect(network.calls.filter((call) => call.method === 'POST').map((call) => (call.body as { milestone: string }).milestone)).toEqual(['filed_with_state']);
  });

  it('asks for the EIN only for EIN issued, and shows the server’s field error in Spanish', async () => {
    const network = api(apiError(400, 'validation_failed', 'errors.validation_failed', { ein: 'admin.milestones.invalidEin' }));
    const { user } = renderPage('es');
    const form = await screen.findByRole('form', { name: 'Registrar un hito' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Hito' }), 'ein_issued');
    const einInput = within(form).getByRole('textbox', { name: /EIN/ });
    await user.type(einInput, '12-345');
    await user.click(within(form).getByRole('button', { name: 'Registrar hito' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Ingrese el EIN con nueve dígitos: dos, un guion y siete.');
    expect(einInput).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { milestone: 'ein_issued', occurredOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ein: '12-345' },
    ]);
  });

  it('says so when the milestone was already recorded with the same values', async () => {
    api(({ body }: ApiRequest) => ({ body: { milestone: { ...(body as object), note: null }, changed: false } }));
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Record a milestone' });
    await user.click(within(form).getByRole('button', { name: 'Record milestone' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Filed with the state was already recorded with these values; nothing changed.');
  });
});
