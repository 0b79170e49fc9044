import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSupportTicketView, TTicketPage, TTicketThread } from '@shared/support';
import { Route, Routes } from '@client/lib/router';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { TicketList } from './ticket-list';
import { TicketPage } from './ticket-page';

const ticket = (id: string, origin: TSupportTicketView['origin'], name: string): TSupportTicketView => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  message: `Hello from ${name}\nsecond line`,
  origin,
  status: 'open',
  language: 'en',
  assigneeId: null,
  createdAt: '2025-05-02T10:00:00.000Z',
});
const page = (tickets: TSupportTicketView[], nextCursor: string | null = null) => ({ body: { tickets, nextCursor } satisfies TTicketPage });
const listRoute = 'GET /api/admin/support-tickets';

describe('<TicketList> (/admin/tickets)', () => {
  it('lists tickets with their origin, and loads the next page on demand', async () => {
    const first = [
      ticket('00000000-0000-4000-8000-000000000002', 'Affiliate', 'Marco Rossi'),
      ticket('00000000-0000-4000-8000-000000000001', null, 'Ana Pérez'),
    ];
    const api = stubApi({
      [listRoute]: ({ query }) =>
        query.has('cursor') ? page([ticket('00000000-0000-4000-8000-000000000000', null, 'Old Timer')]) : page(first, '00000000-0000-4000-8000-000000000001'),
    });
    const { user } = renderWithProviders(<TicketList />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading tickets$/);
    const cards = await screen.findAllByTestId('ticket');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Marco Rossi', 'Ana Pérez']);
    expect(cards[0]).toHaveTextContent('Affiliate');
    expect(cards[1]).toHaveTextContent('Support');
    expect(within(cards[1]!).getByRole('link', { name: /Open the ticket/ })).toHaveAttribute('href', expect.stringMatching(/^\/admin\/tickets\/[0-9a-f-]+$/));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Old Timer' })).toBeVisible();
    expect(api.paths(listRoute)).toEqual([
      '/api/admin/support-tickets?origin=all&status=all&limit=20',
      '/api/admin/support-tickets?origin=all&status=all&limit=20&cursor=00000000-0000-4000-8000-000000000001',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the overdue ones waiting longest first, in the URL, and the CSV link exports the same', async () => {
    const api = stubApi({ [listRoute]: page([ticket('00000000-0000-4000-8000-000000000001', null, 'Ana Pérez')]) });
    const { user, location } = renderWithProviders(<TicketList />, { route: '/admin/tickets', language: 'es' });
    await screen.findAllByTestId('ticket');
    expect(screen.getByTestId('tickets-csv')).toHaveAttribute('href', '/api/admin/support-tickets/export.csv?origin=all&status=all&lang=es');
    await user.click(screen.getByRole('button', { name: 'Atrasada' }));
    await user.click(screen.getByRole('button', { name: 'Los que más esperan primero' }));
    await waitFor(() => expect(api.paths(listRoute).at(-1)).toBe('/api/admin/support-tickets?origin=all&status=all&limit=20&due=overdue&sort=waiting'));
    expect(location()).toBe('/admin/tickets?due=overdue&sort=waiting');
    expect(screen.getByTestId('tickets-csv')).toHaveAttribute(
      'href',
      '/api/admin/support-tickets/export.csv?origin=all&status=all&due=overdue&sort=waiting&lang=es',
    );
  });

  it('filters by origin, with an empty state per filter', async () => {
    const api = stubApi({ [listRoute]: page([]) });
    const { user } = renderWithProviders(<TicketList />, { route: '/admin/tickets?origin=affiliate' });
    expect(await screen.findByText('No affiliate applications yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Affiliate applications' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Support tickets' }));
    expect(await screen.findByText('No support tickets yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Support tickets' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.paths(listRoute)).toEqual([
      '/api/admin/support-tickets?origin=affiliate&status=all&limit=20',
      '/api/admin/support-tickets?origin=support&status=all&limit=20',
    ]);
  });

  it('searches on the server once typing pauses, keeps the search in the URL, and says when nothing matches', async () => {
    const ana = ticket('00000000-0000-4000-8000-000000000001', null, 'Ana Pérez');
    const api = stubApi({
      [listRoute]: ({ query }) =>
        query.get('q') === 'Pérez'
          ? page([ana])
          : query.has('q')
            ? page([])
            : page([ana, ticket('00000000-0000-4000-8000-000000000002', 'Affiliate', 'Marco Rossi')]),
    });
    const { user, location } = renderWithProviders(<TicketList />, { route: '/admin/tickets' });
    expect(await screen.findAllByTestId('ticket')).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'Pérez');
    // debounced: one request for the whole word, none per keystroke
    await waitFor(() =>
      expect(api.paths(listRoute)).toEqual([
        '/api/admin/support-tickets?origin=all&status=all&limit=20',
        '/api/admin/support-tickets?origin=all&status=all&limit=20&q=P%C3%A9rez',
      ]),
    );
    expect(location()).toBe('/admin/tickets?q=P%C3%A9rez');
    await waitFor(() => expect(screen.getAllByTestId('ticket')).toHaveLength(1));

    await user.type(screen.getByRole('searchbox'), ' nobody');
    expect(await screen.findByText('No tickets match your search.')).toBeVisible();
    expect(screen.queryByText('No tickets yet.')).not.toBeInTheDocument();
    expect(location()).toBe('/admin/tickets?q=P%C3%A9rez+nobody');

    // clearing the search shows every ticket again (from the cache)
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/admin/tickets'));
    expect(await screen.findAllByTestId('ticket')).toHaveLength(2);
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('starts from the search and the origin in the URL, the origin in any case (?origin=Affiliate as stored)', async () => {
    const api = stubApi({ [listRoute]: page([ticket('00000000-0000-4000-8000-000000000002', 'Affiliate', 'Marco Rossi')]) });
    renderWithProviders(<TicketList />, { route: '/admin/tickets?q=rossi&origin=Affiliate' });
    await screen.findAllByTestId('ticket');
    expect(api.paths(listRoute)).toEqual(['/api/admin/support-tickets?origin=affiliate&status=all&limit=20&q=rossi']);
    expect(screen.getByRole('searchbox', { name: 'Search tickets' })).toHaveValue('rossi');
    expect(screen.getByRole('button', { name: 'Affiliate applications' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by owner: mine and unassigned go to the server and the URL', async () => {
    const api = stubApi({ [listRoute]: page([]) });
    const { user, location } = renderWithProviders(<TicketList />, { route: '/admin/tickets', language: 'es' });
    await waitFor(() => expect(api.paths(listRoute)).toEqual(['/api/admin/support-tickets?origin=all&status=all&limit=20']));
    await user.click(screen.getByRole('button', { name: 'Míos' }));
    await waitFor(() => expect(api.paths(listRoute).at(-1)).toBe('/api/admin/support-tickets?origin=all&status=all&limit=20&owner=mine'));
    expect(location()).toContain('owner=mine');
    await user.click(screen.getByRole('button', { name: 'Sin asignar' }));
    await waitFor(() => expect(api.paths(listRoute).at(-1)).toBe('/api/admin/support-tickets?origin=all&status=all&limit=20&owner=unassigned'));
    expect(screen.getByRole('group', { name: 'Filtrar por responsable' })).toBeVisible();
  });

  it('says in Spanish when no ticket matches the search', async () => {
    stubApi({ [listRoute]: page([]) });
    renderWithProviders(<TicketList />, { route: '/admin/tickets?q=n%C3%BA%C3%B1ez', language: 'es' });
    expect(await screen.findByText('Ningún ticket coincide con su búsqueda.')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar tickets' })).toHaveValue('núñez');
    expect(screen.getByRole('button', { name: 'Borrar búsqueda' })).toBeVisible();
  });

  it("returns from a ticket's page to the search it was opened from", async () => {
    const ana = ticket('00000000-0000-4000-8000-000000000001', null, 'Ana Pérez');
    stubApi({
      [listRoute]: page([ana]),
      'GET /api/admin/support-tickets/:id': { body: { ticket: ana, messages: [] } satisfies TTicketThread },
      'GET /api/admin/assignees': { body: { assignees: [] } },
    });
    const { user, location } = renderWithProviders(
      <Routes>
        <Route path="/admin/tickets" element={<TicketList />} />
        <Route path="/admin/tickets/:id" element={<TicketPage ticketId={ana.id} />} />
      </Routes>,
      { route: '/admin/tickets?q=perez&status=open' },
    );
    await user.click(await screen.findByRole('link', { name: /Open the ticket/ }));
    expect(location()).toBe(`/admin/tickets/${ana.id}`);
    const [back] = await screen.findAllByRole('link', { name: 'All tickets' });
    expect(back).toHaveAttribute('href', '/admin/tickets?q=perez&status=open');
  });

  it('shows a failure with Try Again, in Spanish', async () => {
    let fail = true;
    stubApi({ [listRoute]: () => (fail ? apiError(500, 'internal', 'errors.internal') : page([])) });
    const { user } = renderWithProviders(<TicketList />, { language: 'es' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No se pudieron cargar los tickets\./);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Inténtelo de nuevo' }));
    expect(await screen.findByText('Todavía no hay tickets.')).toBeVisible();
  });
});
