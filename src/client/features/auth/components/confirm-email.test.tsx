import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { ConfirmEmail } from './confirm-email';

const resendRoute = 'POST /api/me/email-verification';
const unconfirmed = { ...customer, email: 'maria.fernanda.gutierrez.nunez@empresa-ejemplo.com.mx', emailVerified: false };

describe('the address confirmation on the dashboard', () => {
  afterEach(() => clearToasts());

  it('says why the address matters and sends the link again, busy while it goes; in Spanish too', async () => {
    const api = stubApi({ [resendRoute]: { status: 202, body: { ok: true } } });
    const { user } = renderWithProviders(<ConfirmEmail user={unconfirmed} />);
    expect(screen.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    expect(screen.getByText(/^We sent a link to maria\.fernanda\.gutierrez\.nunez@empresa-ejemplo\.com\.mx\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sent. Check the inbox of maria.fernanda.gutierrez.nunez@empresa-ejemplo.com.mx: the link works once, for 48 hours.',
    );
    expect(api.writes().map((call) => `${call.method} ${call.path}`)).toEqual([resendRoute]);
  });

  it('says so when the hour’s links are used up, in Spanish', async () => {
    stubApi({ [resendRoute]: apiError(429, 'rate_limited', 'errors.rate_limited') });
    const { user } = renderWithProviders(<ConfirmEmail user={unconfirmed} />, { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Confirme su correo electrónico' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace de nuevo' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Pidió varios enlaces en la última hora. Use el más reciente o inténtelo de nuevo más tarde.'),
    );
  });

  it('after the link: a confirmed address shows nothing but the toast, and the address loses its ?email=', async () => {
    stubApi({});
    const { location } = renderWithProviders(<ConfirmEmail user={customer} />, { route: '/dashboard?order=o1&email=verified', toasts: true });
    expect(await screen.findByText('Your email address is confirmed.')).toBeVisible();
    await waitFor(() => expect(location()).toBe('/dashboard?order=o1'));
    expect(screen.queryByRole('heading', { name: 'Confirm your email address' })).not.toBeInTheDocument();
  });

  it('an expired or used link says what to do, and the banner stays for a new link', async () => {
    stubApi({});
    renderWithProviders(<ConfirmEmail user={unconfirmed} />, { route: '/dashboard?email=invalid', toasts: true, language: 'es' });
    expect(await screen.findByText(/^Ese enlace venció o ya se usó\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviar el enlace de nuevo' })).toBeVisible();
  });
});
