import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOrderDetail, TOrderDocument, TOrderSummary } from '@shared/orders';
import { stubFetch } from '../testing/fetch-stub';
import { customer, renderDashboard } from '../testing/render-dashboard';

afterEach(() => vi.unstubAllGlobals());

const summary = (id: string, status: TOrderSummary['status'], companyName1: string): TOrderSummary => ({
  id,
  companyName1,
  llcState: 'WY',
  status,
  createdAt: '2025-05-02T10:00:00.000Z',
});

const pending = summary('a1b2c3d4-0000-4000-8000-000000000001', 'pending_payment', 'Aurora Ventures LLC');
const processing = summary('b1b2c3d4-0000-4000-8000-000000000002', 'processing', 'Bravo Labs LLC');
const completed = summary('c1b2c3d4-0000-4000-8000-000000000003', 'completed', 'Cielo Trading LLC');
const paid = summary('d1b2c3d4-0000-4000-8000-000000000004', 'paid', 'Delta Studio LLC');

const detailOf = (order: TOrderSummary): TOrderDetail => ({
  ...order,
  companyName2: `${order.companyName1} Two`,
  companyName3: `${order.companyName1} Three`,
  organizerName: 'Ana María Pérez',
  email: 'ana@example.com',
  phone: '+52 55 1234 5678',
  addressLine1: 'Av. Reforma 100',
  addressCity: 'Ciudad de México',
  addressState: 'CDMX',
  addressZip: '06600',
  addressCountry: 'Mexico',
  nationality: 'Mexican',
  orderAmount: 39900,
  orderDiscount: 0,
  orderAmountPaid: null,
  documents: { ssnDoc: false, passport: true, otherId: false },
  partner: { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '+52 55 0000 0000', country: 'Mexico', address: 'Calle 5, Guadalajara' },
});

const documentsOf: TOrderDocument[] = [
  { id: 'doc-new', fileName: 'EIN Letter.pdf', createdAt: '2025-05-10T09:00:00.000Z' },
  { id: 'doc-old', fileName: 'Articles of Organization.pdf', createdAt: '2025-05-05T09:00:00.000Z' },
];

/** The list, plus details and documents for every order in it. */
function api(orders: TOrderSummary[], documents: TOrderDocument[] = documentsOf) {
  return stubFetch({
    '/api/orders': { body: { orders } },
    ...Object.fromEntries(orders.flatMap((order) => [
      [`/api/orders/${order.id}`, { body: { order: detailOf(order) } }],
      [`/api/orders/${order.id}/documents`, { body: { documents } }],
    ])),
  });
}

const cardButton = (company: string) => screen.getByRole('button', { name: new RegExp(company) });
const card = (company: string) => cardButton(company).closest('article')!;
const tile = (name: string) => screen.getByTestId(`stat-${name}`).textContent;

describe('<Dashboard>', () => {
  it('greets by first name, or generically when the name is blank', async () => {
    api([]);
    const first = renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ana!' })).toBeTruthy();
    first.unmount();

    renderDashboard({ user: { ...customer, name: '  ' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeTruthy();
  });

  it('counts the tiles as SPEC section 4 groups them: paid and processing are both processing', async () => {
    api([pending, processing, completed, paid, summary('e1', 'pending_payment', 'Echo LLC'), summary('f1', 'paid', 'Foxtrot LLC')]);
    renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect([tile('total'), tile('pending'), tile('processing'), tile('completed')]).toEqual(['6', '2', '3', '1']);
  });

  it('shows Loading your orders until the list arrives', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    renderDashboard();
    expect(screen.getByRole('status').textContent).toBe('Loading your orders');
    expect(tile('total')).toBe('–');
  });

  it('shows the empty state with a way to the first order', async () => {
    api([]);
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your First LLC' }).getAttribute('href')).toBe('/order');
    expect(screen.getByRole('link', { name: 'New Order' }).getAttribute('href')).toBe('/order');
    expect([tile('total'), tile('pending'), tile('processing'), tile('completed')]).toEqual(['0', '0', '0', '0']);
  });

  it('shows Failed to load your orders, and Try Again asks the server again', async () => {
    const network = stubFetch({ '/api/orders': { status: 500 } });
    const { user } = renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load your orders')).toBeTruthy();

    network.set('/api/orders', { body: { orders: [pending] } });
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /Aurora Ventures LLC/ })).toBeTruthy();
    expect(network.count('/api/orders')).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows each card with company, state, order number, date and status badge', async () => {
    api([pending]);
    renderDashboard();
    const button = await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(button.textContent).toContain('Wyoming');
    expect(button.textContent).toContain('Order #A1B2C3D4');
    expect(button.textContent).toContain('May 2, 2025');
    expect(within(button).getByText('Pending Payment').dataset.status).toBe('pending_payment');
  });

  it('shows the next step for each status', async () => {
    api([pending, processing, completed, paid]);
    renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });

    const pay = within(card('Aurora Ventures LLC')).getByRole('link', { name: 'Proceed to Payment' });
    expect(pay.getAttribute('href')).toBe(`/checkout?orderId=${pending.id}`);

    expect(within(card('Bravo Labs LLC')).getByTestId('order-next-step').textContent).toBe('Your order is in progress. Status: In Process');
    expect(within(card('Delta Studio LLC')).getByTestId('order-next-step').textContent).toBe('Your order is in progress. Status: Paid');
    expect(within(card('Cielo Trading LLC')).getByTestId('order-next-step').textContent).toMatch(/^Order completed: your LLC has been formed/);
    for (const company of ['Bravo Labs LLC', 'Delta Studio LLC', 'Cielo Trading LLC']) {
      expect(within(card(company)).queryByRole('link', { name: 'Proceed to Payment' })).toBeNull();
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

  it('fetches details and documents on the first expansion only, and not again on re-open', async () => {
    const network = api([pending, processing]);
    const { user } = renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(network.calls).toEqual(['/api/orders']);

    await user.click(cardButton('Aurora Ventures LLC'));
    await within(card('Aurora Ventures LLC')).findByText('Ana María Pérez');
    await within(card('Aurora Ventures LLC')).findByText('EIN Letter.pdf');
    expect(network.calls.slice(1).sort()).toEqual([`/api/orders/${pending.id}`, `/api/orders/${pending.id}/documents`]);

    await user.click(cardButton('Aurora Ventures LLC')); // close
    await user.click(cardButton('Bravo Labs LLC')); // opening another closes nothing twice
    await user.click(cardButton('Aurora Ventures LLC')); // reopen
    expect(within(card('Aurora Ventures LLC')).getByText('Ana María Pérez')).toBeTruthy();
    expect(network.count(`/api/orders/${pending.id}`)).toBe(1);
    expect(network.count(`/api/orders/${pending.id}/documents`)).toBe(1);
    expect(network.count(`/api/orders/${processing.id}`)).toBe(1);
  });

  it('shows the details of an expanded order, with private file links that open in a new tab', async () => {
    api([pending]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Aurora Ventures LLC/ }));
    const region = screen.getByRole('region', { name: /Aurora Ventures LLC/ });
    expect(cardButton('Aurora Ventures LLC').getAttribute('aria-controls')).toBe(region.id);

    await within(region).findByText('Av. Reforma 100', { exact: false });
    for (const text of ['Aurora Ventures LLC Two', 'Aurora Ventures LLC Three', 'ana@example.com', '+52 55 1234 5678', 'Mexican', 'Luis Gómez', 'luis@example.com', '$399']) {
      expect(within(region).getByText(text)).toBeTruthy();
    }
    const passport = within(region).getByRole('link', { name: /Passport/ });
    expect(passport.getAttribute('href')).toBe(`/api/orders/${pending.id}/identity/passport`);
    expect(passport.getAttribute('target')).toBe('_blank');
    expect(within(region).queryByRole('link', { name: /SSN document/ })).toBeNull();

    const documents = await within(region).findAllByRole('link', { name: /\.pdf/ });
    expect(documents.map((link) => link.textContent)).toEqual(['EIN Letter.pdf(opens in a new tab)', 'Articles of Organization.pdf(opens in a new tab)']);
    expect(documents[0]!.getAttribute('href')).toBe('/api/documents/doc-new/file');
    expect(documents[0]!.getAttribute('target')).toBe('_blank');
    expect(documents[0]!.getAttribute('rel')).toBe('noopener');
  });

  it('says when an order has no documents yet', async () => {
    api([completed], []);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Cielo Trading LLC/ }));
    expect(await screen.findByText(/^No documents yet/)).toBeTruthy();
  });

  it('shows Failed to load order details and Failed to load documents inside the card', async () => {
    const network = stubFetch({
      '/api/orders': { body: { orders: [pending] } },
      [`/api/orders/${pending.id}`]: { status: 500 },
      [`/api/orders/${pending.id}/documents`]: { status: 500 },
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Aurora Ventures LLC/ }));
    const region = screen.getByRole('region', { name: /Aurora Ventures LLC/ });
    expect(await within(region).findByText('Failed to load order details')).toBeTruthy();
    expect(await within(region).findByText('Failed to load documents')).toBeTruthy();

    network.set(`/api/orders/${pending.id}`, { body: { order: detailOf(pending) } });
    const [retryDetails] = within(region).getAllByRole('button', { name: 'Try Again' });
    await user.click(retryDetails!);
    expect(await within(region).findByText('Luis Gómez')).toBeTruthy();
    expect(within(region).getByText('Failed to load documents')).toBeTruthy();
  });

  it('opens a card from the keyboard', async () => {
    api([pending]);
    const { user } = renderDashboard();
    const button = await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the account and the quick actions in the side panel', async () => {
    api([]);
    renderDashboard();
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(within(account).getByText('Ana María Pérez')).toBeTruthy();
    expect(within(account).getByText('ana@example.com')).toBeTruthy();
    expect(within(account).getByText('Active Member')).toBeTruthy();
    const actions = screen.getByRole('navigation', { name: 'Quick Actions' });
    const links = within(actions).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Start New LLC Formation', '/order'],
      ['Take State Quiz', '/state-quiz'],
      ['Get Support', '/jv-support'],
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeTruthy());
  });

  it('speaks Spanish: labels, status, dates and country names', async () => {
    api([pending]);
    const { user } = renderDashboard({ language: 'es' });
    const button = await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(screen.getByRole('heading', { level: 1, name: '¡Bienvenido de nuevo, Ana!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mis pedidos' })).toBeTruthy();
    expect(button.textContent).toContain('Pedido #A1B2C3D4');
    expect(button.textContent).toContain('2 may 2025');
    expect(within(button).getByText('Pago pendiente')).toBeTruthy();
    expect(within(card('Aurora Ventures LLC')).getByRole('link', { name: 'Proceder al pago' })).toBeTruthy();

    await user.click(button);
    const region = screen.getByRole('region', { name: /Aurora Ventures LLC/ });
    expect(await within(region).findByText('Mexicana')).toBeTruthy();
    expect(within(region).getByText('Pasaporte')).toBeTruthy();
    expect(within(region).getByText('México')).toBeTruthy(); // the partner's country
    expect(within(region).getByText('Documentos de tu LLC')).toBeTruthy();
  });

  it('staggers the cards 100 ms apart', async () => {
    api([pending, processing, completed]);
    renderDashboard();
    await screen.findByRole('button', { name: /Aurora Ventures LLC/ });
    expect(screen.getAllByTestId('order-card').map((item) => item.style.animationDelay)).toEqual(['0ms', '100ms', '200ms']);
  });
});
