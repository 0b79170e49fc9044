import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { Header } from './header';

const signedOut = { 'GET /api/session': { body: { user: null } } };

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
    const [, login] = await screen.findAllByRole('link', { name: 'Login' });
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
});
