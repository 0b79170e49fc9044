import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSessionUser, setSession, useSession } from '@client/lib/api/session';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { enrolledCustomer, twoFactorSetup } from '@client/testing/security';
import { SecondFactorPanel } from './second-factor-panel';

const disableRoute = 'POST /api/me/two-factor/disable';
const newCodesRoute = 'POST /api/me/two-factor/recovery-codes';

/** The panel as the Security page shows it: for the signed-in user, following the session. */
function SignedInPanel() {
  const { user } = useSession();
  return user ? <SecondFactorPanel user={user} /> : null;
}

const renderPanel = (user = customer) => {
  setSession(user);
  return renderWithProviders(<SignedInPanel />, { toasts: true });
};
const panel = () => screen.getByRole('region', { name: 'Second factor' });

afterEach(() => {
  clearToasts();
  setSession(null);
});

describe('<SecondFactorPanel> off', () => {
  it('says it is off and why to turn it on; "Set up authenticator app" opens the enrolment, Cancel closes it', async () => {
    const api = stubApi();
    const { user } = renderPanel();
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('Off');
    expect(panel()).toHaveTextContent('so a stolen password is not enough');
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    // the button went away: the keyboard goes to the enrolment
    expect(screen.getByRole('heading', { name: /^1\/3 ·\s?Confirm your password$/ })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toHaveFocus();
    expect(screen.queryByLabelText(/^Your password/)).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('once the enrolment is done, it is on: the session knows, a toast says so, the keyboard is on its actions', async () => {
    stubApi({ 'POST /api/me/two-factor/enable': { body: twoFactorSetup }, 'POST /api/me/two-factor/confirm': { body: { user: enrolledCustomer } } });
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    await user.type(screen.getByLabelText(/^Your password/), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/^Code from the app/), '123456');
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('Off');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // the server accepted the code: the factor is on while she reads the recovery codes
    const saved = await screen.findByRole('button', { name: 'I saved my codes' });
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('On');
    await user.click(saved);
    expect(await screen.findByText('Second factor is on')).toBeVisible();
    expect(getSessionUser()).toEqual(enrolledCustomer);
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('On');
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });
});

describe('<SecondFactorPanel> on', () => {
  it('turning it off asks for the password and a code, sends both, says it is off', async () => {
    const api = stubApi({ [disableRoute]: { body: { user: customer } } });
    const { user } = renderPanel(enrolledCustomer);
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('On');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const form = screen.getByRole('form', { name: 'Turn off the second factor' });
    expect(within(form).getByRole('heading', { name: 'Turn off the second factor' })).toHaveFocus();
    // a customer is not warned about the admin area
    expect(form).not.toHaveTextContent('As an administrator');

    // both asked before anything is sent
    await user.click(within(form).getByRole('button', { name: 'Turn off second factor' }));
    expect(within(form).getByLabelText(/^Your password/)).toHaveAccessibleDescription('Password is required');
    expect(within(form).getByLabelText(/^Authentication code/)).toHaveAccessibleDescription(
      expect.stringContaining('Enter the code from your authenticator app or a recovery code.'),
    );
    expect(api.writes()).toEqual([]);

    await user.type(within(form).getByLabelText(/^Your password/), 'a sturdy passphrase');
    await user.type(within(form).getByLabelText(/^Authentication code/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn off second factor' }));
    expect(await screen.findByText('Second factor turned off')).toBeVisible();
    expect(api.writes().map((call) => [call.path, call.body])).toEqual([['/api/me/two-factor/disable', { password: 'a sturdy passphrase', code: '123456' }]]);
    expect(getSessionUser()?.twoFactorEnabled).toBe(false);
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('Off');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toHaveFocus();
  });

  it('warns an administrator that the admin area will ask for it again', async () => {
    stubApi();
    const { user } = renderPanel({ ...enrolledCustomer, isAdmin: true });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByRole('form', { name: 'Turn off the second factor' })).toHaveTextContent(
      'As an administrator, you will need to set it up again before you can open the admin area.',
    );
  });

  it('a wrong code is said at its field and nothing changes', async () => {
    stubApi({ [disableRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { code: 'security.codeWrong' }) });
    const { user } = renderPanel(enrolledCustomer);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText(/^Your password/), 'a sturdy passphrase');
    const code = screen.getByLabelText(/^Authentication code/);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off second factor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Your password/)).toHaveAttribute('aria-invalid', 'false');
    expect(getSessionUser()).toEqual(enrolledCustomer);
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('On');
  });

  it('new recovery codes: asked with the password and a code, then shown, with the keyboard on them', async () => {
    const fresh = Array.from({ length: 10 }, (_, i) => `n${i}w00-c0de${i}`);
    const api = stubApi({ [newCodesRoute]: { body: { recoveryCodes: fresh } } });
    const { user } = renderPanel(enrolledCustomer);
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const form = screen.getByRole('form', { name: 'Make new recovery codes' });
    expect(form).toHaveTextContent('Your old recovery codes stop working.');
    await user.type(within(form).getByLabelText(/^Your password/), 'a sturdy passphrase');
    await user.type(within(form).getByLabelText(/^Authentication code/), '654321');
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    await waitFor(() => expect(screen.getByRole('group', { name: /each of these codes signs you in once/ })).toHaveFocus());
    expect(api.writes().map((call) => [call.path, call.body])).toEqual([
      ['/api/me/two-factor/recovery-codes', { password: 'a sturdy passphrase', code: '654321' }],
    ]);
    // still on
    expect(within(panel()).getByTestId('two-factor-status')).toHaveTextContent('On');
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeVisible();
  });
});
