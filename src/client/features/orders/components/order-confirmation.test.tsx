import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOrderDetail } from '@shared/orders';
import { renderAt, stubFetch } from '../test-support';
import { OrderConfirmation } from './order-confirmation';

const order: TOrderDetail = {
  id: '3f2a9c1b-77d0-4c55-9a53-0c8b2b1e9f10',
  status: 'pending_payment',
  createdAt: '2026-08-10T12:00:00.000Z',
  llcState: 'WY',
  companyName1: 'Sunrise Ventures LLC',
  companyName2: 'Sunrise Labs LLC',
  companyName3: 'Sunrise Holdings LLC',
  organizerName: 'Ana María Pérez',
  email: 'ana@example.com',
  phone: null,
  addressLine1: 'Calle Mayor 5',
  addressCity: 'Madrid',
  addressState: 'Madrid',
  addressZip: '28013',
  addressCountry: 'Spain',
  nationality: 'Spanish',
  orderAmount: 39900,
  orderDiscount: 0,
  orderAmountPaid: null,
  documents: { ssnDoc: false, passport: true, otherId: false },
  partner: { fullName: 'Luis Gómez', email: 'luis@example.mx', phone: '+52 55 1234 5678', country: 'Mexico', address: 'Av. Reforma 1, CDMX' },
};

function renderConfirmation(id = order.id) {
  return renderAt(`/order/confirm?orderId=${id}`, [{ path: '/order/confirm', element: <OrderConfirmation orderId={id} /> }]);
}

/** The value beside a label, inside one summary section. */
const row = (section: string, label: string) => within(screen.getByRole('region', { name: section })).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('<OrderConfirmation>', () => {
  it('loads the order by id and shows the read-only summary with the total and the way to pay', async () => {
    const fetch = stubFetch({ status: 200, body: { order } });
    renderConfirmation();
    expect(screen.getByRole('status').textContent).toContain('Loading your order');
    expect(await screen.findByRole('heading', { name: 'Review your order' })).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe(`/api/orders/${order.id}`);

    expect(screen.getByTestId('order-number').textContent).toBe('Order #3F2A9C1B');
    expect(screen.getByText('Pending Payment')).toBeTruthy();
    expect(row('Company', 'State').textContent).toBe('Wyoming (WY)');
    expect(within(row('Company', 'Name choices')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Sunrise Ventures LLC', 'Sunrise Labs LLC', 'Sunrise Holdings LLC']);
    expect(row('Contact', 'Organizer full name').textContent).toBe('Ana María Pérez');
    expect(row('Mailing address', 'Country').textContent).toBe('Spain');
    expect(row('Identity', 'Nationality').textContent).toBe('Spanish');
    expect(row('Identity', 'SSN proof document').textContent).toBe('Not uploaded');
    expect(row('Identity', 'Passport').textContent).toBe('Uploaded');
    expect(row('Partner', 'Full name').textContent).toBe('Luis Gómez');
    expect(row('Partner', 'Country').textContent).toBe('Mexico');
    expect(screen.getByTestId('order-total').textContent).toBe('$399');
    expect(screen.getByRole('link', { name: /Proceed to Payment/ }).getAttribute('href')).toBe(`/checkout?orderId=${order.id}`);
    expect(screen.getByRole('link', { name: /Go to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });

  it('says when there is no partner, and offers no payment for an order already paid', async () => {
    stubFetch({ status: 200, body: { order: { ...order, partner: null, status: 'paid' } } });
    renderConfirmation();
    expect(await screen.findByText('No partner added')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Proceed to Payment/ })).toBeNull();
  });

  it('shows not found for an order that is not the user’s', async () => {
    stubFetch({ status: 404, body: { error: { code: 'not_found', message: 'errors.not_found' } } });
    renderConfirmation('someone-elses');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new order' }).getAttribute('href')).toBe('/order');
  });

  it('offers Try Again when loading fails, and recovers', async () => {
    stubFetch({ status: 503, body: { error: { code: 'unavailable', message: 'errors.unavailable' } } }, { status: 200, body: { order } });
    const { user } = renderConfirmation();
    expect(await screen.findByRole('heading', { name: 'We could not load this order.' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Review your order' })).toBeTruthy();
  });
});
