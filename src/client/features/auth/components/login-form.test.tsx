import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSessionUser, setSession } from '@client/lib/api/session';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { LoginForm } from './login-form';

/* The sign-in with a second factor: the password, then the code step in its place. */

const signInRoute = 'POST /api/auth/sign-in';
const codeRoute = 'POST /api/auth/two-factor';
const enrolled = { ...customer, twoFactorEnabled: true };

/** At /login in both languages: the app's router takes /es as its basename, so the routes see the same paths. */
const renderLogin = (language: 'en' | 'es' = 'en') => renderWithProviders(<LoginForm />, { route: '/login', path: '/login', language, toasts: true });

/** Types the password and sends it: the server answers that a code is needed. */
async function passPassword(user: ReturnType<typeof renderLogin>['user'], { email = /^Email/, password = /^Password/, login = 'Log in' } = {}) {
  await user.type(screen.getByLabelText(email), 'ana@example.com');
  await user.type(screen.getByLabelText(password), 'a sturdy passphrase');
  await user.click(screen.getByRole('button', { name: login }));
}

afterEach(() => {
  clearToasts();
  setSession(null);
});

describe('<LoginForm> with a second factor', () => {
  it('asks for the code after a right password, with the keyboard in the code field, and no session yet', async () => {
    const api = stubApi({ [signInRoute]: { body: { twoFactorRequired: true } } });
    const { user, location } = renderLogin();
    await passPassword(user);
    const step = await screen.findByRole('form', { name: 'Enter your code' });
    expect(step).toHaveTextContent('Open your authenticator app and enter the 6-digit code for Frontera.');
    const code = screen.getByLabelText(/^Authentication code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription('No phone at hand? Enter one of your recovery codes instead (each works once).');
    // the password form is gone; nobody is signed in, nothing moved
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    expect(getSessionUser()).toBeNull();
    expect(location()).toBe('/login');
    expect(api.writes().map((call) => call.body)).toEqual([{ email: 'ana@example.com', password: 'a sturdy passphrase', language: 'en' }]);
  });

  it('says an empty code at its field without sending it', async () => {
    const api = stubApi({ [signInRoute]: { body: { twoFactorRequired: true } } });
    const { user } = renderLogin();
    await passPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app or a recovery code.');
    expect(api.count(codeRoute)).toBe(0);
  });

  it('says a wrong code at its field, keeps the step and the keyboard there', async () => {
    const api = stubApi({
      [signInRoute]: { body: { twoFactorRequired: true } },
      [codeRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { code: 'security.codeWrong' }),
    });
    const { user, location } = renderLogin();
    await passPassword(user);
    const code = await screen.findByLabelText(/^Authentication code/);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const wrong = 'That code is not right. Check the time on your phone and try the newest code.';
    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(wrong));
    expect(code).toHaveFocus();
    expect(api.paths(codeRoute)).toHaveLength(1);
    expect(api.calls.find((call) => call.method === 'POST' && call.pathname === '/api/auth/two-factor')?.body).toEqual({ code: '000000', language: 'en' });
    expect(getSessionUser()).toBeNull();
    expect(location()).toBe('/login');
  });

  it('an expired challenge goes back to the password form with the reason above it', async () => {
    stubApi({ [signInRoute]: { body: { twoFactorRequired: true } }, [codeRoute]: apiError(401, 'unauthorized', 'security.challengeExpired') });
    const { user } = renderLogin();
    await passPassword(user);
    await user.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in expired or had too many wrong codes. Sign in again with your password.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(screen.getByLabelText(/^Password/)).toBeVisible();
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    expect(getSessionUser()).toBeNull();
  });

  it('"Use a different account" goes back to the password form, without a message', async () => {
    stubApi({ [signInRoute]: { body: { twoFactorRequired: true } } });
    const { user } = renderLogin();
    await passPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a different account' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a right code signs in: the session holds the user, a toast says so, and the dashboard opens', async () => {
    const api = stubApi({ [signInRoute]: { body: { twoFactorRequired: true } }, [codeRoute]: { body: { user: enrolled } } });
    const { user, location } = renderLogin();
    await passPassword(user);
    await user.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(getSessionUser()).toEqual(enrolled);
    expect(await screen.findByText('Login Successful')).toBeVisible();
    expect(api.writes().map((call) => call.path)).toEqual(['/api/auth/sign-in', '/api/auth/two-factor']);
  });

  it('speaks Spanish: the step, its field and a recovery code that signs in', async () => {
    const api = stubApi({ [signInRoute]: { body: { twoFactorRequired: true } }, [codeRoute]: { body: { user: { ...enrolled, isAdmin: true } } } });
    const { user, location } = renderLogin('es');
    await passPassword(user, { email: /^Correo electrónico/, password: /^Contraseña/, login: 'Iniciar sesión' });
    expect(await screen.findByRole('form', { name: 'Ingrese su código' })).toBeVisible();
    const code = screen.getByLabelText(/^Código de autenticación/);
    expect(code).toHaveAccessibleDescription(/^¿No tiene su teléfono a mano\?/);
    expect(screen.getByRole('button', { name: 'Usar otra cuenta' })).toBeVisible();
    await user.type(code, 'a1b2c-3d4e5');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    // an administrator's home
    await waitFor(() => expect(location()).toBe('/admin/orders'));
    // (the language sent is the app's, which this test's own translator does not set)
    expect(api.calls.find((call) => call.pathname === '/api/auth/two-factor')?.body).toMatchObject({ code: 'a1b2c-3d4e5' });
  });
});
