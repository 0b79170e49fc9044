import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminOrderPage, TAdminOrderRow } from '@shared/admin';
import { countCap, filteredCountCap } from '@shared/list-counts';
import { apiError, stubApi, type ApiRoute } from '@client/testing/api-stub';
import { renderWithProviders, type RenderOptions } from '@client/testing/render';
import { AdminOrdersPage } from './admin-orders-page';

const row = (id: string, organizerName: string, overrides: Partial<TAdminOrderRow> = {}): TAdminOrderRow => ({
  id,
  organizerName,
  email: `${organizerName.split(' ')[0]!.toLowerCase()}@example.com`,
  nationality: 'PE',
  companyName1: 'Andes Trading LLC',
  holdReason: null,
  orderAmountPaid: null,
  status: 'pending_payment',
  llcState: 'WY',
  paymentReview: false,
  openRequests: 0,
  refundRequestedAt: null,
  assignee: null,
  stage: 'awaiting_payment',
  createdAt: '2025-05-02T10:00:00.000Z',
  ...overrides,
});
const ana = row('a0000000-0000-4000-8000-000000000001', 'Ana María Pérez', {
  orderAmountPaid: 39900,
  status: 'paid',
  nationality: 'MX',
  paymentReview: true,
  stage: 'filed',
});
const luis = row('b0000000-0000-4000-8000-000000000002', 'Luis Gómez', { holdReason: 'sanctioned_nationality', companyName1: 'Habana Trading LLC' });
const page = (orders: TAdminOrderRow[], total = orders.length, nextCursor: string | null = null) => ({
  body: { orders, total, counts: null, countCap, nextCursor } satisfies TAdminOrderPage,
});

const listRoute = 'GET /api/admin/orders';
/** The list answers every query with `route`; there are no payments to review (payment-reviews-panel.test.tsx). */
const api = (route: ApiRoute) =>
  stubApi({ [listRoute]: route, 'GET /api/admin/payment-reviews': { body: { reviews: [] } }, 'GET /api/admin/assignees': { body: { assignees: [] } } });
const renderList = (options: RenderOptions = {}) => renderWithProviders(<AdminOrdersPage />, { route: '/admin/orders', path: '/admin/orders', ...options });

describe('<AdminOrdersPage> (/admin/orders)', () => {
  it('lists the orders in a table (cards on phones): order number, company, organizer, LLC state, nationality, status, date', async () => {
    api(() => page([ana, luis], 2));
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders');

    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '',
      'Andes Trading LLC',
      'Ana María Pérezana@example.com',
      'Wyoming',
      'Mexican',
      'PaidPayment to reviewFiled with Wyoming: waiting for its approval',
      'May 2, 2025',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'A0000000' })).toHaveAttribute('href', `/admin/orders/${ana.id}`);
    // an order held for review, and one with a payment to review
    expect(within(rows[1]!).getAllByRole('cell')[5]).toHaveTextContent(/^Pending PaymentHeld for reviewAwaiting payment$/);
    // the stage under the badges, as the order page says it: on the phone's cards too
    expect(within(screen.getByTestId('order-cards')).getAllByTestId('order-stage-line')[0]).toHaveTextContent('Filed with Wyoming: waiting for its approval');
    expect(within(screen.getByTestId('order-cards')).getByText('B0000000 · Habana Trading LLC')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('order-cards'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/admin/orders/${ana.id}`, `/admin/orders/${luis.id}`]);
    expect(screen.getByTestId('orders-total')).toHaveTextContent(/^2 in total$/);
  });

  it('opens an order when its row is clicked', async () => {
    api(() => page([ana]));
    const { user, location } = renderList();
    await user.click(within(await screen.findByTestId('order-row')).getByText('ana@example.com'));
    expect(location()).toBe(`/admin/orders/${ana.id}`);
  });

  it('sends the search to the server once typing pauses, keeps it in the URL, and says when nothing matches', async () => {
    const network = api(({ query }) => (query.has('q') ? page([]) : page([ana, luis])));
    const { user, location } = renderList();
    await screen.findAllByTestId('order-row');

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'ZoË Q');
    // debounced: one request for the whole word, none per keystroke
    await waitFor(() => expect(network.paths(listRoute)).toEqual(['/api/admin/orders', '/api/admin/orders?q=Zo%C3%8B+Q']));
    expect(location()).toBe('/admin/orders?q=Zo%C3%8B+Q');
    expect(await screen.findByText('No orders match your search.')).toBeVisible();
    expect(screen.queryByText(/No orders yet/)).not.toBeInTheDocument();
    expect(screen.getByTestId('orders-total')).toHaveTextContent(/^0 matches$/);

    // clearing the search asks for the whole list again (from the cache: no new request needed)
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/admin/orders'));
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
  });

  it('starts from the search in the URL (reload, back)', async () => {
    const network = api(() => page([luis], 1));
    renderList({ route: '/admin/orders?q=peruvian' });
    await screen.findAllByTestId('order-row');
    expect(network.paths(listRoute)).toEqual(['/api/admin/orders?q=peruvian']);
    expect(screen.getByRole('searchbox')).toHaveValue('peruvian');
    expect(screen.getByTestId('orders-total')).toHaveTextContent(/^1 match$/);
  });

  it('counts matches in Spanish with the right plural: 1 coincidencia, 2 coincidencias', async () => {
    api(({ query }) => (query.get('q') === 'guatemal' ? page([luis], 1) : page([ana, luis], 2)));
    renderList({ route: '/admin/orders?q=guatemal', language: 'es' });
    await screen.findAllByTestId('order-row');
    expect(screen.getByTestId('orders-total')).toHaveTextContent(/^1 coincidencia$/);
  });

  it('counts many matches in Spanish in the plural', async () => {
    api(() => page([ana, luis], 2));
    renderList({ route: '/admin/orders?q=perez', language: 'es' });
    await screen.findAllByTestId('order-row');
    expect(screen.getByTestId('orders-total')).toHaveTextContent(/^2 coincidencias$/);
  });

  it('shows admin.noOrders when there are no orders at all', async () => {
    api(() => page([]));
    renderList();
    expect(await screen.findByText('No orders yet. New orders appear here as soon as customers place them.')).toBeVisible();
    expect(screen.queryByText('No orders match your search.')).not.toBeInTheDocument();
  });

  it('shows the red Failed to load orders box, and Try Again asks again', async () => {
    let fail = true;
    api(() => (fail ? apiError(500, 'internal', 'errors.internal') : page([ana])));
    const { user } = renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load orders');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
  });

  it('says "10,000+" for a count at the cap, in the total, the paging line and the status tabs, in both languages', async () => {
    const capped = { ...page([ana], 10_000, 'CURSOR-1').body, counts: { pending_payment: 12, paid: 10_000, processing: 9_999, completed: 10_000 } };
    for (const language of ['en', 'es'] as const) {
      api(() => ({ body: capped }));
      const { unmount } = renderList({ language });
      await screen.findAllByTestId('order-row');
      expect(screen.getByTestId('orders-total')).toHaveTextContent(language === 'en' ? /^10,000\+ in total$/ : /^10,000\+ en total$/);
      expect(screen.getByText(language === 'en' ? 'Showing 1 of 10,000+' : 'Mostrando 1 de 10,000+')).toBeVisible();
      const tabs = within(screen.getByTestId('status-tabs'));
      // "All" sums to more than the cap: still "10,000+"; a count under it reads exactly
      expect(tabs.getAllByText('10,000+')).toHaveLength(3);
      expect(tabs.getByText('9,999')).toBeVisible();
      expect(tabs.getByText('12')).toBeVisible();
      unmount();
    }
  });

  it('says "1,000+" when a filtered list reached its lower cap, in both languages', async () => {
    const searched = { ...page([ana], filteredCountCap, 'CURSOR-1').body, countCap: filteredCountCap };
    for (const language of ['en', 'es'] as const) {
      api(() => ({ body: searched }));
      const { unmount } = renderList({ language });
      await screen.findAllByTestId('order-row');
      expect(screen.getByText(language === 'en' ? 'Showing 1 of 1,000+' : 'Mostrando 1 de 1,000+')).toBeVisible();
      expect(screen.getByTestId('orders-total')).toHaveTextContent(/^1,000\+ /);
      unmount();
    }
  });

  it('loads the next page with the cursor', async () => {
    const network = api(({ query }) => (query.has('cursor') ? page([luis], 2) : page([ana], 2, 'CURSOR-1')));
    const { user } = renderList();
    await screen.findAllByTestId('order-row');
    expect(screen.getByText('Showing 1 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(network.paths(listRoute)).toEqual(['/api/admin/orders', '/api/admin/orders?cursor=CURSOR-1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    api(() => page([ana]));
    renderList({ language: 'es' });
    const [first] = await screen.findAllByTestId('order-row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '',
      'Andes Trading LLC',
      'Ana María Pérezana@example.com',
      'Wyoming',
      'Mexicana',
      'PagadoPago por revisarPresentado ante Wyoming: esperando su aprobación',
      '2 may 2025',
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Pedidos$/);
  });

  it('offers every order of the filter once all shown are ticked: asks the server for them (at most 500), with the filter', async () => {
    const matching = Array.from({ length: 120 }, (_, i) => `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const network = stubApi({
      [listRoute]: () => page([ana, luis], 120, 'CURSOR-1'),
      'GET /api/admin/payment-reviews': { body: { reviews: [] } },
      'GET /api/admin/assignees': { body: { assignees: [] } },
      'GET /api/admin/orders/ids': { body: { ids: matching, total: 120 } },
    });
    const { user } = renderList({ language: 'es', route: '/admin/orders?status=paid' });
    await screen.findAllByTestId('order-row');
    expect(screen.queryByTestId('select-matching')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('orders-table')).getByRole('checkbox', { name: 'Seleccionar todos los pedidos mostrados' }));
    const offer = screen.getByTestId('select-matching');
    expect(offer).toHaveTextContent('Los 2 pedidos mostrados están seleccionados.');
    await user.click(within(offer).getByRole('button', { name: 'Seleccionar los 120 pedidos de este filtro' }));
    expect(await screen.findByTestId('bulk-bar')).toHaveTextContent('122 pedidos seleccionados');
    expect(network.paths('GET /api/admin/orders/ids')).toEqual(['/api/admin/orders/ids?status=paid']);
    expect(screen.queryByTestId('select-matching')).not.toBeInTheDocument();
  });

  it('above 500 matches offers the first 500, and says so when the server fails', async () => {
    stubApi({
      [listRoute]: () => page([ana, luis], 1_234, 'CURSOR-1'),
      'GET /api/admin/payment-reviews': { body: { reviews: [] } },
      'GET /api/admin/assignees': { body: { assignees: [] } },
      'GET /api/admin/orders/ids': apiError(500, 'internal', 'errors.internal'),
    });
    const { user } = renderList();
    await screen.findAllByTestId('order-row');
    await user.click(within(screen.getByTestId('orders-table')).getByRole('checkbox', { name: 'Select every order shown' }));
    await user.click(screen.getByRole('button', { name: 'Select the first 500 (the most at once)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders of this filter could not be selected.');
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('2 orders selected');
  });

  it('selects orders (one, then every one shown), sets their status in bulk and reports the one that failed, which stays selected', async () => {
    const network = stubApi({
      [listRoute]: () => page([ana, luis], 2),
      'GET /api/admin/payment-reviews': { body: { reviews: [] } },
      'GET /api/admin/assignees': { body: { assignees: [{ id: 'u1', name: 'Luis Gómez' }] } },
      'POST /api/admin/orders/bulk': {
        body: {
          results: [
            { orderId: ana.id, outcome: 'changed' },
            { orderId: luis.id, outcome: 'failed', error: 'admin.orderNotFound' },
          ],
        },
      },
    });
    const { user } = renderList({ language: 'es' });
    const rows = await screen.findAllByTestId('order-row');
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('checkbox', { name: 'Seleccionar el pedido A0000000' }));
    const bar = screen.getByTestId('bulk-bar');
    expect(bar).toHaveTextContent('1 pedido seleccionado');
    const all = within(screen.getByTestId('orders-table')).getByRole('checkbox', { name: 'Seleccionar todos los pedidos mostrados' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(bar).toHaveTextContent('2 pedidos seleccionados');
    expect(within(bar).getByRole('link', { name: 'Exportar la selección (CSV)' })).toHaveAttribute(
      'href',
      `/api/admin/orders/export.csv?ids=${ana.id}%2C${luis.id}&lang=es`,
    );
    await user.selectOptions(within(bar).getByLabelText('Acción'), 'Cambiar el estado');
    await user.selectOptions(within(bar).getByLabelText('Nuevo estado'), 'En proceso');
    await user.click(within(bar).getByRole('button', { name: 'Aplicar a 2 pedidos' }));
    const report = await within(bar).findByTestId('bulk-report');
    expect(report).toHaveTextContent('Cambiados: 1 · ya estaban así: 0 · con error: 1');
    expect(report).toHaveTextContent('B0000000: Pedido no encontrado');
    await waitFor(() => expect(report).toHaveFocus());
    expect(network.writes().map((call) => call.body)).toEqual([{ orderIds: [ana.id, luis.id], action: { type: 'status', status: 'processing' } }]);
    // the failed one stays selected, to try again
    expect(bar).toHaveTextContent('1 pedido seleccionado');
    expect(within(rows[1]!).getByRole('checkbox')).toBeChecked();
    expect(within(rows[0]!).getByRole('checkbox')).not.toBeChecked();
  });
});
