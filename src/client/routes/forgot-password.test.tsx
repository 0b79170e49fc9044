import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import ForgotPasswordRoute from './forgot-password';

describe('/forgot-password', () => {
  it('once the link is sent, says so and offers Back to login once', async () => {
    stubApi({ 'POST /api/auth/password-reset/request': { body: { ok: true } } });
    const { user } = renderWithProviders(<ForgotPasswordRoute />, { route: '/forgot-password' });
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/ana@example\.com/);
    expect(screen.getAllByRole('link', { name: 'Back to login' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
