import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDataExport } from '@shared/account-data';
import { getSessionUser, setSession } from '@client/lib/api/session';
import { pendingPollMs } from '@client/lib/api/account-data';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { YourDataPanel } from './your-data-panel';

const listRoute = 'GET /api/me/data-exports';
const startRoute = 'POST /api/me/data-exports';
const deleteRoute = 'POST /api/me/delete';

const exportOf = (overrides: Partial<TDataExport> = {}): TDataExport => ({
  id: '6b1f4f7e-0d6a-4e43-9c55-3c1f7b0a9e21',
  status: 'ready',
  createdAt: '2026-11-28T10:00:00.000Z',
  readyAt: '2026-11-28T10:01:00.000Z',
  expiresAt: '2026-11-29T10:01:00.000Z',
  sizeBytes: 2048,
  ...overrides,
});

/** The panel on the Security page; any other page renders nothing (leaving it unmounts the panel). */
const renderPanel = ({ language = 'en' as 'en' | 'es', twoFactorEnabled = false } = {}) =>
  renderWithProviders(<YourDataPanel twoFactorEnabled={twoFactorEnabled} />, {
    route: language === 'es' ? '/es/dashboard/security' : '/dashboard/security',
    path: language === 'es' ? '/es/dashboard/security' : '/dashboard/security',
    language,
    toasts: true,
  });

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  setSession(null);
});

describe('<YourDataPanel> download my data', () => {
  it('lists each export: preparing, ready to download until it expires, failed', async () => {
    stubApi({
      [listRoute]: {
        body: {
          exports: [
            exportOf({ id: 'a0000000-0000-4000-8000-000000000001', status: 'pending', readyAt: null, sizeBytes: null }),
            exportOf({ id: 'a0000000-0000-4000-8000-000000000002' }),
            exportOf({ id: 'a0000000-0000-4000-8000-000000000003', status: 'failed', readyAt: null, sizeBytes: null }),
          ],
        },
      },
    });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Your data files' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const [pending, ready, failed] = within(list).getAllByRole('listitem');
    expect(pending).toHaveTextContent(/^Preparing… \(asked Nov 28, 2026, \d+:\d\d [AP]M\)$/);
    const link = within(ready!).getByRole('link', { name: /^Ready — download \(expires Nov 29, 2026, \d+:\d\d [AP]M\)$/ });
    expect(link).toHaveAttribute('href', '/api/me/data-exports/a0000000-0000-4000-8000-000000000002/file');
    expect(link).toHaveAttribute('download');
    expect(failed).toHaveTextContent(/^Failed \(asked .+\)\. Prepare a new one\.$/);
    // one at a time: the server would refuse a second while one is prepared
    expect(screen.getByRole('button', { name: 'Prepare my data' })).toBeDisabled();
  });

  it('starts an export, says so, and asks again every few seconds until it is ready', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let state: 'none' | 'pending' | 'ready' = 'none';
    const pendingExport = exportOf({ status: 'pending', readyAt: null, sizeBytes: null });
    const api = stubApi({
      [listRoute]: () => ({ body: { exports: state === 'none' ? [] : [state === 'pending' ? pendingExport : exportOf()] } }),
      [startRoute]: () => {
        state = 'pending';
        return { status: 202, body: { export: pendingExport } };
      },
    });
    const { user } = renderPanel();
    await waitFor(() => expect(api.count(listRoute)).toBe(1));
    expect(screen.getByRole('list', { name: 'Your data files' })).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText('We are preparing your data. We will email you when it is ready.')).toBeVisible();
    expect(await screen.findByText(/^Preparing…/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Prepare my data' })).toBeDisabled();
    const asked = api.count(listRoute);

    state = 'ready';
    await elapse(pendingPollMs);
    await waitFor(() => expect(api.count(listRoute)).toBe(asked + 1));
    expect(await screen.findByRole('link', { name: /^Ready — download/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Prepare my data' })).toBeEnabled();
    // ready: no more asking
    await elapse(pendingPollMs * 3);
    expect(api.count(listRoute)).toBe(asked + 1);
  });

  it('says why an export could not start, in Spanish', async () => {
    stubApi({ [listRoute]: { body: { exports: [] } }, [startRoute]: apiError(429, 'rate_limited', 'errors.rate_limited') });
    const { user } = renderPanel({ language: 'es' });
    expect(await screen.findByRole('region', { name: 'Descargar mis datos' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Preparar mis datos' }));
    const error = await screen.findByTestId('export-error');
    expect(error.textContent).not.toBe('');
    expect(screen.getByRole('button', { name: 'Preparar mis datos' })).toHaveAccessibleDescription(error.textContent!);
  });
});

describe('<YourDataPanel> delete my account', () => {
  it('explains what goes and what stays, and asks for the password in a dialog that takes the focus', async () => {
    const api = stubApi({ [listRoute]: { body: { exports: [] } } });
    const { user } = renderPanel();
    const card = screen.getByRole('region', { name: 'Delete my account' });
    expect(card).toHaveTextContent('All your identity documents');
    expect(card).toHaveTextContent(/Paid orders, as the tax record .* for 7 years after payment/);
    await user.click(within(card).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/Enter your password to confirm/);
    expect(within(dialog).getByLabelText(/^Password/)).toHaveFocus();
    // no second factor: no code asked
    expect(within(dialog).queryByLabelText(/authenticator/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);
  });

  it('says a wrong password at its field, in Spanish, and keeps the account', async () => {
    stubApi({
      [listRoute]: { body: { exports: [] } },
      [deleteRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { password: 'accountData.delete.wrongPassword' }),
    });
    const { user, location } = renderPanel({ language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar su cuenta?' });
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'no es esta');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    const field = within(dialog).getByLabelText(/^Contraseña/);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La contraseña no es correcta.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('La contraseña no es correcta.');
    expect(location()).toBe('/es/dashboard/security');
  });

  it('says the last administrator cannot go, above the form', async () => {
    stubApi({ [listRoute]: { body: { exports: [] } }, [deleteRoute]: apiError(409, 'last_admin', 'accountData.delete.lastAdmin') });
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Yours is the only administrator account.');
  });

  it('asks for the second factor when the account has one, then signs out and goes home with a message', async () => {
    setSession(customer);
    const api = stubApi({ [listRoute]: { body: { exports: [] } }, [deleteRoute]: { body: {} } });
    const { user, location } = renderPanel({ twoFactorEnabled: true });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse battery staple');
    const code = within(dialog).getByLabelText(/^Code from your authenticator app/);
    expect(code).toHaveAccessibleDescription('Your account has a second factor: it is needed to delete it.');
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.writes().map((call) => [call.path, call.body])).toEqual([['/api/me/delete', { password: 'correct horse battery staple', code: '123456' }]]);
    expect(await screen.findByText('Your account was deleted.')).toBeVisible();
    // signed out once the page is gone
    await waitFor(() => expect(getSessionUser()).toBeNull());
  });
});
