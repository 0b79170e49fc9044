import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@client/testing/api-stub';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { OrderActions } from './order-actions';

const orderId = '3f2a9c1b-77d0-4c55-9a53-0c8b2b1e9f10';
const discardRoute = 'DELETE /api/orders/:id';
const renderActions = (language: 'en' | 'es' = 'en') =>
  renderWithProviders(<OrderActions orderId={orderId} />, { route: '/order/confirm', language, toasts: true });

afterEach(() => clearToasts());

describe('<OrderActions>', () => {
  it('links Edit to the wizard on this order', () => {
    stubApi({});
    renderActions();
    expect(screen.getByRole('link', { name: 'Edit order' })).toHaveAttribute('href', `/order?edit=${orderId}`);
  });

  it('asks before discarding; Keep closes the dialog and sends nothing', async () => {
    const api = stubApi({});
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Discard order' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard order #3F2A9C1B?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);
  });

  it('discards once confirmed and lands on the dashboard with a message', async () => {
    // the stub cannot answer 204 (a Response with a body); any success will do
    const api = stubApi({ [discardRoute]: { body: {} } });
    const { user, location } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Discard order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard order' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE /api/orders/${orderId}`]);
    expect(await screen.findByText('Order #3F2A9C1B was discarded.')).toBeVisible();
  });

  it('says why when the server refuses (paid meanwhile), and stays put', async () => {
    stubApi({ [discardRoute]: apiError(409, 'conflict', 'order.notEditable') });
    const { user, location } = renderActions('es');
    await user.click(screen.getByRole('button', { name: 'Descartar pedido' }));
    const dialog = screen.getByRole('dialog', { name: '¿Descartar el pedido n.º 3F2A9C1B?' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar pedido' }));
    expect(await within(dialog).findByTestId('action-error')).toHaveTextContent('Este pedido ya no se puede modificar');
    expect(location()).toBe('/order/confirm');
  });
});
