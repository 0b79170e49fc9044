import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TOwnPasskey, TSecurityAnswer } from '@shared/security';
import { apiError, stubApi } from '@client/testing/api-stub';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { ownPasskey, stubPasskeyDevice } from '@client/testing/security';
import { PasskeysPanel } from './passkeys-panel';

const securityRoute = 'GET /api/me/security';
const optionsRoute = 'POST /api/me/passkeys/options';
const addRoute = 'POST /api/me/passkeys';
const removeRoute = 'DELETE /api/me/passkeys/:id';
const registrationOptions = {
  body: {
    challenge: 'Y2hhbGxlbmdlLWZyb20tc2VydmVy',
    rp: { name: 'Frontera', id: 'localhost' },
    user: { id: 'dXNlci1oYW5kbGU', name: 'ana@example.com', displayName: 'ana@example.com' },
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    timeout: 60000,
    attestation: 'none',
    excludeCredentials: [],
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  },
};
const answer = (passkeys: TOwnPasskey[], passkeysAllowed = true) => ({
  body: { twoFactorEnabled: true, enrolmentPending: false, sessions: [], passkeys, passkeysAllowed } satisfies TSecurityAnswer,
});
const longName = 'Portátil del trabajo de María José (oficina)';

const renderPanel = (language: 'en' | 'es' = 'en') => renderWithProviders(<PasskeysPanel />, { language, toasts: true });

let device: ReturnType<typeof stubPasskeyDevice> | undefined;
afterEach(() => {
  device?.remove();
  device = undefined;
  clearToasts();
});

describe('<PasskeysPanel>', () => {
  it('lists each passkey with its date, provider and whether it syncs; each has a Remove named after it', async () => {
    device = stubPasskeyDevice();
    stubApi({
      [securityRoute]: answer([
        ownPasskey({ id: 'a', name: longName, provider: 'Google Password Manager', backedUp: true }),
        ownPasskey({ id: 'b', name: 'YubiKey' }),
      ]),
    });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(`${longName}Added Nov 20, 2026 · Google Password Manager · Synced to your other devicesRemove`);
    expect(second).toHaveTextContent('YubiKeyAdded Nov 20, 2026Remove');
    expect(within(second!).getByRole('button', { name: 'Remove the passkey YubiKey' })).toHaveTextContent('Remove');
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  });

  it('adds a passkey: name and password, the device’s prompt, then the new list with the keyboard on it', async () => {
    device = stubPasskeyDevice();
    let passkeys: TOwnPasskey[] = [];
    const api = stubApi({
      [securityRoute]: () => answer(passkeys),
      [optionsRoute]: registrationOptions,
      [addRoute]: ({ body }) => {
        passkeys = [ownPasskey({ name: (body as { name: string }).name })];
        return { body: { passkeys } };
      },
    });
    const { user } = renderPanel();
    expect(await screen.findByText('No passkeys yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(screen.getByRole('heading', { name: 'Add a passkey' })).toHaveFocus();
    const name = screen.getByLabelText(/^Passkey name/);
    await user.clear(name);
    await user.type(name, `  ${longName}  `);
    await user.type(screen.getByLabelText(/^Your password/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByText('Passkey added')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    await waitFor(() => expect(list).toHaveFocus());
    expect(list).toHaveTextContent(longName);
    expect(device.calls.map((call) => call.kind)).toEqual(['create']);
    const writes = api.writes();
    expect(writes.map((call) => call.pathname)).toEqual(['/api/me/passkeys/options', '/api/me/passkeys']);
    expect(writes[0]!.body).toEqual({ name: longName, password: 'a sturdy passphrase' });
    expect(writes[1]!.body).toMatchObject({
      name: longName,
      credential: { id: 'Y3JlZGVudGlhbA', type: 'public-key', response: { attestationObject: expect.any(String) } },
    });
  });

  it('checks the name and password before asking the device, and shows the server’s field errors', async () => {
    device = stubPasskeyDevice();
    const api = stubApi({
      [securityRoute]: answer([]),
      [optionsRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { password: 'security.passwordWrong' }),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const name = screen.getByLabelText(/^Passkey name/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the passkey a name.'));
    expect(screen.getByLabelText(/^Your password/)).toHaveAccessibleDescription(expect.stringContaining('Password is required'));
    await user.type(name, 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Use 60 characters or fewer.'));
    expect(api.writes()).toEqual([]);
    await user.clear(name);
    await user.type(name, 'Llave');
    await user.type(screen.getByLabelText(/^Your password/), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    await waitFor(() => expect(screen.getByLabelText(/^Your password/)).toHaveAccessibleDescription(expect.stringContaining('That password is not right')));
    expect(device.calls).toEqual([]);
  });

  it('a closed device prompt keeps the form with a gentle message; Cancel returns the keyboard to the button', async () => {
    device = stubPasskeyDevice('cancel');
    const api = stubApi({ [securityRoute]: answer([]), [optionsRoute]: registrationOptions });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText(/^Your password/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was created. Try again when you are ready.');
    expect(api.count(addRoute)).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toHaveFocus();
  });

  it('removes a passkey, says so, and the keyboard goes to the Add button when none is left', async () => {
    device = stubPasskeyDevice();
    let passkeys = [ownPasskey({ id: 'key/1', name: 'YubiKey' })];
    const api = stubApi({
      [securityRoute]: () => answer(passkeys),
      [removeRoute]: () => {
        passkeys = [];
        return { body: {} };
      },
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey YubiKey' }));
    expect(await screen.findByText('Passkey removed')).toBeVisible();
    expect(await screen.findByText('No passkeys yet.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a passkey' })).toHaveFocus());
    expect(api.writes().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/me/passkeys/key%2F1']);
  });

  it('at ten passkeys, says so instead of offering another; without passkey support, says that', async () => {
    device = stubPasskeyDevice();
    stubApi({ [securityRoute]: answer(Array.from({ length: 10 }, (_, n) => ownPasskey({ id: `k${n}`, name: `Llave ${n}` }))) });
    const { unmount } = renderPanel();
    expect(await screen.findByText('You have 10 passkeys, the most an account can hold. Remove one to add another.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    unmount();
    device.remove();
    stubApi({ [securityRoute]: answer([]) });
    renderPanel();
    expect(await screen.findByText(/^This browser cannot create passkeys\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('a session opened with the password alone is told to set up the app first, in both languages, and offered no Add button', async () => {
    device = stubPasskeyDevice();
    stubApi({ [securityRoute]: answer([ownPasskey()], false) });
    const { unmount } = renderPanel();
    expect(await screen.findByText(/^To add a passkey, first set up the authenticator app above\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    // the passkeys it has are still listed and can be removed
    expect(screen.getByRole('button', { name: 'Remove the passkey Chrome · Mac' })).toBeVisible();
    unmount();
    stubApi({ [securityRoute]: answer([], false) });
    renderPanel('es');
    expect(await screen.findByText(/^Para agregar una llave de acceso, primero configure la aplicación de autenticación/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Agregar una llave de acceso' })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    device = stubPasskeyDevice();
    stubApi({ [securityRoute]: answer([ownPasskey({ name: 'iPhone de Ana', backedUp: true })]) });
    const { user } = renderPanel('es');
    const list = await screen.findByRole('list', { name: 'Llaves de acceso' });
    expect(list).toHaveTextContent('iPhone de AnaAgregada el 20 nov 2026 · Sincronizada con sus otros dispositivosQuitar');
    expect(screen.getByRole('button', { name: 'Quitar la llave de acceso iPhone de Ana' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agregar una llave de acceso' }));
    expect(screen.getByRole('heading', { name: 'Agregar una llave de acceso' })).toHaveFocus();
    expect(screen.getByLabelText(/^Nombre de la llave de acceso/)).toBeVisible();
  });
});
