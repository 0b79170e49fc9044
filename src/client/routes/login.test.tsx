import { screen, waitFor } from '@testing-library/react';
import { Navigate, Route, Routes } from '@client/lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { setSession } from '@client/lib/api/session';
import { stubApi } from '@client/testing/api-stub';
import { customer, price, priceRoute } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import LoginRoute from './login';
import SignupRoute from './signup';

afterEach(() => setSession(null));

const admin = { ...customer, id: 'admin-1', isAdmin: true };

/** /login or /signup among the places they may send someone, each showing its own path. */
const app = (
  <Routes>
    <Route path="/login" element={<LoginRoute />} />
    <Route path="/signup" element={<SignupRoute />} />
    <Route path="*" element={null} />
  </Routes>
);

describe('/login and /signup for someone signed in', () => {
  it('a signed-in customer who opens /login goes to the dashboard, as after signing in', async () => {
    setSession(customer);
    const { location } = renderWithProviders(app, { route: '/login' });
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('a signed-in customer who opens /signup goes to the dashboard', async () => {
    stubApi({ [priceRoute]: price() });
    setSession(customer);
    const { location } = renderWithProviders(app, { route: '/signup' });
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('an administrator goes to the admin orders', async () => {
    setSession(admin);
    const { location } = renderWithProviders(app, { route: '/login' });
    await waitFor(() => expect(location()).toBe('/admin/orders'));
  });

  it('visitors get the forms', async () => {
    stubApi({ [priceRoute]: price() });
    setSession(null);
    renderWithProviders(app, { route: '/login' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
  });
});

describe('/login when a guard sent a signed-in user there', () => {
  it('goes on to the page they wanted', async () => {
    setSession(customer);
    // as RequireAuth sends someone: to /login, with where they were going
    const guarded = (
      <Routes>
        <Route path="/start" element={<Navigate to="/login" replace state={{ from: { pathname: '/checkout', search: '?orderId=1' } }} />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="*" element={null} />
      </Routes>
    );
    const { location } = renderWithProviders(guarded, { route: '/start' });
    await waitFor(() => expect(location()).toBe('/checkout?orderId=1'));
  });
});

describe('the funnel keeps its place through sign-up', () => {
  it.each([
    // signing up from /signup?next= lands on that page, not the dashboard
    ['/order?state=CA', '/order?state=CA'],
    // a return path to another site is ignored: the dashboard, as without one
    ['//evil.example/order', '/dashboard'],
  ])('signing up from /signup?next=%s lands on %s', async (next, landing) => {
    stubApi({ [priceRoute]: price(), 'POST /api/auth/sign-up': { status: 201, body: { user: customer } } });
    setSession(null);
    const { user, location } = renderWithProviders(app, { route: `/signup?next=${encodeURIComponent(next)}` });
    await user.type(await screen.findByLabelText(/^Full name/), 'Ana María Pérez');
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(location()).toBe(landing));
  });

  it('the links between sign-in and sign-up keep ?next=', async () => {
    stubApi({ [priceRoute]: price() });
    setSession(null);
    const next = `?next=${encodeURIComponent('/order?state=WY')}`;
    const { user, location } = renderWithProviders(app, { route: `/signup${next}` });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login${next}`);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe(`/login${next}`));
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/signup${next}`);
  });

  it('signing up from the sign-in page a guard sent someone to goes on to the guarded page', async () => {
    stubApi({ [priceRoute]: price(), 'POST /api/auth/sign-up': { status: 201, body: { user: customer } } });
    setSession(null);
    const guarded = (
      <Routes>
        <Route path="/start" element={<Navigate to="/login" replace state={{ from: { pathname: '/checkout', search: '?orderId=1' } }} />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/signup" element={<SignupRoute />} />
        <Route path="*" element={null} />
      </Routes>
    );
    const { user, location } = renderWithProviders(guarded, { route: '/start' });
    await user.click(await screen.findByRole('link', { name: 'Sign Up' }));
    await user.type(await screen.findByLabelText(/^Full name/), 'Ana María Pérez');
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(location()).toBe('/checkout?orderId=1'));
  });
});
