import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@client/lib/api/session';
import { queryClient } from '@client/lib/query-client';
import { stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import type { TSessionUser } from '@shared/auth';
import { renderWithProviders } from '@client/testing/render';
import { AdminHeader } from './admin-header';
import { Header } from './header';

/*
 * A signed-in customer's language switch is saved on the account (their emails follow it). In a
 * file of its own: the first test needs the session store as a page load finds it (nothing asked
 * yet), and the store lives as long as the module.
 */
afterEach(() => queryClient.clear());

const unread = { 'GET /api/me/messages/unread': { body: { unread: 0 } } };
const languageSaves = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.method === 'PUT' && call.pathname === '/api/me/language').map((call) => call.body);

describe('saving the language a customer switches to', () => {
  it('saves a switch made while the session was still loading, once it says who is signed in, and only once', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    const api = stubApi({ ...unread, 'GET /api/session': () => new Promise((resolve) => (answer = resolve)), 'PUT /api/me/language': { status: 204 } });
    const { user } = renderWithProviders(<Header />);
    const [toSpanish] = screen.getAllByTestId('language-switch');
    await user.click(toSpanish!);
    expect(languageSaves(api)).toEqual([]);

    answer({ body: { user: customer } });
    await vi.waitFor(() => expect(languageSaves(api)).toEqual([{ language: 'es' }]));
    expect(api.count('GET /api/session')).toBe(1);
  });

  it('saves each switch of a signed-in customer, once each, with the phone menu open too', async () => {
    setSession(customer);
    const api = stubApi({ ...unread, 'PUT /api/me/language': { status: 204 } });
    const { user } = renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getAllByTestId('language-switch')[0]!);
    await vi.waitFor(() => expect(languageSaves(api)).toEqual([{ language: 'es' }]));
    await user.click(screen.getAllByTestId('language-switch')[0]!);
    await vi.waitFor(() => expect(languageSaves(api)).toEqual([{ language: 'es' }, { language: 'en' }]));
  });

  it("saves an administrator's switch in the admin area too", async () => {
    const admin: TSessionUser = { ...customer, id: 'admin-1', isAdmin: true, twoFactorEnabled: true };
    setSession(admin);
    const api = stubApi({ 'GET /api/admin/queue': 'never', 'GET /api/me/messages/unread': 'never', 'PUT /api/me/language': { status: 204 } });
    const { user } = renderWithProviders(<AdminHeader />, { route: '/admin/orders' });
    await user.click(screen.getAllByTestId('language-switch')[0]!);
    await vi.waitFor(() => expect(languageSaves(api)).toEqual([{ language: 'es' }]));
  });

  it('saves nothing for a visitor', async () => {
    setSession(null);
    const api = stubApi({ 'PUT /api/me/language': { status: 204 } });
    const { user } = renderWithProviders(<Header />);
    await user.click(screen.getAllByTestId('language-switch')[0]!);
    expect(await screen.findAllByRole('link', { name: 'Iniciar sesión' })).not.toHaveLength(0);
    expect(languageSaves(api)).toEqual([]);
  });
});
