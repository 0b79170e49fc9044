import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { enrolledCustomer as enrolled, recoveryCodes, twoFactorSetup as setup } from '@client/testing/security';
import { TwoFactorEnrolment } from './two-factor-enrolment';

const enableRoute = 'POST /api/me/two-factor/enable';
const confirmRoute = 'POST /api/me/two-factor/confirm';

/** A step's heading, "2/3 · Scan the QR code" (jsdom drops the space a browser reads after the dot). */
const step = (n: number, title: string) => new RegExp(`^${n}/3 ·\\s?${title}$`);

const renderEnrolment = (language: 'en' | 'es' = 'en') => {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(<TwoFactorEnrolment email={customer.email} onDone={onDone} onCancel={onCancel} />, { language });
  return { ...view, onDone, onCancel };
};

/** The password step passed: the QR code is up. */
async function toScanStep(user: ReturnType<typeof renderEnrolment>['user']) {
  await user.type(screen.getByLabelText(/^Your password/), 'a sturdy passphrase');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: step(2, 'Scan the QR code') });
}

describe('<TwoFactorEnrolment> the password', () => {
  it('asks for the password first; empty, it says so without asking the server', async () => {
    const api = stubApi();
    const { user } = renderEnrolment();
    expect(screen.getByRole('heading', { name: step(1, 'Confirm your password') })).toBeVisible();
    // the page decides where the keyboard starts
    expect(screen.getByRole('heading', { name: step(1, 'Confirm your password') })).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is required');
    expect(api.writes()).toEqual([]);
  });

  it('says a wrong password at its field and stays on the step', async () => {
    const api = stubApi({ [enableRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { password: 'security.passwordWrong' }) });
    const { user } = renderEnrolment();
    const password = screen.getByLabelText(/^Your password/);
    await user.type(password, 'not my password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('That password is not right.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(api.writes().map((call) => call.body)).toEqual([{ password: 'not my password' }]);
  });

  it('says a refusal that is no field’s above the form', async () => {
    stubApi({ [enableRoute]: apiError(429, 'rate_limited', 'errors.rate_limited') });
    const { user } = renderEnrolment();
    await user.type(screen.getByLabelText(/^Your password/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(screen.getByLabelText(/^Your password/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('Cancel leaves without sending anything', async () => {
    const api = stubApi();
    const { user, onCancel, onDone } = renderEnrolment();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(api.writes()).toEqual([]);
  });
});

describe('<TwoFactorEnrolment> the QR code and the first code', () => {
  it('shows the QR code with its text alternative and the key in groups of four; the keyboard moves to the step', async () => {
    stubApi({ [enableRoute]: { body: setup } });
    const { user } = renderEnrolment();
    await toScanStep(user);
    expect(screen.getByRole('heading', { name: step(2, 'Scan the QR code') })).toHaveFocus();
    const qr = screen.getByRole('img', { name: 'QR code to add Frontera to an authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`);
    expect(screen.getByText('Setup key')).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeVisible();
    expect(screen.queryByLabelText(/^Your password/)).not.toBeInTheDocument();
  });

  it('an empty code is said at its field, without a request', async () => {
    const api = stubApi({ [enableRoute]: { body: setup } });
    const { user } = renderEnrolment();
    await toScanStep(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code your authenticator app shows now.');
    expect(screen.getByLabelText(/^Code from the app/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.count(confirmRoute)).toBe(0);
  });

  it('a wrong code is said at its field; the QR code stays', async () => {
    const api = stubApi({
      [enableRoute]: { body: setup },
      [confirmRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { code: 'security.codeWrong' }),
    });
    const { user, onDone } = renderEnrolment();
    await toScanStep(user);
    const code = screen.getByLabelText(/^Code from the app/);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const wrong = 'That code is not right. Check the time on your phone and try the newest code.';
    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    expect(code).toHaveAccessibleDescription(wrong);
    expect(screen.getByRole('img', { name: /^QR code/ })).toBeVisible();
    expect(api.calls.filter((call) => call.pathname === '/api/me/two-factor/confirm').map((call) => call.body)).toEqual([{ code: '111111' }]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a right code shows the ten recovery codes, once; "I saved my codes" finishes with the user', async () => {
    stubApi({ [enableRoute]: { body: setup }, [confirmRoute]: { body: { user: enrolled } } });
    const { user, onDone } = renderEnrolment();
    await toScanStep(user);
    await user.type(screen.getByLabelText(/^Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const heading = await screen.findByRole('heading', { name: step(3, 'Save your recovery codes') });
    await waitFor(() => expect(heading).toHaveFocus());
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(screen.getByText(/this is the only time we show them/)).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // not done before the codes are saved
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I saved my codes' }));
    expect(onDone).toHaveBeenCalledExactlyOnceWith(enrolled);
  });

  it('copies the codes with a heading naming the account, and says so', async () => {
    stubApi({ [enableRoute]: { body: setup }, [confirmRoute]: { body: { user: enrolled } } });
    const { user } = renderEnrolment();
    await toScanStep(user);
    await user.type(screen.getByLabelText(/^Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByRole('button', { name: 'Codes copied' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Codes copied');
    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(`Frontera recovery codes for ana@example.com — each works once.\n\n${recoveryCodes.join('\n')}\n`);
  });
});

describe('<TwoFactorEnrolment> in Spanish', () => {
  it('the three steps, their fields and the codes', async () => {
    stubApi({ [enableRoute]: { body: setup }, [confirmRoute]: { body: { user: enrolled } } });
    const { user, onDone } = renderEnrolment('es');
    expect(screen.getByRole('heading', { name: step(1, 'Confirme su contraseña') })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña es obligatoria');
    await user.type(screen.getByLabelText(/^Su contraseña/), 'una frase segura');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: step(2, 'Escanee el código QR') })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'Código QR para agregar Frontera a una aplicación de autenticación' })).toBeVisible();
    expect(screen.getByText('Clave de configuración')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ingrese el código de 6 dígitos que su aplicación de autenticación muestra ahora.');
    await user.type(screen.getByLabelText(/^Código de la aplicación/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('heading', { name: step(3, 'Guarde sus códigos de recuperación') })).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Códigos de recuperación' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Descargar códigos' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ya guardé mis códigos' }));
    expect(onDone).toHaveBeenCalledExactlyOnceWith(enrolled);
  });

  it('on the phone that shows the QR code: copies the key to paste into the app, and opens the app with it (Spanish)', async () => {
    stubApi({ [enableRoute]: { body: setup } });
    const { user } = renderEnrolment('es');
    await user.type(screen.getByLabelText(/^Su contraseña/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: step(2, 'Escanee el código QR') });
    await user.click(screen.getByRole('button', { name: 'Copiar la clave' }));
    expect(await screen.findByRole('button', { name: 'Clave copiada' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Clave copiada');
    // the key itself, without the spaces it is shown with
    expect(await navigator.clipboard.readText()).toBe(setup.secret);
    expect(screen.getByRole('link', { name: 'Abrir en la aplicación de autenticación' })).toHaveAttribute('href', setup.totpUri);
  });
});
