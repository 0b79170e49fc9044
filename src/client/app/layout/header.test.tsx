import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@client/lib/api/session';
import { queryClient } from '@client/lib/query-client';
import { stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { Header } from './header';

const signedOut = { 'GET /api/session': { body: { user: null } } };

// the header's count uses the app's one query client (outside the test's): nothing of one test stays for the next
afterEach(() => {
  setSession(null);
  queryClient.clear();
});

describe('<Header>', () => {
  it('names the language switch by what it shows, then in the language it switches to (WCAG 2.5.3)', async () => {
    stubApi(signedOut);
    const { user } = renderWithProviders(<Header />);
    // the header shows the switch twice (desktop row, phone bar); CSS hides one
    const [toSpanish] = screen.getAllByTestId('language-switch');
    expect(toSpanish).toHaveTextContent(/^ES$/);
    expect(toSpanish).toHaveAccessibleName('ES — Cambiar a español');
    expect(toSpanish).toHaveAttribute('lang', 'es');

    await user.click(toSpanish!);
    const [toEnglish] = screen.getAllByTestId('language-switch');
    expect(toEnglish).toHaveTextContent(/^EN$/);
    expect(toEnglish).toHaveAccessibleName('EN — Switch to English');
    expect(toEnglish).toHaveAttribute('lang', 'en');
  });

  it('closes the phone menu on Escape and gives focus back to the menu button', async () => {
    stubApi(signedOut);
    const { user } = renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    expect(menu).toBeInTheDocument();
    // from inside the menu, on one of its links
    const [, login] = await screen.findAllByRole('link', { name: 'Log in' });
    login!.focus();
    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    // Escape with the menu closed does nothing
    await user.keyboard('{Escape}');
    expect(toggle).toHaveFocus();
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
  });

  it('shows a customer how many messages from the team wait, over Dashboard and in its name, in Spanish too', async () => {
    stubApi({ 'GET /api/me/messages/unread': { body: { unread: 1 } } });
    setSession(customer);
    renderWithProviders(<Header />, { language: 'es' });
    const [dashboard] = await screen.findAllByRole('link', { name: /^Panel\s*1 mensaje sin leer$/ });
    expect(within(dashboard!).getByTestId('unread-badge')).toHaveTextContent(/^1/);
  });

  it('shows no count when nothing waits', async () => {
    const api = stubApi({ 'GET /api/me/messages/unread': { body: { unread: 0 } } });
    setSession(customer);
    renderWithProviders(<Header />);
    await screen.findAllByRole('link', { name: 'Dashboard' });
    await vi.waitFor(() => expect(api.count('GET /api/me/messages/unread')).toBe(1));
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });
});
