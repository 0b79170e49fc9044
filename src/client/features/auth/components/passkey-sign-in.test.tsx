import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSessionUser, setSession } from '@client/lib/api/session';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { stubPasskeyDevice } from '@client/testing/security';
import { LoginForm } from './login-form';

/* Sign-in with a passkey: under the password form and in the code step. */

const optionsRoute = 'POST /api/auth/passkey/options';
const passkeyRoute = 'POST /api/auth/passkey';
const authenticationOptions = {
  body: { challenge: 'Y2hhbGxlbmdlLWZyb20tc2VydmVy', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred', timeout: 60000 },
};

const renderLogin = (language: 'en' | 'es' = 'en') => renderWithProviders(<LoginForm />, { route: '/login', path: '/login', language, toasts: true });

let device: ReturnType<typeof stubPasskeyDevice> | undefined;
afterEach(() => {
  device?.remove();
  device = undefined;
  clearToasts();
  setSession(null);
});

describe('<LoginForm> with a passkey', () => {
  it('signs in with the device alone: the server’s challenge goes to the device, its answer to the server, and the dashboard opens', async () => {
    device = stubPasskeyDevice();
    const api = stubApi({ [optionsRoute]: authenticationOptions, [passkeyRoute]: { body: { user: customer } } });
    const { user, location } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(getSessionUser()).toEqual(customer);
    expect(await screen.findByText('Login Successful')).toBeVisible();
    expect(device.calls.map((call) => call.kind)).toEqual(['get']);
    const [sent] = api.writes().filter((call) => call.pathname === '/api/auth/passkey');
    expect(sent!.body).toMatchObject({
      credential: { id: 'Y3JlZGVudGlhbA', type: 'public-key', response: { signature: expect.any(String), authenticatorData: expect.any(String) } },
    });
  });

  it('a closed prompt says so gently, signs nobody in, and the password form stays', async () => {
    device = stubPasskeyDevice('cancel');
    const api = stubApi({ [optionsRoute]: authenticationOptions });
    const { user, location } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was used. Try again, or sign in with your password.');
    expect(getSessionUser()).toBeNull();
    expect(location()).toBe('/login');
    expect(api.count(passkeyRoute)).toBe(0);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });

  it('a passkey the server refuses is explained in Spanish', async () => {
    device = stubPasskeyDevice();
    stubApi({ [optionsRoute]: authenticationOptions, [passkeyRoute]: apiError(401, 'unauthorized', 'auth.passkey.failed') });
    const { user } = renderLogin('es');
    await user.click(screen.getByRole('button', { name: 'Usar una llave de acceso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esa llave de acceso no funcionó aquí.');
    expect(getSessionUser()).toBeNull();
  });

  it('is the other way through the code step', async () => {
    device = stubPasskeyDevice();
    stubApi({
      'POST /api/auth/sign-in': { body: { twoFactorRequired: true } },
      [optionsRoute]: authenticationOptions,
      [passkeyRoute]: { body: { user: { ...customer, twoFactorEnabled: true } } },
    });
    const { user, location } = renderLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('form', { name: 'Enter your code' });
    await user.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('is not offered where the browser has no passkeys', () => {
    stubApi({});
    renderLogin();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });
});
