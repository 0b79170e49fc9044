import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSupportTicketView, TTicketPage } from '@shared/support';
import { renderWithProviders, stubFetch } from '../testing/render-support';
import { TicketList } from './ticket-list';

afterEach(() => vi.unstubAllGlobals());

const ticket = (id: string, origin: TSupportTicketView['origin'], name: string): TSupportTicketView => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  message: `Hello from ${name}\nsecond line`,
  origin,
  createdAt: '2025-05-02T10:00:00.000Z',
});
const page = (tickets: TSupportTicketView[], nextCursor: string | null = null): { status: number; body: TTicketPage } => ({ status: 200, body: { tickets, nextCursor } });

describe('<TicketList> (/admin/tickets)', () => {
  it('lists tickets with their origin, and loads the next page on demand', async () => {
    const first = [ticket('00000000-0000-4000-8000-000000000002', 'Affiliate', 'Marco Rossi'), ticket('00000000-0000-4000-8000-000000000001', null, 'Ana Pérez')];
    const requests = stubFetch((path) =>
      path.includes('cursor=') ? page([ticket('00000000-0000-4000-8000-000000000000', null, 'Old Timer')]) : page(first, '00000000-0000-4000-8000-000000000001'),
    );
    const { user } = renderWithProviders(<TicketList />);
    expect(screen.getByRole('status').textContent).toBe('Loading tickets');
    const cards = await screen.findAllByTestId('ticket');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Marco Rossi', 'Ana Pérez']);
    expect(within(cards[0]!).getByText('Affiliate')).toBeTruthy();
    expect(within(cards[1]!).getByText('Support')).toBeTruthy();
    expect(within(cards[1]!).getByRole('link', { name: /Reply by email/ }).getAttribute('href')).toMatch(/^mailto:ana@example\.com\?subject=Re/);
    expect(requests[0]?.path).toBe('/api/admin/support-tickets?origin=all&limit=20');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Old Timer')).toBeTruthy();
    expect(requests[1]?.path).toBe('/api/admin/support-tickets?origin=all&limit=20&cursor=00000000-0000-4000-8000-000000000001');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by origin, with an empty state per filter', async () => {
    const requests = stubFetch(page([]));
    const { user } = renderWithProviders(<TicketList />, { path: '/admin/tickets?origin=affiliate' });
    expect(await screen.findByText('No affiliate applications yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Affiliate applications' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Support tickets' }));
    expect(await screen.findByText('No support tickets yet.')).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual(['/api/admin/support-tickets?origin=affiliate&limit=20', '/api/admin/support-tickets?origin=support&limit=20']);
  });

  it('shows a failure with Try Again, in Spanish', async () => {
    let fail = true;
    stubFetch(() => (fail ? { status: 500, body: { error: { code: 'internal', message: 'errors.internal' } } } : page([])));
    const { user } = renderWithProviders(<TicketList />, { lng: 'es' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No se pudieron cargar los tickets\./);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('Todavía no hay tickets.')).toBeTruthy();
  });
});
