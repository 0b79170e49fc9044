import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSupportTicketView, TTicketPage } from '@shared/support';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { TicketList } from './ticket-list';

const ticket = (id: string, origin: TSupportTicketView['origin'], name: string): TSupportTicketView => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  message: `Hello from ${name}\nsecond line`,
  origin,
  status: 'open',
  language: 'en',
  createdAt: '2025-05-02T10:00:00.000Z',
});
const page = (tickets: TSupportTicketView[], nextCursor: string | null = null) => ({ body: { tickets, nextCursor } satisfies TTicketPage });
const listRoute = 'GET /api/admin/support-tickets';

describe('<TicketList> (/admin/tickets)', () => {
  it('lists tickets with their origin, and loads the next page on demand', async () => {
    const first = [ticket('00000000-0000-4000-8000-000000000002', 'Affiliate', 'Marco Rossi'), ticket('00000000-0000-4000-8000-000000000001', null, 'Ana Pérez')];
    const api = stubApi({
      [listRoute]: ({ query }) => (query.has('cursor') ? page([ticket('00000000-0000-4000-8000-000000000000', null, 'Old Timer')]) : page(first, '00000000-0000-4000-8000-000000000001')),
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
    expect(api.paths(listRoute)).toEqual(['/api/admin/support-tickets?origin=all&status=all&limit=20', '/api/admin/support-tickets?origin=all&status=all&limit=20&cursor=00000000-0000-4000-8000-000000000001']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by origin, with an empty state per filter', async () => {
    const api = stubApi({ [listRoute]: page([]) });
    const { user } = renderWithProviders(<TicketList />, { route: '/admin/tickets?origin=affiliate' });
    expect(await screen.findByText('No affiliate applications yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Affiliate applications' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Support tickets' }));
    expect(await screen.findByText('No support tickets yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Support tickets' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.paths(listRoute)).toEqual(['/api/admin/support-tickets?origin=affiliate&status=all&limit=20', '/api/admin/support-tickets?origin=support&status=all&limit=20']);
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
