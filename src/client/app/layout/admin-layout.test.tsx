import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TSessionUser } from '@shared/auth';
import type { TQueue } from '@shared/queue';
import { getSessionUser, setSession } from '@client/lib/api/session';
import { Route, Routes } from '@client/lib/router';
import { queryClient } from '@client/lib/query-client';
import { stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { recoveryCodes, twoFactorSetup } from '@client/testing/security';
import { captureEnrolmentLink, enrolmentToken, forgetEnrolmentLink } from '@client/features/security/enrolment-link';
import AdminLayout from './admin-layout';

/* An administrator without a second factor meets its enrolment in place of any admin page. */

const emptyQueue: TQueue = {
  now: new Date().toISOString(),
  counts: { dueToday: 0, overdue: 0, unassigned: 0, waiting: 0, reviews: 0 },
  sections: { dueToday: [], overdue: [], unassigned: [], waiting: [], reviews: [] },
};
const admin: TSessionUser = { ...customer, id: 'admin-1', name: 'Erin Admin', email: 'erin@example.com', isAdmin: true, twoFactorEnabled: false };

/** The admin frame around a page that says which it is. */
const app = (
  <Routes>
    <Route path="/admin" element={<AdminLayout />}>
      <Route path="orders" element={<h1>The orders page</h1>} />
    </Route>
  </Routes>
);
const renderAdmin = (user: TSessionUser, language: 'en' | 'es' = 'en') => {
  setSession(user);
  return renderWithProviders(app, { route: '/admin/orders', language, toasts: true });
};
const enrolmentTitle = { level: 1, name: 'Set up a second factor to continue' } as const;

const token = 'Zt8-one-time-enrolment-token_from-the-link';
/** The tab opened the operator's one-time link, as main.tsx keeps it before the router starts. */
const openEnrolmentLink = () => {
  window.history.replaceState(null, '', `/admin#enrolment=${token}`);
  captureEnrolmentLink();
};

afterEach(() => {
  forgetEnrolmentLink();
  clearToasts();
  setSession(null);
  // the header's count uses the app's one query client, outside the test's
  queryClient.clear();
});

describe('<AdminLayout> and the second factor', () => {
  it('the enrolment link is kept for the tab and taken out of the address bar; without it the screen says to ask for one, and asks no password', async () => {
    openEnrolmentLink();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/admin');
    expect(enrolmentToken()).toBe(token);
    forgetEnrolmentLink();
    const api = stubApi();
    renderAdmin(admin);
    const region = await screen.findByRole('region', { name: 'Set up a second factor to continue' });
    expect(within(region).getByTestId('enrolment-link-required')).toHaveTextContent('needs the one-time link another administrator gave you');
    expect(within(region).queryByLabelText(/^Your password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The orders page' })).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('an administrator without a second factor sees the enrolment screen instead of the page, the keyboard on its title', async () => {
    openEnrolmentLink();
    const api = stubApi();
    renderAdmin(admin);
    const title = await screen.findByRole('heading', enrolmentTitle);
    await waitFor(() => expect(title).toHaveFocus());
    const screenRegion = screen.getByRole('region', { name: 'Set up a second factor to continue' });
    expect(screenRegion).toHaveTextContent('Every administrator signs in with a password and a code from an authenticator app.');
    expect(within(screenRegion).getByLabelText(/^Your password/)).toBeVisible();
    // no way around it: no cancel, and no page behind
    expect(within(screenRegion).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The orders page' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Set up a second factor to continue \|/);
    // the admin header stays, to sign out
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(api.writes()).toEqual([]);
  });

  it('after the enrolment (once the codes are saved) the page asked for opens', async () => {
    const api = stubApi({
      'POST /api/me/two-factor/enable': { body: twoFactorSetup },
      'POST /api/me/two-factor/confirm': { body: { user: { ...admin, twoFactorEnabled: true } } },
      'GET /api/admin/queue': { body: emptyQueue },
    });
    openEnrolmentLink();
    const { user, location } = renderAdmin(admin);
    await user.type(await screen.findByLabelText(/^Your password/), 'e2e operator passphrase');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code to add Frontera to an authenticator app' })).toBeVisible();
    await user.type(screen.getByLabelText(/^Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // the codes are shown once: the page must not replace them before they are saved
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(recoveryCodes.length);
    expect(screen.getByRole('heading', enrolmentTitle)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'The orders page' })).not.toBeInTheDocument();
    expect(getSessionUser()?.twoFactorEnabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'I saved my codes' }));
    expect(await screen.findByRole('heading', { name: 'The orders page' })).toBeVisible();
    expect(screen.queryByRole('heading', enrolmentTitle)).not.toBeInTheDocument();
    expect(await screen.findByText('Second factor is on')).toBeVisible();
    expect(getSessionUser()?.twoFactorEnabled).toBe(true);
    expect(location()).toBe('/admin/orders');
    // both steps carry the link's token, and the tab forgets it once it is used
    expect(api.writes().map((call) => [call.path, (call.body as { enrolmentToken?: string }).enrolmentToken])).toEqual([
      ['/api/me/two-factor/enable', token],
      ['/api/me/two-factor/confirm', token],
    ]);
    expect(enrolmentToken()).toBeUndefined();
  });

  it('an administrator with a second factor sees the page, and their own items due or late on the Queue link', async () => {
    const api = stubApi({
      'GET /api/admin/queue': { body: { ...emptyQueue, counts: { ...emptyQueue.counts, overdue: 2, dueToday: 1, unassigned: 7, waiting: 4 } } },
    });
    renderAdmin({ ...admin, twoFactorEnabled: true });
    expect(await screen.findByRole('heading', { name: 'The orders page' })).toBeVisible();
    expect(screen.queryByRole('heading', enrolmentTitle)).not.toBeInTheDocument();
    // overdue and due today only: the pool and what waits on customers are not the operator's to do now
    const [queue] = await screen.findAllByRole('link', { name: /^Queue\s*3 items of yours due within 24 hours or late$/ });
    expect(within(queue!).getByTestId('unread-badge')).toHaveTextContent('3');
    expect(api.paths('GET /api/admin/queue')[0]).toBe('/api/admin/queue?owner=mine&limit=1');
  });

  it('speaks Spanish', async () => {
    openEnrolmentLink();
    renderAdmin(admin, 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configure un segundo factor para continuar' })).toBeVisible();
    expect(screen.getByLabelText(/^Su contraseña/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'The orders page' })).not.toBeInTheDocument();
  });
});
