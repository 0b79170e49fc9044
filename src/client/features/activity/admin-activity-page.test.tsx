import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TActivityEntry } from '@shared/activity';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders, type RenderOptions } from '@client/testing/render';
import { AdminActivityPage } from './admin-activity-page';

const orderId = 'a0000000-0000-4000-8000-000000000001';
const entry = (n: number, overrides: Partial<TActivityEntry> = {}): TActivityEntry => ({
  key: `2026-11-27T1${n}:00:00.000000Z|note:${n}`,
  at: `2026-11-27T1${n}:00:00.000Z`,
  kind: 'note',
  actor: 'Luis Gómez',
  actorId: 'u1',
  detail: { text: `Nota ${n}` },
  target: { type: 'order', id: orderId, label: 'A0000000' },
  ...overrides,
});
const route = 'GET /api/admin/activity';
const assignees = { 'GET /api/admin/assignees': { body: { assignees: [{ id: 'u1', name: 'Luis Gómez' }] } } };
const renderActivity = (options: RenderOptions = {}) =>
  renderWithProviders(<AdminActivityPage />, { route: '/admin/activity', path: '/admin/activity', ...options });

describe('<AdminActivityPage> (/admin/activity)', () => {
  it('says what each administrator did, in Spanish, with a link to what it was done to; older pages on request', async () => {
    const network = stubApi({
      [route]: ({ query }) =>
        query.get('cursor')
          ? { body: { entries: [entry(1)], nextCursor: null } }
          : {
              body: {
                entries: [
                  entry(5, {
                    kind: 'set_price',
                    actor: null,
                    actorId: null,
                    detail: { fromCents: '39900', toCents: '45000' },
                    target: { type: 'site', id: null, label: '' },
                  }),
                  entry(4, { kind: 'promote', detail: {}, target: { type: 'user', id: 'u9', label: 'maria.fernanda.castillo.rojas@ejemplo.com.mx' } }),
                  entry(3, { kind: 'ticket_reply', detail: { text: 'Lo revisamos hoy.' }, target: { type: 'ticket', id: 't1', label: 'Ana Pérez' } }),
                  entry(2, { kind: 'status', detail: { from: 'paid', to: 'processing' } }),
                ],
                nextCursor: entry(2).key,
              },
            },
      ...assignees,
    });
    const { user } = renderActivity({ language: 'es' });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando la actividad');
    const list = await screen.findByTestId('activity-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Precio cambiado: US$399 → US$450',
      'Nombró administrador',
      'Respondió el ticket: Lo revisamos hoy.',
      'Estado del pedido: Pagado → En proceso',
    ]);
    expect(rows[0]).toHaveTextContent('Sistema');
    expect(rows[0]).toHaveTextContent('El sitio');
    expect(rows[1]).toHaveTextContent('maria.fernanda.castillo.rojas@ejemplo.com.mx');
    expect(within(rows[2]!).getByRole('link', { name: 'Ticket de Ana Pérez' })).toHaveAttribute('href', '/admin/tickets/t1');
    expect(within(rows[3]!).getByRole('link', { name: 'Pedido A0000000' })).toHaveAttribute('href', `/admin/orders/${orderId}`);

    await user.click(screen.getByRole('button', { name: 'Ver anteriores' }));
    expect(await within(list).findByText('Nota interna: Nota 1')).toBeInTheDocument();
    expect(network.paths(route)).toEqual(['/api/admin/activity', `/api/admin/activity?cursor=${encodeURIComponent(entry(2).key)}`]);
  });

  it('keeps the person and the days in the URL, asks for the days in local midnights, and exports the same filters', async () => {
    const network = stubApi({ [route]: { body: { entries: [entry(1)], nextCursor: null } }, ...assignees });
    const { user, location } = renderActivity();
    await screen.findByTestId('activity-list');
    await screen.findByRole('option', { name: 'Luis Gómez' });
    await user.selectOptions(screen.getByLabelText('Person'), 'Luis Gómez');
    expect(location()).toBe('/admin/activity?person=u1');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-27');
    expect(location()).toBe('/admin/activity?person=u1&from=2026-11-01&to=2026-11-27');
    const from = new Date(2026, 10, 1).toISOString();
    const to = new Date(2026, 10, 28).toISOString();
    const wanted = new URLSearchParams({ actor: 'u1', from, to }).toString();
    await screen.findByTestId('activity-list');
    expect(network.paths(route).at(-1)).toBe(`/api/admin/activity?${wanted}`);
    expect(screen.getByTestId('activity-csv')).toHaveAttribute('href', `/api/admin/activity.csv?${wanted}&lang=en`);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/admin/activity');
  });

  it('says an end before the start is wrong and leaves it out; shows an empty period and a failure with a retry', async () => {
    const network = stubApi({ [route]: { body: { entries: [], nextCursor: null } }, ...assignees });
    renderActivity({ route: '/admin/activity?from=2026-11-20&to=2026-11-10' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date is before the start date.');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Nothing was done in this period.')).toBeInTheDocument();
    expect(network.paths(route)).toEqual([`/api/admin/activity?${new URLSearchParams({ from: new Date(2026, 10, 20).toISOString() })}`]);

    network.on(route, apiError(500, 'internal', 'errors.internal'));
    const { user } = renderActivity();
    expect(await screen.findByText('The activity could not be loaded.')).toBeInTheDocument();
    network.on(route, { body: { entries: [entry(1)], nextCursor: null } });
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Internal note: Nota 1')).toBeInTheDocument();
  });
});
