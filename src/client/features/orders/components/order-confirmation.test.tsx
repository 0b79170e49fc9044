import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@client/testing/api-stub';
import { madridCompany } from '@shared/testing/sample-order';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { OrderConfirmation } from './order-confirmation';

const order = orderDetail({
  id: '3f2a9c1b-77d0-4c55-9a53-0c8b2b1e9f10',
  createdAt: '2026-08-10T12:00:00.000Z',
  ...madridCompany,
  partner: { fullName: 'Luis Gómez', email: 'luis@example.mx', phone: '+523312345678', country: 'MX', address: 'Av. Reforma 1, CDMX' },
});
const orderRoute = 'GET /api/orders/:id';

function renderConfirmation(id = order.id) {
  return renderWithProviders(<OrderConfirmation orderId={id} />, { route: `/order/confirm?orderId=${id}` });
}

/** The value beside a label, inside one summary section. */
const row = (section: string, label: string) =>
  within(screen.getByRole('region', { name: section })).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('<OrderConfirmation>', () => {
  it('loads the order by id and shows the read-only summary with the total and the way to pay', async () => {
    const api = stubApi({ [orderRoute]: { body: { order } } });
    renderConfirmation();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order');
    await screen.findByRole('heading', { name: 'Review your order' });
    expect(api.paths(orderRoute)).toEqual([`/api/orders/${order.id}`]);

    expect(screen.getByTestId('order-number')).toHaveTextContent(/^Order #3F2A9C1B$/);
    expect(screen.getByText('Pending Payment')).toHaveAttribute('data-status', 'pending_payment');
    expect(row('Company', 'State').textContent).toBe('Wyoming (WY)');
    expect(
      within(row('Company', 'Name choices'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sunrise Ventures LLC', 'Sunrise Labs LLC', 'Sunrise Holdings LLC']);
    expect(row('Contact', 'Organizer full name').textContent).toBe('Ana María Pérez');
    expect(row('Mailing address', 'Country').textContent).toBe('Spain');
    expect(within(screen.getByRole('region', { name: 'Mailing address' })).queryByText('Address line 2')).not.toBeInTheDocument();
    expect(row('Identity', 'Nationality (country of citizenship)').textContent).toBe('Spanish');
    expect(row('Identity', 'Passport').textContent).toBe('Uploaded');
    // a Spaniard has no SSN to prove, and the optional photo ID was not sent: neither is listed
    const identity = within(screen.getByRole('region', { name: 'Identity' }));
    expect(identity.queryByText('SSN proof document')).not.toBeInTheDocument();
    expect(identity.queryByText('Other photo ID (optional)')).not.toBeInTheDocument();
    expect(row('Partner', 'Full name').textContent).toBe('Luis Gómez');
    expect(row('Partner', 'Country').textContent).toBe('Mexico');
    // stored in E.164, shown in international format
    expect(row('Partner', 'Phone').textContent).toBe('+52 33 1234 5678');
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^\$399$/);
    expect(screen.getByRole('link', { name: /Proceed to Payment/ })).toHaveAttribute('href', `/checkout?orderId=${order.id}`);
    expect(screen.getByRole('link', { name: /Go to dashboard/ })).toHaveAttribute('href', '/dashboard');
    // still unpaid: it can be fixed or discarded
    expect(screen.getByRole('link', { name: 'Edit order' })).toHaveAttribute('href', `/order?edit=${order.id}`);
    expect(screen.getByRole('button', { name: 'Discard order' })).toBeVisible();
  });

  it('lists the identity documents of the nationality: the required one even when missing, an optional one once sent', async () => {
    stubApi({ [orderRoute]: { body: { order: { ...order, nationality: 'US', documents: { ssnDoc: false, passport: false, otherId: true } } } } });
    renderConfirmation();
    await screen.findByRole('heading', { name: 'Review your order' });
    const identity = within(screen.getByRole('region', { name: 'Identity' }));
    expect(identity.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Nationality (country of citizenship)',
      'SSN proof document',
      'Other photo ID (optional)',
    ]);
    expect(row('Identity', 'SSN proof document').textContent).toBe('Not uploaded');
    expect(row('Identity', 'Other photo ID (optional)').textContent).toBe('Uploaded');
  });

  it('has a Change link per section, named after it, to its wizard step, while the order is unpaid', async () => {
    stubApi({ [orderRoute]: { body: { order } } });
    renderConfirmation();
    await screen.findByRole('heading', { name: 'Review your order' });
    const edit = `/order?edit=${order.id}&step=`;
    expect(screen.getByRole('link', { name: 'Change company details' })).toHaveAttribute('href', `${edit}company`);
    expect(screen.getByRole('link', { name: 'Change contact details' })).toHaveAttribute('href', `${edit}contact`);
    expect(screen.getByRole('link', { name: 'Change mailing address' })).toHaveAttribute('href', `${edit}address`);
    expect(screen.getByRole('link', { name: 'Change identity details' })).toHaveAttribute('href', `${edit}verification`);
    expect(screen.getByRole('link', { name: 'Change partner details' })).toHaveAttribute('href', `${edit}verification`);
    // the word seen is only "Change"; the rest is for screen readers
    expect(within(screen.getByRole('region', { name: 'Company' })).getByRole('link')).toHaveTextContent(/^Change company details$/);
    expect(within(screen.getByRole('region', { name: 'Company' })).getByText('company details')).toHaveClass('sr-only');
  });

  it('names each Change link after its section in Spanish', async () => {
    stubApi({ [orderRoute]: { body: { order } } });
    renderWithProviders(<OrderConfirmation orderId={order.id} />, { route: `/order/confirm?orderId=${order.id}`, language: 'es' });
    expect(await screen.findByRole('link', { name: 'Cambiar los datos de la empresa' })).toHaveAttribute('href', `/order?edit=${order.id}&step=company`);
    expect(screen.getByRole('link', { name: 'Cambiar la dirección postal' })).toBeVisible();
  });

  it('offers no Change link for a paid order', async () => {
    stubApi({ [orderRoute]: { body: { order: { ...order, status: 'paid', paidAt: '2026-08-10T13:00:00.000Z' } } } });
    renderConfirmation();
    await screen.findByRole('heading', { name: 'Review your order' });
    expect(screen.queryByRole('link', { name: /^Change/ })).not.toBeInTheDocument();
  });

  it('shows the second address line only when there is one', async () => {
    stubApi({ [orderRoute]: { body: { order: { ...order, addressLine2: 'Piso 14, Col. Lomas Altas' } } } });
    renderConfirmation();
    await screen.findByRole('heading', { name: 'Review your order' });
    expect(row('Mailing address', 'Address line 2').textContent).toBe('Piso 14, Col. Lomas Altas');
  });

  it('says when there is no partner, and offers no payment for an order already paid', async () => {
    stubApi({ [orderRoute]: { body: { order: { ...order, partner: null, status: 'paid', paidAt: '2026-08-10T13:00:00.000Z' } } } });
    renderConfirmation();
    expect(await within(await screen.findByRole('region', { name: 'Partner' })).findByText('No partner added')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-actions')).not.toBeInTheDocument();
  });

  it('offers no payment for an order held for review (a sanctioned nationality), and says why', async () => {
    stubApi({ [orderRoute]: { body: { order: { ...order, nationality: 'CU', holdReason: 'sanctioned_nationality' } } } });
    renderConfirmation();
    expect(await screen.findByTestId('order-held')).toHaveTextContent(/reviewing this order before payment because of US sanctions/);
    expect(screen.queryByRole('link', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to dashboard/ })).toBeVisible();
  });

  it('shows not found for an order that is not the user’s', async () => {
    stubApi({ [orderRoute]: apiError(404, 'not_found', 'errors.not_found') });
    renderConfirmation('someone-elses');
    await screen.findByRole('heading', { name: 'Order not found' });
    expect(screen.getByRole('link', { name: 'Start a new order' })).toHaveAttribute('href', '/order');
  });

  it('offers Try Again when loading fails, and recovers', async () => {
    const api = stubApi({ [orderRoute]: apiError(503, 'unavailable', 'errors.unavailable') });
    const { user } = renderConfirmation();
    await screen.findByRole('heading', { name: 'We could not load this order.' });
    api.on(orderRoute, { body: { order } });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Review your order' });
    expect(api.count(orderRoute)).toBe(2);
  });
});
