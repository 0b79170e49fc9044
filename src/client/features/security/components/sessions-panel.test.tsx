import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TSecurityAnswer } from '@shared/security';
import { apiError, stubApi } from '@client/testing/api-stub';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { ownSession } from '@client/testing/security';
import { SessionsPanel } from './sessions-panel';

const securityRoute = 'GET /api/me/security';
const endRoute = 'DELETE /api/me/sessions/:id';

const agents = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
};

const here = ownSession({ id: 'session-here', current: true, userAgent: agents.chromeMac, ipAddress: '203.0.113.7' });
const phone = ownSession({ id: 'session-phone', userAgent: agents.safariIphone, ipAddress: '198.51.100.20', lastSeenAt: '2026-11-27T18:30:00.000Z' });
const office = ownSession({ id: 'session/office', userAgent: agents.firefoxWindows });
const laptop = ownSession({ id: 'session-laptop', userAgent: agents.edgeWindows });
const unknown = ownSession({ id: 'session-unknown', userAgent: null });
const answer = (sessions: TSecurityAnswer['sessions']) => ({
  body: { twoFactorEnabled: false, enrolmentPending: false, sessions, passkeys: [], passkeysAllowed: false } satisfies TSecurityAnswer,
});

const renderPanel = (language: 'en' | 'es' = 'en') => renderWithProviders(<SessionsPanel />, { language, toasts: true });
const rows = async () => {
  const region = screen.getByRole('region', { name: 'Where you are signed in' });
  await within(region).findByRole('list', { name: 'Where you are signed in' });
  return within(region).getAllByRole('listitem');
};

afterEach(() => clearToasts());

describe('<SessionsPanel>', () => {
  it('lists each session by device, with its last activity and address; this device is marked and has no sign-out', async () => {
    stubApi({ [securityRoute]: answer([here, phone, office, laptop, unknown]) });
    renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const [current, iphone, windows, edge, other] = await rows();
    expect(current).toHaveTextContent(/^Chrome · MacThis deviceLast active .+ · IP address 203\.0\.113\.7$/);
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(iphone).toHaveTextContent(/^Safari · iPhoneLast active Nov 27, 2026, .+ · IP address 198\.51\.100\.20Sign out$/);
    expect(iphone).not.toHaveTextContent('This device');
    const signOut = within(iphone!).getByRole('button', { name: 'Sign out the session on Safari · iPhone' });
    expect(signOut).toHaveTextContent('Sign out');
    expect(signOut).toHaveAccessibleName(expect.stringContaining(signOut.textContent!));
    expect(windows).toHaveTextContent(/^Firefox · Windows PCLast active [^·]+Sign out$/);
    expect(edge).toHaveTextContent(/^Edge · Windows PC/);
    expect(other).toHaveTextContent(/^Unknown device/);
    expect(within(other!).getByRole('button', { name: 'Sign out the session on Unknown device' })).toBeVisible();
    expect(screen.queryByText('No other sessions.')).not.toBeInTheDocument();
  });

  it('signing out another session ends it on the server, says so and shows the list again', async () => {
    let sessions = [here, phone, office];
    const api = stubApi({
      [securityRoute]: () => answer(sessions),
      [endRoute]: ({ params }) => {
        sessions = sessions.filter((session) => session.id !== params.id);
        return { body: {} };
      },
    });
    const { user } = renderPanel();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sign out the session on Firefox · Windows PC' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(await screen.findByText('Session ended')).toBeVisible();
    // the button went with its row: the keyboard is on the list
    expect(screen.getByRole('list', { name: 'Where you are signed in' })).toHaveFocus();
    expect(api.writes().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/me/sessions/session%2Foffice']);
    expect(api.count(securityRoute)).toBe(2);
    expect(screen.queryByRole('button', { name: 'Sign out the session on Firefox · Windows PC' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out the session on Safari · iPhone' })).toBeVisible();
  });

  it('says when a sign-out failed, and keeps the session listed', async () => {
    stubApi({ [securityRoute]: answer([here, phone]), [endRoute]: apiError(500, 'internal', 'errors.internal') });
    const { user } = renderPanel();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sign out the session on Safari · iPhone' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeVisible();
    expect(await rows()).toHaveLength(2);
  });

  it('with this device alone, says there are no other sessions', async () => {
    stubApi({ [securityRoute]: answer([here]) });
    renderPanel();
    expect(await rows()).toHaveLength(1);
    expect(screen.getByText('No other sessions.')).toBeVisible();
  });

  it('a failed load says so, and Try Again loads the list', async () => {
    const api = stubApi({ [securityRoute]: apiError(500, 'internal', 'errors.internal') });
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your sessions could not be loaded.');
    api.on(securityRoute, answer([here, phone]));
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await rows()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names devices in Spanish', async () => {
    stubApi({ [securityRoute]: answer([here, office]) });
    renderPanel('es');
    const region = await screen.findByRole('region', { name: 'Dónde tiene la sesión abierta' });
    await within(region).findByRole('list');
    const [current, windows] = within(region).getAllByRole('listitem');
    expect(current).toHaveTextContent(/^Chrome · MacEste dispositivoÚltima actividad: .+ · Dirección IP 203\.0\.113\.7$/);
    const signOut = within(windows!).getByRole('button', { name: 'Cerrar sesión en Firefox · PC con Windows' });
    // what the button shows is part of its name (WCAG 2.5.3), so a voice command with it works
    expect(signOut).toHaveTextContent('Cerrar sesión');
    expect(signOut).toHaveAccessibleName(expect.stringContaining(signOut.textContent!));
  });
});
