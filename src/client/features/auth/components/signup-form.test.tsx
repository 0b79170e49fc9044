import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { isNewAccount } from '../first-visit';
import { SignupForm } from './signup-form';

afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

async function fillAndSend(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText(/^Full name/), 'Ana María Pérez');
  await user.type(screen.getByLabelText(/^Email/), 'ana.maria.perez.gonzalez@correo-ejemplo.mx');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse battery staple 42');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('<SignupForm>', () => {
  it('says a refused password once, at its field, with a summary for screen readers and the keyboard on the field', async () => {
    const weak = 'This password is too common. Please choose a stronger one.';
    stubApi({
      'POST /api/auth/sign-up': apiError(400, 'validation_failed', 'errors.validation_failed', { password: 'auth.weakPassword' }),
    });
    const { user } = renderWithProviders(<SignupForm />, { toasts: true });
    await fillAndSend(user);
    const field = screen.getByLabelText(/^Password/);
    await expect.poll(() => document.activeElement).toBe(field);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(weak)).toHaveLength(1);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('The form was not sent: see the marked field.');
    expect(screen.queryByText('Registration Failed')).not.toBeInTheDocument();
    expect(isNewAccount(customer.id)).toBe(false);
  });

  it('a refusal of the whole form is said in the banner, with the Registration Failed toast', async () => {
    stubApi({ 'POST /api/auth/sign-up': apiError(500, 'internal', 'errors.internal') });
    const { user } = renderWithProviders(<SignupForm />, { toasts: true });
    await fillAndSend(user);
    expect(await screen.findByText('Registration Failed')).toBeVisible();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Something went wrong on our side. Please try again.');
  });

  it('marks the new account, so its first dashboard greets a newcomer', async () => {
    stubApi({ 'POST /api/auth/sign-up': { body: { user: customer } } });
    const { user } = renderWithProviders(<SignupForm />, { toasts: true, route: '/signup' });
    await fillAndSend(user);
    await expect.poll(() => isNewAccount(customer.id)).toBe(true);
  });
});
