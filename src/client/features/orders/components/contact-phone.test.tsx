import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '@client/testing/api-stub';
import { customer as account, pdf } from '@client/testing/builders';
import { choose, field, fill, headingFocused } from '@client/testing/form';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { OrderWizard } from './order-wizard';

const createRoute = 'POST /api/orders';
const renderWizard = () => renderWithProviders(<OrderWizard account={account} />, { route: '/order', path: '/order', toasts: true });

const next = () => screen.getByRole('button', { name: 'Next' });
const position = () => screen.getByTestId('wizard-position');

/** Step 1, then the phone on step 2, then Next. */
async function reachAddressWithPhone(user: UserEvent, phone: string) {
  await fill(user, field('First choice'), 'Sunrise Ventures LLC');
  await fill(user, field('Second choice'), 'Sunrise Labs LLC');
  await fill(user, field('Third choice'), 'Sunrise Holdings LLC');
  await user.click(next());
  await headingFocused('Contact Information');
  await fill(user, field('Phone (optional)'), phone);
  await user.click(next());
}

async function fillAddress(user: UserEvent, country: string) {
  await fill(user, field('Address line 1'), 'Av. Reforma 1');
  await fill(user, field('City'), 'Ciudad de México');
  await fill(user, field('State / province'), 'CDMX');
  await fill(user, field('ZIP / Postal code'), '06600');
  await choose(user, field('Country'), country);
}

beforeEach(() => sessionStorage.clear());
afterEach(() => clearToasts());

describe('<OrderWizard> phones as people type them', () => {
  it('takes a national Mexican number on step 2, reads it in Mexico once that is the address country, and sends it in E.164', async () => {
    const api = stubApi({ [createRoute]: { status: 201, body: { order: { id: 'order-mx', held: false } } } });
    const { user, location } = renderWizard();
    await reachAddressWithPhone(user, '55 1234 5678');
    // no country yet: the number waits for it
    expect(position()).toHaveTextContent(/^Step 3 of 4$/);
    await headingFocused('Mailing Address');
    await fillAddress(user, 'Mexico');
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 4 of 4$/);

    await headingFocused('Identity & Partner Details');
    await choose(user, field('Nationality (country of citizenship)'), 'Mexico');
    await user.upload(field('Passport', screen, 'input[type="file"]'), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(location()).toBe('/order/confirm?orderId=order-mx'));
    const body = api.calls[0]!.body as FormData;
    expect(JSON.parse(body.get('order') as string)).toMatchObject({ phone: '+525512345678', addressCountry: 'MX' });
  });

  it('brings the customer back to the phone when it is not a number of the address country, naming the country', async () => {
    const { user } = renderWizard();
    await reachAddressWithPhone(user, '55 1234 5678');
    await headingFocused('Mailing Address');
    await fillAddress(user, 'Spain');
    await user.click(next());

    await waitFor(() => expect(position()).toHaveTextContent(/^Step 2 of 4$/));
    const phone = field('Phone (optional)');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription(/This is not a valid phone number in Spain\. Check it, or enter it with its country code/);
    // WhatsApp's way of writing it: the old mobile "1" after +52
    await user.clear(phone);
    await user.paste('+52 1 55 1234 5678');
    await waitFor(() => expect(phone).toBeValid());
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 3 of 4$/);
    await headingFocused('Mailing Address');
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 4 of 4$/);
  });

  it('refuses at once what no country could dial', async () => {
    const { user } = renderWizard();
    await reachAddressWithPhone(user, 'call me');
    expect(position()).toHaveTextContent(/^Step 2 of 4$/);
    expect(field('Phone (optional)')).toHaveAccessibleDescription(/Enter a valid phone number with its country code/);
  });

  it("reads the partner's phone in the partner's country, again when the country changes", async () => {
    const { user } = renderWizard();
    await reachAddressWithPhone(user, '');
    await headingFocused('Mailing Address');
    await fillAddress(user, 'Mexico');
    await user.click(next());
    await headingFocused('Identity & Partner Details');
    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    const form = within(screen.getByTestId('partner-form'));
    await waitFor(() => expect(field('Full name', form)).toHaveFocus());
    await fill(user, field('Full name', form), 'Luis Gómez');
    await fill(user, field('Email', form), 'luis@example.mx');
    await fill(user, field('Phone', form), '55 1234 5678');
    await choose(user, field('Country', form), 'Peru');
    await fill(user, field('Address', form), 'Av. Reforma 1, CDMX');
    await user.click(form.getByRole('button', { name: 'Save Partner' }));
    expect(field('Phone', form)).toHaveAccessibleDescription(/^This is not a valid phone number in Peru\./);

    await choose(user, field('Country', form), 'Mexico');
    await waitFor(() => expect(field('Phone', form)).toBeValid());
    await user.click(form.getByRole('button', { name: 'Save Partner' }));
    expect(screen.queryByTestId('partner-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('partner-card')).toHaveTextContent('+52 55 1234 5678');
  });
});
