import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TSessionUser } from '@shared/auth';
import type { Language } from '@shared/languages';
import type { TOrderDetail, TOrderDocument, TOrderSummary } from '@shared/orders';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer, mexicoCity, orderDetail, partner, packetRoutes } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { markNewAccount } from '@client/features/auth/first-visit';
import { Dashboard } from './dashboard';

const summary = (id: string, status: TOrderSummary['status'], companyName1: string): TOrderSummary => ({
  id,
  companyName1,
  llcState: 'WY',
  status,
  holdReason: null,
  openRequests: 0,
  refunded: false,
  createdAt: '2025-05-02T10:00:00.000Z',
});

const pending = summary('a1b2c3d4-0000-4000-8000-000000000001', 'pending_payment', 'Aurora Ventures LLC');
const processing = summary('b1b2c3d4-0000-4000-8000-000000000002', 'processing', 'Bravo Labs LLC');
const completed = summary('c1b2c3d4-0000-4000-8000-000000000003', 'completed', 'Cielo Trading LLC');
const paid = summary('d1b2c3d4-0000-4000-8000-000000000004', 'paid', 'Delta Studio LLC');

const detailOf = (order: TOrderSummary): TOrderDetail =>
  orderDetail({
    ...order,
    companyName2: `${order.companyName1} Two`,
    companyName3: `${order.companyName1} Three`,
    phone: '+52 55 1234 5678',
    ...mexicoCity,
    partner,
  });

/** One the team gave a kind (named by it in her language, not by the file's name) and one it did not (named by its file) */
const documentsOf: TOrderDocument[] = [
  { id: 'doc-new', kind: 'ein_letter', fileName: 'scan_0042.pdf', createdAt: '2025-05-10T09:00:00.000Z' },
  { id: 'doc-old', kind: 'other', fileName: 'Certificate of Good Standing.pdf', createdAt: '2025-05-05T09:00:00.000Z' },
];

const listRoute = 'GET /api/orders';
const detailRoute = 'GET /api/orders/:id';
const documentsRoute = 'GET /api/orders/:id/documents';

/** The list, plus details and documents for every order in it. */
function api(orders: TOrderSummary[], documents: TOrderDocument[] = documentsOf) {
  return stubApi({
    [listRoute]: { body: { orders } },
    [detailRoute]: ({ params }) => {
      const order = orders.find((candidate) => candidate.id === params.id);
      return order ? { body: { order: detailOf(order) } } : apiError(404, 'not_found', 'errors.not_found');
    },
    [documentsRoute]: { body: { documents } },
    'GET /api/orders/:id/messages': { body: { messages: [] } },
  });
}

const renderDashboard = ({ user = customer, language = 'en' }: { user?: TSessionUser; language?: Language } = {}) =>
  renderWithProviders(<Dashboard user={user} />, { route: '/dashboard', language });

const cardButton = (company: string) => screen.getByRole('button', { name: new RegExp(company) });
const card = (company: string) => cardButton(company).closest('article')!;
const tile = (name: string) => screen.getByTestId(`stat-${name}`).textContent;

describe('<Dashboard>', () => {
  it('shows "Action needed" at the top with the team’s request and its answer form, and marks the card', async () => {
    const asked = { ...processing, openRequests: 1 };
    const network = stubApi({
      [listRoute]: { body: { orders: [asked, completed] } },
      [detailRoute]: ({ params }) => ({ body: { order: detailOf([asked, completed].find((order) => order.id === params.id)!) } }),
      'GET /api/orders/:id/messages': ({ params }) => ({
        body: {
          messages:
            params.id === asked.id
              ? [
                  {
                    id: 'm1',
                    body: '¿Confirma que el propósito es «cualquier actividad lícita»?',
                    fromTeam: true,
                    author: 'Erin',
                    mine: false,
                    createdAt: '2026-11-27T15:30:00.000Z',
                    readAt: null,
                    attachments: [],
                    answered: null,
                    request: { id: 'r1', kind: 'answer', document: null, dueOn: '2026-12-02', status: 'open', closedAt: null },
                  },
                ]
              : [],
        },
      }),
    });
    const { user } = renderDashboard({ language: 'es' });
    const section = await screen.findByRole('region', { name: 'Acción requerida' });
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent('Bravo Labs LLC');
    expect(await within(section).findByText('¿Confirma que el propósito es «cualquier actividad lícita»?')).toBeVisible();
    expect(await within(section).findByTestId('request-card')).toHaveTextContent('Respuesta requerida antes del 2 de diciembre de 2026');
    expect(within(section).getByRole('button', { name: 'Enviar respuesta' })).toBeVisible();
    expect(within(card('Bravo Labs LLC')).getByTestId('action-needed-badge')).toHaveTextContent('Acción requerida');
    expect(within(card('Cielo Trading LLC')).queryByTestId('action-needed-badge')).not.toBeInTheDocument();
    // only the order with a request asks for its thread
    await user.click(within(section).getByRole('button', { name: 'Enviar respuesta' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Escriba un mensaje primero.');
    expect(network.calls.filter((call) => call.pathname.endsWith('/messages')).map((call) => call.params.id)).toEqual([asked.id]);
  });

  it('keeps the thanks where the form was when the live stream reports the answer before the answer’s own response', async () => {
    const request = {
      id: 'r1',
      kind: 'answer' as const,
      document: null,
      dueOn: '2026-12-02',
      status: 'open' as 'open' | 'answered',
      closedAt: null as string | null,
    };
    let orders = [{ ...processing, openRequests: 1 }];
    const asking = {
      id: 'm1',
      body: 'Confirm the purpose, please.',
      fromTeam: true,
      author: 'Erin',
      mine: false,
      createdAt: '2026-11-27T15:30:00.000Z',
      readAt: null,
      attachments: [],
      answered: null,
    };
    let answerReturns = () => {};
    stubApi({
      [listRoute]: () => ({ body: { orders } }),
      [detailRoute]: ({ params }) => ({ body: { order: detailOf(orders.find((order) => order.id === params.id)!) } }),
      'GET /api/orders/:id/messages': () => ({ body: { messages: [{ ...asking, request: { ...request } }] } }),
      'POST /api/orders/:id/messages/read': { body: {} },
      'POST /api/orders/:id/requests/:requestId/answer': async () => {
        // the server closed the request and published it: the page reads the lists again first
        Object.assign(request, { status: 'answered', closedAt: '2026-11-28T10:00:00.000Z' });
        orders = [{ ...processing, openRequests: 0 }];
        await new Promise<void>((resolve) => (answerReturns = resolve));
        return { status: 201, body: { message: { ...asking, id: 'm2', fromTeam: false, mine: true, body: 'Any lawful purpose.' } } };
      },
    });
    const { user, queryClient } = renderDashboard();
    const section = await screen.findByRole('region', { name: 'Action needed' });
    await user.type(await within(section).findByLabelText('Your answer'), 'Any lawful purpose.');
    await user.click(within(section).getByRole('button', { name: 'Send answer' }));
    await queryClient.invalidateQueries();
    expect(await within(section).findByText('Answered')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
    answerReturns();
    const thanks = await within(section).findByText('Thank you: your answer was sent to our team.');
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(within(section).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    expect(within(card('Bravo Labs LLC')).queryByTestId('action-needed-badge')).not.toBeInTheDocument();
    // nothing waits any more: the section no longer says an action is needed
    expect(screen.getByRole('region', { name: 'All done' })).toBe(section);
    expect(screen.queryByRole('heading', { name: 'Action needed' })).not.toBeInTheDocument();
  });

  it('shows no "Action needed" when nothing waits for the customer', async () => {
    api([processing]);
    renderDashboard();
    await screen.findByText('Bravo Labs LLC');
    expect(screen.queryByRole('region', { name: 'Action needed' })).not.toBeInTheDocument();
  });

  it('greets by first name, or generically when the name is blank', async () => {
    api([]);
    const first = renderDashboard();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back, Ana María!$/);
    first.unmount();

    renderDashboard({ user: { ...customer, name: '  ' } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back!$/);
  });

  it('greets a newcomer on the first visit of the account made in this tab, in Spanish too', async () => {
    api([]);
    markNewAccount(customer.id);
    const first = renderDashboard({ language: 'es' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^¡Le damos la bienvenida, Ana María!$/);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('de nuevo');
    first.unmount();
    // another account in the same tab comes back
    renderDashboard({ user: { ...customer, id: 'someone-else' } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back, Ana María!$/);
    sessionStorage.clear();
  });

  it('counts the tiles as docs/product.md, "Order statuses" groups them: paid and processing are both processing', async () => {
    api([pending, processing, completed, paid, summary('e1', 'pending_payment', 'Echo LLC'), summary('f1', 'paid', 'Foxtrot LLC')]);
    renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect([tile('total'), tile('pending'), tile('processing'), tile('completed')]).toEqual(['6', '2', '3', '1']);
  });

  it('opens the order a link names (/dashboard?order=, the payment email), focused, with its receipt', async () => {
    api([pending, paid]);
    renderWithProviders(<Dashboard user={customer} />, { route: `/dashboard?order=${paid.id}` });
    const button = await screen.findByRole('button', { name: /Delta Studio LLC/ });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(button).toHaveFocus());
    expect(within(card('Delta Studio LLC')).getByRole('link', { name: 'Download receipt (PDF)' })).toHaveAttribute('href', `/api/orders/${paid.id}/receipt`);
    expect(cardButton('Aurora Ventures LLC')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows Loading your orders until the list arrives', async () => {
    stubApi({ [listRoute]: 'never' });
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading your orders$/);
    // no tiles, and no current order, until there is something to count or show
    expect(screen.queryByTestId('stat-total')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-now')).not.toBeInTheDocument();
  });

  it('shows the empty state with a way to the first order', async () => {
    api([]);
    renderDashboard();
    await screen.findByRole('heading', { name: 'No orders yet' });
    expect(screen.getByRole('link', { name: 'Create your first LLC' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('link', { name: 'New Order' })).toHaveAttribute('href', '/order');
    expect(screen.queryByTestId('stat-total')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-now')).not.toBeInTheDocument();
  });

  it('shows Failed to load your orders, and Try Again asks the server again', async () => {
    const network = stubApi({ [listRoute]: { status: 500 } });
    const { user } = renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your orders');

    network.on(listRoute, { body: { orders: [pending] } });
    network.on(detailRoute, { body: { order: detailOf(pending) } });
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(network.count(listRoute)).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows each card with company, state, order number, date and status badge', async () => {
    api([pending]);
    renderDashboard();
    const button = await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(button).toHaveTextContent('Wyoming');
    expect(button).toHaveTextContent('Order #A1B2C3D4');
    expect(button).toHaveTextContent('May 2, 2025');
    expect(within(button).getByText('Pending Payment')).toHaveAttribute('data-status', 'pending_payment');
  });

  it('shows the next step for each status', async () => {
    api([pending, processing, completed, paid]);
    renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });

    const pay = within(card('Aurora Ventures LLC')).getByRole('link', { name: 'Proceed to Payment' });
    expect(pay).toHaveAttribute('href', `/checkout?orderId=${pending.id}`);

    expect(within(card('Bravo Labs LLC')).getByTestId('order-next-step')).toHaveTextContent(/^Your order is in progress\. Status: In Process$/);
    expect(within(card('Delta Studio LLC')).getByTestId('order-next-step')).toHaveTextContent(/^Your order is in progress\. Status: Paid$/);
    expect(within(card('Cielo Trading LLC')).getByTestId('order-next-step')).toHaveTextContent(/^Order completed: your LLC has been formed/);
    for (const company of ['Bravo Labs LLC', 'Delta Studio LLC', 'Cielo Trading LLC']) {
      expect(within(card(company)).queryByRole('link', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
    }
  });

  it('offers the PDF receipt of every paid order, and none before payment', async () => {
    api([pending, processing, completed, paid]);
    renderDashboard({ language: 'es' });
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(within(card('Aurora Ventures LLC')).queryByRole('link', { name: /recibo/i })).not.toBeInTheDocument();
    for (const order of [processing, completed, paid]) {
      const link = within(card(order.companyName1)).getByRole('link', { name: 'Descargar recibo (PDF)' });
      expect(link).toHaveAttribute('href', `/api/orders/${order.id}/receipt`);
      expect(link).toHaveAttribute('download');
    }
  });

  it('keeps at most one card open', async () => {
    api([pending, processing]);
    const { user } = renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    const expanded = () => [cardButton('Aurora Ventures LLC'), cardButton('Bravo Labs LLC')].map((b) => b.getAttribute('aria-expanded'));
    expect(expanded()).toEqual(['false', 'false']);

    await user.click(cardButton('Aurora Ventures LLC'));
    expect(expanded()).toEqual(['true', 'false']);
    await user.click(cardButton('Bravo Labs LLC'));
    expect(expanded()).toEqual(['false', 'true']);
    await user.click(cardButton('Bravo Labs LLC'));
    expect(expanded()).toEqual(['false', 'false']);
  });

  it('keeps the keyboard on the card opened by Enter or a click, while its details and their texts load', async () => {
    api([pending, processing]);
    const { user } = renderDashboard({ language: 'es' });
    const bravo = await screen.findByRole('button', { name: /Bravo Labs LLC/ });
    bravo.focus();
    await user.keyboard('{Enter}');
    expect(bravo).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(document.getElementById(bravo.getAttribute('aria-controls')!)).not.toHaveTextContent(/Cargando/));
    expect(cardButton('Bravo Labs LLC')).toBe(bravo);
    expect(bravo).toHaveFocus();
    await user.click(cardButton('Aurora Ventures LLC'));
    const aurora = cardButton('Aurora Ventures LLC');
    await waitFor(() => expect(document.getElementById(aurora.getAttribute('aria-controls')!)).not.toHaveTextContent(/Cargando/));
    expect(cardButton('Aurora Ventures LLC')).toHaveFocus();
  });

  it('fetches details and documents on the first expansion only, and not again on re-open', async () => {
    const network = api([pending, processing]);
    const { user } = renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    // the current order's state leads the page: the newest open order's detail, read at once
    await screen.findByTestId('order-now');
    expect(network.calls.map((call) => call.path)).toEqual(['/api/orders', `/api/orders/${pending.id}`]);

    await user.click(cardButton('Bravo Labs LLC'));
    await within(card('Bravo Labs LLC')).findByText('EIN confirmation letter (IRS CP 575)');
    expect(
      network.calls
        .slice(2)
        .map((call) => call.path)
        .sort(),
    ).toEqual([`/api/orders/${processing.id}`, `/api/orders/${processing.id}/documents`, `/api/orders/${processing.id}/messages`]);

    await user.click(cardButton('Bravo Labs LLC')); // close
    await user.click(cardButton('Aurora Ventures LLC')); // opening another closes nothing twice
    await user.click(cardButton('Bravo Labs LLC')); // reopen
    expect(within(card('Bravo Labs LLC')).getByText('EIN confirmation letter (IRS CP 575)')).toBeVisible();
    expect(network.count(`GET /api/orders/${processing.id}`)).toBe(1);
    expect(network.count(`GET /api/orders/${processing.id}/documents`)).toBe(1);
  });

  it('shows the details of an expanded order, with private file links that open in a new tab', async () => {
    api([pending]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Aurora Ventures LLC/ }));
    const region = screen.getByRole('region', { name: /Aurora Ventures LLC/ });
    expect(cardButton('Aurora Ventures LLC')).toHaveAttribute('aria-controls', region.id);

    // what she typed is folded away under the step she has to take; one click opens it
    const fold = await within(region).findByText('Your order as you entered it, and the payment');
    expect(within(region).getByText('Av. Reforma 100', { exact: false })).not.toBeVisible();
    await user.click(fold);
    expect(within(region).getByText('Av. Reforma 100', { exact: false })).toBeVisible();
    for (const text of [
      'Aurora Ventures LLC Two',
      'Aurora Ventures LLC Three',
      'ana@example.com',
      '+52 55 1234 5678',
      'Mexican',
      'Luis Gómez',
      'luis@example.com',
      '$399',
    ]) {
      expect(within(region).getByText(text)).toBeVisible();
    }
    const passport = within(region).getByRole('link', { name: /Passport/ });
    expect(passport).toHaveAttribute('href', `/api/orders/${pending.id}/identity/passport`);
    expect(passport).toHaveAttribute('target', '_blank');
    expect(within(region).queryByRole('link', { name: /SSN document/ })).not.toBeInTheDocument();

    // each named by what it is, in her language, with what it is for; one without a kind by its file name
    const list = await within(region).findByTestId('customer-documents');
    const documents = within(list).getAllByRole('link');
    expect(documents.map((link) => link.textContent)).toEqual([
      'EIN confirmation letter (IRS CP 575)(opens in a new tab)',
      'Certificate of Good Standing.pdf(opens in a new tab)',
    ]);
    expect(list).toHaveTextContent('The IRS’s letter with your LLC’s tax number (EIN).');
    expect(list).toHaveTextContent('A document our team added to your order.');
    expect(list).not.toHaveTextContent('scan_0042.pdf');
    expect(documents[0]).toHaveAttribute('href', '/api/documents/doc-new/file');
    expect(documents[1]).toHaveAttribute('href', '/api/documents/doc-old/file');
    expect(documents[0]).toHaveAttribute('target', '_blank');
    expect(documents[0]).toHaveAttribute('rel', 'noopener');
  });

  it('shows the progress of an expanded paid order: the steps so far with dates, the next one and the expected window', async () => {
    stubApi({
      [listRoute]: { body: { orders: [paid] } },
      [detailRoute]: {
        body: {
          order: {
            ...detailOf(paid),
            paidAt: '2025-05-02T10:05:00.000Z',
            milestones: [
              { milestone: 'order_received', occurredOn: '2025-05-02', note: null },
              { milestone: 'payment_received', occurredOn: '2025-05-02', note: null },
            ],
          },
        },
      },
      [documentsRoute]: { body: { documents: [] } },
      'GET /api/orders/:id/messages': { body: { messages: [] } },
      ...packetRoutes,
    });
    const { user } = renderDashboard({ language: 'es' });
    await user.click(await screen.findByRole('button', { name: /Delta Studio LLC/ }));
    const progress = await within(screen.getByRole('region', { name: /Delta Studio LLC/ })).findByRole('region', { name: 'Avance' });
    expect(within(progress).getAllByRole('listitem')[1]).toHaveTextContent('Pago recibido · 2 may 2025');
    expect(within(progress).getByRole('listitem', { current: 'step' })).toHaveTextContent('Presentada ante el estado: Siguiente');
    expect(progress).toHaveTextContent('En su caso, suele tardar de 2 a 4 semanas');
    expect(progress).toHaveTextContent('entre el 16 y el 30 de mayo de 2025');
  });

  it('puts the company details first in the card when completing them is her next step, and in their place once nothing is asked', async () => {
    const stateOf = (next: TOrderDetail['state']['next']) => ({
      ...detailOf(paid),
      paidAt: '2025-05-02T10:05:00.000Z',
      state: { stage: 'details_needed', next, refundOpen: false },
    });
    for (const [next, first] of [
      ['complete_details', 'filing-section'],
      ['none', 'progress'],
    ] as const) {
      stubApi({
        [listRoute]: { body: { orders: [paid] } },
        [detailRoute]: { body: { order: stateOf(next) } },
        [documentsRoute]: { body: { documents: [] } },
        'GET /api/orders/:id/messages': { body: { messages: [] } },
        ...packetRoutes,
      });
      const { user, unmount, queryClient } = renderDashboard();
      await user.click(await screen.findByRole('button', { name: /Delta Studio LLC/ }));
      const region = screen.getByRole('region', { name: /Delta Studio LLC/ });
      const filing = await within(region).findByTestId('filing-section');
      const progress = within(region).getByRole('region', { name: 'Progress' });
      const order = filing.compareDocumentPosition(progress) & Node.DOCUMENT_POSITION_FOLLOWING ? 'filing-section' : 'progress';
      expect({ next, first: order }).toEqual({ next, first });
      unmount();
      queryClient.clear();
    }
  });

  it('says when an order has no documents yet', async () => {
    api([completed], []);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Cielo Trading LLC/ }));
    expect(await within(screen.getByRole('region', { name: /Cielo Trading LLC/ })).findByText(/^No documents yet/)).toBeVisible();
  });

  it('shows Failed to load order details and Failed to load documents inside the card', async () => {
    const network = stubApi({
      [listRoute]: { body: { orders: [pending] } },
      [detailRoute]: { status: 500 },
      [documentsRoute]: { status: 500 },
      'GET /api/orders/:id/messages': { body: { messages: [] } },
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Aurora Ventures LLC/ }));
    const region = screen.getByRole('region', { name: /Aurora Ventures LLC/ });
    expect(await within(region).findByText('Failed to load order details')).toBeVisible();
    expect(await within(region).findByText('Failed to load documents')).toBeVisible();

    network.on(detailRoute, { body: { order: detailOf(pending) } });
    const [retryDetails] = within(region).getAllByRole('button', { name: 'Try Again' });
    await user.click(retryDetails!);
    await user.click(await within(region).findByText('Your order as you entered it, and the payment'));
    expect(await within(region).findByText('Luis Gómez')).toBeVisible();
    // only the details were asked again
    expect(within(region).getByText('Failed to load documents')).toBeVisible();
    expect(network.count(documentsRoute)).toBe(1);
  });

  it('opens a card from the keyboard', async () => {
    api([pending]);
    const { user } = renderDashboard();
    const button = await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the account and the quick actions in the side panel', async () => {
    api([]);
    renderDashboard();
    const account = screen.getByRole('region', { name: 'Your account' });
    for (const text of ['Ana María Pérez', 'ana@example.com', 'Active Member']) expect(within(account).getByText(text)).toBeVisible();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    const links = within(actions)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Start New LLC Formation', '/order'],
      ['Take State Quiz', '/state-quiz'],
      ['Get Support', '/jv-support'],
      ['Security and privacy', '/dashboard/security'],
    ]);
    // settle the list request before the test ends
    await screen.findByRole('heading', { name: 'No orders yet' });
  });

  it('links support with her only order chosen, so the form knows what she asks about', async () => {
    api([pending]);
    renderDashboard();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    await waitFor(() => expect(within(actions).getByRole('link', { name: 'Get Support' })).toHaveAttribute('href', `/jv-support?order=${pending.id}`));
  });

  it('speaks Spanish: labels, status, dates and country names', async () => {
    api([pending]);
    const { user } = renderDashboard({ language: 'es' });
    const button = await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^¡Hola de nuevo, Ana María!$/);
    expect(screen.getByRole('heading', { name: 'Mis pedidos' })).toBeVisible();
    expect(button).toHaveTextContent('Pedido n.º A1B2C3D4');
    expect(button).toHaveTextContent('2 may 2025');
    expect(within(button).getByText('Pago pendiente')).toHaveAttribute('data-status', 'pending_payment');
    expect(within(card('Aurora Ventures LLC')).getByRole('link', { name: 'Proceder al pago' })).toHaveAttribute('href', `/checkout?orderId=${pending.id}`);

    await user.click(button);
    const region = screen.getByRole('region', { name: /Aurora Ventures LLC/ });
    await user.click(await within(region).findByText('Su pedido tal como lo ingresó, y el pago'));
    expect(await within(region).findByText('Mexicana')).toBeVisible();
    expect(within(region).getByRole('link', { name: /Pasaporte/ })).toHaveAttribute('href', `/api/orders/${pending.id}/identity/passport`);
    expect(within(region).getAllByText('México')).toHaveLength(2); // the address's country and the partner's
    expect(within(region).getByRole('heading', { name: 'Documentos de su LLC' })).toBeVisible();
  });

  it('staggers the cards 100 ms apart', async () => {
    api([pending, processing, completed]);
    renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(screen.getAllByTestId('order-card').map((item) => item.style.animationDelay)).toEqual(['0ms', '100ms', '200ms']);
  });
});
