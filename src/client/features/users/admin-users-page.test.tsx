import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAdminUserPage, TAdminUserRow } from '@shared/admin-users';
import { setSession } from '@client/lib/api/session';
import { apiError, stubApi, type ApiRoute } from '@client/testing/api-stub';
import { renderWithProviders, type RenderOptions } from '@client/testing/render';
import { AdminUsersPage } from './admin-users-page';

const row = (id: string, name: string, overrides: Partial<TAdminUserRow> = {}): TAdminUserRow => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  isAdmin: false,
  twoFactorEnabled: false,
  language: 'es',
  createdAt: '2025-05-02T10:00:00.000Z',
  orderCount: 0,
  activeSessions: 1,
  ...overrides,
});
const me = row('admin-1', 'Erin Admin', { isAdmin: true, twoFactorEnabled: true });
const ana = row('user-ana', 'Ana María Pérez', { orderCount: 1234, activeSessions: 2 });
const luis = row('user-luis', 'Luis Gómez', { isAdmin: true, activeSessions: 0 });
const page = (users: TAdminUserRow[], total = users.length, nextCursor: string | null = null) => ({
  body: { users, total, nextCursor } satisfies TAdminUserPage,
});

const api = (list: ApiRoute, extra: Record<string, ApiRoute> = {}) =>
  stubApi({ 'GET /api/admin/users': list, 'GET /api/admin/launch-list': { body: { count: 1520 } }, ...extra });
const renderPage = (options: RenderOptions = {}) => renderWithProviders(<AdminUsersPage />, { route: '/admin/users', path: '/admin/users', ...options });
/** jsdom applies no CSS: the table and the phone cards are both there; the table's buttons are used */
const tableButton = async (name: string) => within(await screen.findByTestId('users-table')).getByRole('button', { name });

describe('<AdminUsersPage> (/admin/users)', () => {
  beforeEach(() => setSession({ id: me.id, name: me.name, email: me.email, emailVerified: true, isAdmin: true, twoFactorEnabled: true }));

  it('shows loading, then each account with sign-up date, order count, sessions and role; no actions on one’s own row', async () => {
    api(() => page([me, ana, luis], 3));
    renderPage();
    expect(screen.getByText('Loading users')).toBeVisible();
    const rows = within(await screen.findByTestId('users-table')).getAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent(/^Ana María Pérezana@example\.com2 active sessions$/);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['May 2, 2025', '1,234', 'Customer', 'Make administratorEnd sessions']);
    expect(within(rows[2]!).getByRole('button', { name: 'Remove administrator: Luis Gómez' })).toBeVisible();
    expect(within(rows[0]!).getByTestId('user-role').parentElement).toHaveTextContent('AdministratorYou');
    expect(within(rows[0]!).queryAllByRole('button')).toEqual([]);
    expect(screen.getByTestId('users-total')).toHaveTextContent(/^3 accounts$/);
    // the launch list, with its CSV
    expect(await screen.findByTestId('launch-list-count')).toHaveTextContent('1,520 addresses');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/launch-list.csv');
  });

  it('searches and filters by role on the server, keeping both in the URL; says when nothing matches', async () => {
    const network = api(({ query }) => (query.get('q') === 'nuñez' ? page([]) : page([ana])));
    const { user, location } = renderPage();
    await screen.findByTestId('users-table');
    await user.click(screen.getByRole('button', { name: 'Administrators' }));
    await waitFor(() => expect(location()).toBe('/admin/users?role=admin'));
    expect(screen.getByRole('button', { name: 'Administrators' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nuñez');
    expect(await screen.findByText('No accounts match your search.')).toBeVisible();
    expect(location()).toBe('/admin/users?role=admin&q=nu%C3%B1ez');
    expect(network.paths('GET /api/admin/users')).toEqual(['/api/admin/users', '/api/admin/users?role=admin', '/api/admin/users?q=nu%C3%B1ez&role=admin']);
  });

  it('shows the empty list, and a failed load with Try Again', async () => {
    const network = api(apiError(500, 'internal', 'errors.internal'));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load users')).toBeVisible();
    network.on('GET /api/admin/users', page([]));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No accounts yet.')).toBeVisible();
  });

  it('asks before promoting, sends it, says it was done and refreshes the list', async () => {
    const enrolmentLink = { url: 'http://localhost:3000/admin#enrolment=Zt8-one-time-enrolment-token_from-the-link', expiresAt: '2026-12-05T10:00:00.000Z' };
    const network = api(() => page([me, ana]), { 'PATCH /api/admin/users/:id/role': { body: { id: ana.id, isAdmin: true, changed: true, enrolmentLink } } });
    const { user } = renderPage();
    await user.click(await tableButton('Make administrator: Ana María Pérez'));
    const dialog = screen.getByRole('alertdialog', { name: 'Make Ana María Pérez an administrator?' });
    expect(within(dialog).getByRole('heading')).toHaveFocus();
    expect(network.writes()).toEqual([]);
    // Cancel, and Escape, change nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(await tableButton('Make administrator: Ana María Pérez'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(network.writes()).toEqual([]);

    await user.click(await tableButton('Make administrator: Ana María Pérez'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // focus moves to the notice on the next frame, after the dialog has handed it back
    const notice = (await screen.findByText('Ana María Pérez is now an administrator.')).closest<HTMLElement>('[role=status]')!;
    await waitFor(() => expect(notice).toHaveFocus());
    // the one-time link to pass on, whole and selectable
    expect(notice).toHaveTextContent(/Give them this one-time link to set up their second factor \(it works once, until Dec 5, 2026/);
    expect(within(notice).getByTestId('enrolment-link')).toHaveTextContent(enrolmentLink.url);
    expect(network.writes().map((call) => [call.path, call.body])).toEqual([[`/api/admin/users/${ana.id}/role`, { isAdmin: true }]]);
    await waitFor(() => expect(network.count('GET /api/admin/users')).toBe(2));
  });

  it('shows the server’s refusal in Spanish (the last administrator) and keeps the question open', async () => {
    api(() => page([me, luis]), { 'PATCH /api/admin/users/:id/role': apiError(409, 'last_admin', 'errors.last_admin') });
    const { user } = renderPage({ language: 'es' });
    await user.click(await tableButton('Quitar administrador: Luis Gómez'));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Quitar el rol de administrador a Luis Gómez?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No se hizo el cambio: No se puede quitar el rol al último administrador: primero haga administradora a otra cuenta.',
    );
  });

  it('ends an account’s sessions and says how many', async () => {
    const network = api(() => page([me, ana]), { 'POST /api/admin/users/:id/end-sessions': { body: { id: ana.id, ended: 2 } } });
    const { user } = renderPage();
    await user.click(await tableButton('End sessions: Ana María Pérez'));
    expect(screen.getByRole('alertdialog', { name: 'Sign Ana María Pérez out everywhere?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Ana María Pérez was signed out of 2 sessions.')).toBeVisible();
    expect(network.writes().map((call) => call.path)).toEqual([`/api/admin/users/${ana.id}/end-sessions`]);
  });
});
