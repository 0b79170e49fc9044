import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPublicConfig, setPublicConfig } from '@client/lib/public-config';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer as account, pdf } from '@client/testing/builders';
import { choose, field, fill, headingFocused } from '@client/testing/form';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { OrderWizard } from './order-wizard';

const createRoute = 'POST /api/orders';

// on /order only: a location probe shows where a submit leads
const renderWizard = (route = '/order') => renderWithProviders(<OrderWizard account={account} />, { route, path: '/order', toasts: true });

const next = () => screen.getByRole('button', { name: 'Next' });
const previous = () => screen.getByRole('button', { name: 'Previous' });
const submit = () => screen.getByRole('button', { name: /^(Submit order|Submitting\.\.\.)$/ });
const position = () => screen.getByTestId('wizard-position');
const tab = (step: string) => screen.getByTestId(`step-tab-${step}`);

async function fillCompany(user: UserEvent) {
  await fill(user, field('First choice'), 'Sunrise Ventures LLC');
  await fill(user, field('Second choice'), 'Sunrise Labs LLC');
  await fill(user, field('Third choice'), 'Sunrise Holdings LLC');
}

async function fillAddress(user: UserEvent) {
  await fill(user, field('Address line 1'), 'Calle Mayor 5');
  await fill(user, field('City'), 'Madrid');
  await fill(user, field('State / province'), 'Madrid');
  await fill(user, field('ZIP / Postal code'), '28013');
  await choose(user, field('Country'), 'Spain');
}

/** Through steps 1-3 (contact comes prefilled from the account) to the identity step. */
async function reachIdentityStep(user: UserEvent) {
  await fillCompany(user);
  await user.click(next());
  await user.click(next());
  await headingFocused('Mailing Address');
  await fillAddress(user);
  await user.click(next());
  expect(position()).toHaveTextContent(/^Step 4 of 4$/);
  // three steps done; the last one is done only once the order is submitted
  expect(screen.getByTestId('wizard-complete')).toHaveTextContent(/^75% complete$/);
  await headingFocused('Identity & Partner Details');
}

const fileInput = (label: string) => field(label, screen, 'input[type="file"]') as HTMLInputElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  clearToasts();
  setPublicConfig(defaultPublicConfig);
});

describe('<OrderWizard>', () => {
  it('shows the price the server set beside the wizard', () => {
    setPublicConfig({ ...defaultPublicConfig, priceCents: 45000 });
    renderWizard();
    expect(within(screen.getByRole('complementary', { name: 'Your package' })).getByText('$450')).toBeVisible();
  });

  it('keeps Next disabled until the step is complete and Previous disabled on step 1', async () => {
    const { user } = renderWizard();
    expect(position()).toHaveTextContent(/^Step 1 of 4$/);
    // nothing is done yet: the bar counts completed steps, not the one being filled
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Step 1 of 4, 0% complete');
    expect(screen.getByTestId('wizard-complete')).toHaveTextContent(/^0% complete$/);
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();

    await fill(user, field('First choice'), 'Sunrise Ventures LLC');
    await fill(user, field('Second choice'), 'Sunrise Labs LLC');
    expect(next()).toBeDisabled();
    await fill(user, field('Third choice'), 'Sunrise Holdings LLC');
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(position()).toHaveTextContent(/^Step 2 of 4$/);
    expect(screen.getByTestId('wizard-complete')).toHaveTextContent(/^25% complete$/);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Contact Information' })).toHaveFocus());
    expect(previous()).toBeEnabled();
    // prefilled from the account, so step 2 is complete at once; the phone is optional
    expect(field('Organizer full name')).toHaveValue(account.name);
    expect(field('Email')).toHaveValue(account.email);
    expect(next()).toBeEnabled();
    await user.clear(field('Email'));
    expect(next()).toBeDisabled();
  });

  it("checks the names against the chosen state's rules on Next: says the rule, offers the fix, asks to confirm a regulated word", async () => {
    const { user } = renderWizard();
    await fill(user, field('First choice'), 'Acme Bank');
    await fill(user, field('Second choice'), 'Acme Labs LLC');
    await fill(user, field('Third choice'), 'ACME LABS, L.L.C.');
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 1 of 4$/);
    expect(field('First choice')).toHaveAccessibleDescription(/^Wyoming requires “LLC” or another accepted form in the name: “LLC”/);
    expect(field('Third choice')).toHaveAccessibleDescription(/same name as an earlier choice/);
    expect(screen.getByTestId('name-rules-source')).toHaveTextContent(/^Name rules for Wyoming: W.S. § 17-29-108\.$/);

    await user.click(screen.getByRole('button', { name: 'Use “Acme Bank LLC”' }));
    expect(field('First choice')).toHaveValue('Acme Bank LLC');
    await waitFor(() => expect(field('First choice')).not.toHaveAccessibleDescription(/requires/));
    await fill(user, field('Third choice'), 'Acme Holdings LLC');

    // New York accepts "Bank" only with a regulator's approval: confirmed, not refused
    await user.selectOptions(field('Or choose any state'), 'NY');
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 1 of 4$/);
    expect(field('First choice')).toHaveAccessibleDescription(/^New York accepts “Bank” only with a regulator’s approval/);
    await user.click(screen.getByRole('checkbox', { name: /^I understand that “Bank” needs a New York regulator’s approval/ }));
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 2 of 4$/);
  });

  it('validates the step on Next and shows the message inline', async () => {
    const { user } = renderWizard();
    await fillCompany(user);
    await user.click(next());
    const email = field('Email');
    await user.clear(email);
    await user.type(email, 'ana@example');
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 2 of 4$/);
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(email).toBeInvalid();
    await waitFor(() => expect(email).toHaveFocus());
    await user.type(email, '.com');
    expect(email).toBeValid();
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 3 of 4$/);
  });

  it('takes an optional second address line for what one line cannot hold, and sends it', async () => {
    const api = stubApi({ [createRoute]: { status: 201, body: { order: { id: 'order-cdmx' } } } });
    const { user, location } = renderWizard();
    await fillCompany(user);
    await user.click(next());
    await user.click(next());
    await headingFocused('Mailing Address');
    const line2 = field('Address line 2 (optional)');
    expect(line2).not.toBeRequired();
    expect(line2).toHaveAttribute('autocomplete', 'address-line2');
    expect(line2).toHaveAccessibleDescription(/Neighborhood, floor, apartment or suite/);
    await fill(user, field('Address line 1'), 'Av. Paseo de la Reforma 2620');
    await fill(user, line2, 'Piso 14, Col. Lomas Altas');
    await fill(user, field('City'), 'Ciudad de México');
    await fill(user, field('State / province'), 'CDMX');
    await fill(user, field('ZIP / Postal code'), '11950');
    await choose(user, field('Country'), 'Mexico');
    await user.click(next());
    await headingFocused('Identity & Partner Details');
    await choose(user, field('Nationality (country of citizenship)'), 'Mexico');
    await user.upload(fileInput('Passport'), pdf());
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/order/confirm?orderId=order-cdmx'));
    expect(JSON.parse((api.calls[0]!.body as FormData).get('order') as string)).toMatchObject({
      addressLine1: 'Av. Paseo de la Reforma 2620',
      addressLine2: 'Piso 14, Col. Lomas Altas',
    });
  });

  it('opens only completed steps and the current one from the tabs, and keeps what was typed', async () => {
    const { user } = renderWizard();
    expect(tab('company')).toBeEnabled();
    expect(tab('company')).toHaveAttribute('aria-current', 'step');
    for (const step of ['contact', 'address', 'verification']) expect(tab(step)).toBeDisabled();

    await fillCompany(user);
    await user.click(next());
    await user.click(next());
    expect(position()).toHaveTextContent(/^Step 3 of 4$/);
    expect(tab('company')).toBeEnabled();
    expect(tab('contact')).toBeEnabled();
    expect(tab('address')).toBeEnabled();
    expect(tab('verification')).toBeDisabled();

    await user.click(tab('company'));
    expect(position()).toHaveTextContent(/^Step 1 of 4$/);
    expect(field('Second choice')).toHaveValue('Sunrise Labs LLC');
    // emptying a name undoes "done" for it and every step after it
    await user.clear(field('Second choice'));
    expect(tab('contact')).toBeDisabled();
    await fill(user, field('Second choice'), 'Sunrise Labs LLC');
    await user.click(tab('contact'));
    expect(position()).toHaveTextContent(/^Step 2 of 4$/);
  });

  it('preselects the state from ?state=, falls back to Wyoming, and offers all 50 states + DC', async () => {
    renderWizard('/order?state=de');
    expect(screen.getByRole('radio', { name: 'Delaware' })).toBeChecked();
    const dropdown = field('Or choose any state') as HTMLSelectElement;
    expect(dropdown).toHaveValue('DE');
    expect(dropdown.options).toHaveLength(51);
    expect(screen.getByRole('link', { name: /Take the State Quiz/ })).toHaveAttribute('href', '/state-quiz');
    expect(screen.getByText('State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0')).toBeVisible();
    // the fees come from the dataset (src/shared/state-data/states.json)
    expect(screen.getByTestId('state-card-WY')).toHaveTextContent('License Fee, paid with the annual report: from $60');
  });

  it('an unknown ?state= falls back to Wyoming; choosing from the dropdown unchecks the cards', async () => {
    const { user, location } = renderWizard('/order?state=ZZ');
    expect(screen.getByRole('radio', { name: 'Wyoming' })).toBeChecked();
    await user.selectOptions(field('Or choose any state'), 'TX');
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(location()).toBe('/order?state=TX');
    await user.click(screen.getByRole('radio', { name: 'Nevada' }));
    expect(field('Or choose any state')).toHaveValue('NV');
  });

  it('says before payment that an order of a sanctioned nationality is reviewed first, in place, as it is chosen', async () => {
    stubApi();
    const { user } = renderWizard();
    await reachIdentityStep(user);
    expect(screen.getByTestId('sanctions-notice')).toBeEmptyDOMElement();
    await choose(user, field('Nationality (country of citizenship)'), 'Cuba');
    expect(screen.getByTestId('sanctions-notice')).toHaveTextContent(
      /^Citizens of Cuba are under comprehensive US sanctions, so we review these orders before payment/,
    );
    await choose(user, field('Nationality (country of citizenship)'), 'Guatemala');
    expect(screen.getByTestId('sanctions-notice')).toBeEmptyDOMElement();
  });

  it('on submit, asks for the SSN document from a US national and the passport from anyone else', async () => {
    const api = stubApi();
    const { user } = renderWizard();
    await reachIdentityStep(user);
    expect(submit()).toBeEnabled();

    await choose(user, field('Nationality (country of citizenship)'), 'United States');
    await user.click(submit());
    expect(fileInput('SSN proof document')).toHaveAccessibleDescription(/Please upload your SSN document/);
    await waitFor(() => expect(fileInput('SSN proof document')).toHaveFocus());
    expect(api.calls).toEqual([]);

    await choose(user, field('Nationality (country of citizenship)'), 'Mexico');
    expect(screen.queryByText('Please upload your SSN document')).not.toBeInTheDocument();
    await user.click(submit());
    expect(fileInput('Passport')).toHaveAccessibleDescription(/Please upload your passport/);
    expect(api.calls).toEqual([]);

    await user.upload(fileInput('Passport'), pdf());
    expect(screen.queryByText('Please upload your passport')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-passport')).toHaveTextContent('passport.pdf');
  });

  it("asks only for the documents of the founder's nationality, the required one first, and sends no other", async () => {
    const api = stubApi({ [createRoute]: { status: 201, body: { order: { id: 'order-mx' } } } });
    const { user, location } = renderWizard();
    await reachIdentityStep(user);
    const uploads = () => screen.getAllByTestId(/^upload-/).map((upload) => upload.dataset.testid);
    await choose(user, field('Nationality (country of citizenship)'), 'United States');
    expect(uploads()).toEqual(['upload-ssnDoc', 'upload-otherId']);
    await user.upload(fileInput('SSN proof document'), pdf('ssn.pdf'));

    // a Mexican founder: the passport, then another photo ID; no SSN field above them
    await choose(user, field('Nationality (country of citizenship)'), 'Mexico');
    expect(uploads()).toEqual(['upload-passport', 'upload-otherId']);
    expect(screen.queryByText('SSN proof document')).not.toBeInTheDocument();
    await user.upload(fileInput('Passport'), pdf());
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/order/confirm?orderId=order-mx'));
    // the SSN file chosen before the nationality changed stays in the browser
    expect([...(api.calls[0]!.body as FormData).keys()]).toEqual(['order', 'passport']);
  });

  it('refuses a wrong file type or a file over 10 MB at once, and a chosen file can be removed', async () => {
    const { user } = renderWizard();
    await reachIdentityStep(user);
    await user.upload(fileInput('Passport'), new File(['GIF89a'], 'passport.gif', { type: 'image/gif' }));
    expect(fileInput('Passport')).toHaveAccessibleDescription(/Only PDF, JPG or PNG files can be uploaded\./);

    const big = pdf('huge.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(fileInput('Passport'), big);
    expect(fileInput('Passport')).toHaveAccessibleDescription(/This file is larger than 10 MB\./);
    expect(screen.getByTestId('upload-passport')).not.toHaveTextContent('huge.pdf');

    await user.upload(fileInput('Passport'), pdf('scan.pdf'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(screen.getByTestId('upload-passport')).not.toHaveTextContent('scan.pdf');
  });

  it('adds, cancels, saves, edits and deletes the partner', async () => {
    const { user } = renderWizard();
    await reachIdentityStep(user);
    expect(screen.queryByTestId('partner-form')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    const form = () => within(screen.getByTestId('partner-form'));
    await waitFor(() => expect(field('Full name', form())).toHaveFocus());
    await user.click(form().getByRole('button', { name: 'Save Partner' }));
    expect(form().getAllByText('This field is required')).toHaveLength(5);
    await user.click(form().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('partner-form')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    expect(field('Full name', form())).toHaveValue('');
    await fill(user, field('Full name', form()), 'Luis Gómez');
    await fill(user, field('Email', form()), 'luis@example');
    await fill(user, field('Phone', form()), '+52 55 1234 5678');
    await choose(user, field('Country', form()), 'Mexico');
    await fill(user, field('Address', form()), 'Av. Reforma 1, CDMX');
    await user.click(form().getByRole('button', { name: 'Save Partner' }));
    expect(field('Email', form())).toHaveAccessibleDescription('Please enter a valid email');
    await user.type(field('Email', form()), '.mx{Enter}');
    // Enter in a partner field saves the partner, it does not submit the order
    expect(screen.queryByTestId('partner-form')).not.toBeInTheDocument();
    const card = within(screen.getByTestId('partner-card'));
    expect(screen.getByTestId('partner-card')).toHaveTextContent(/Luis Gómez.*luis@example\.mx/);
    await waitFor(() => expect(card.getByRole('button', { name: 'Edit partner Luis Gómez' })).toHaveFocus());

    await user.click(card.getByRole('button', { name: 'Edit partner Luis Gómez' }));
    expect(field('Email', form())).toHaveValue('luis@example.mx');
    await user.clear(field('Full name', form()));
    await fill(user, field('Full name', form()), 'Luis A. Gómez');
    await user.click(form().getByRole('button', { name: 'Save Partner' }));
    expect(screen.getByTestId('partner-card')).toHaveTextContent('Luis A. Gómez');

    await user.click(screen.getByRole('button', { name: 'Delete partner Luis A. Gómez' }));
    expect(screen.queryByTestId('partner-card')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add partner' })).toHaveFocus());
  });

  it('asks to save or cancel an open partner form before submitting', async () => {
    const api = stubApi();
    const { user } = renderWizard();
    await reachIdentityStep(user);
    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    await user.click(submit());
    expect(within(screen.getByTestId('partner-form')).getByRole('alert')).toHaveTextContent(/^Save or cancel the partner before you submit\.$/);
    expect(api.calls).toEqual([]);
  });

  it('on failure shows order.orderSubmitError, puts server field errors back on their step, and re-enables the form', async () => {
    const api = stubApi({ [createRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { companyName2: 'order.required' }) });
    const { user, location } = renderWizard();
    await reachIdentityStep(user);
    await choose(user, field('Nationality (country of citizenship)'), 'Spain');
    await user.upload(fileInput('Passport'), pdf());
    await user.click(submit());

    // a toast says it
    expect(await screen.findByText('There was an error submitting your order. Please try again.')).toBeVisible();
    expect(screen.getByText('Please check the highlighted fields.')).toBeVisible();
    expect(api.calls).toHaveLength(1);
    // back on the step with the field the server named, its message inline, the form usable again
    await waitFor(() => expect(position()).toHaveTextContent(/^Step 1 of 4$/));
    expect(field('Second choice')).toHaveAccessibleDescription('This field is required');
    await waitFor(() => expect(field('Second choice')).toHaveFocus());
    expect(field('Second choice')).toBeEnabled();
    expect(location()).toBe('/order');
  });

  it('a network failure keeps the customer on the last step, focused on Submit throughout, with the reason next to it', async () => {
    let drop = () => {};
    const dropped = new Promise<never>((_, reject) => (drop = () => reject(new TypeError('Failed to fetch'))));
    const api = stubApi({ [createRoute]: () => dropped });
    const { user } = renderWizard();
    await reachIdentityStep(user);
    await choose(user, field('Nationality (country of citizenship)'), 'United States');
    await user.upload(fileInput('SSN proof document'), pdf('ssn.pdf'));
    submit().focus();
    await user.keyboard('{Enter}');
    // busy: the fields are locked, the button keeps the keyboard's focus and takes no second press
    await waitFor(() => expect(submit()).toHaveTextContent(/^Submitting\.\.\.$/));
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    expect(submit()).toHaveFocus();
    expect(field('Nationality (country of citizenship)')).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(api.count(createRoute)).toBe(1);
    drop();
    expect(await screen.findByTestId('action-error')).toHaveTextContent(/^There was an error submitting your order\. Please try again\. /);
    await waitFor(() => expect(submit()).not.toHaveAttribute('aria-disabled'));
    expect(submit()).toHaveFocus();
    expect(submit()).toHaveAccessibleDescription(screen.getByTestId('action-error').textContent!);
    expect(submit()).toHaveTextContent(/^Submit order$/);
    expect(position()).toHaveTextContent(/^Step 4 of 4$/);
    expect(screen.getByTestId('upload-ssnDoc')).toHaveTextContent('ssn.pdf');
  });

  // a banking word confirmed on step 1 stays confirmed when the order is sent
  it('sends a name with a confirmed banking word and a WhatsApp number, as the founder typed them', async () => {
    const api = stubApi({ [createRoute]: { status: 201, body: { order: { id: 'order-bank' } } } });
    const { user, location } = renderWizard('/order?state=WY');
    await fill(user, field('First choice'), 'Águila Bank LLC');
    await fill(user, field('Second choice'), 'Águila Labs LLC');
    await fill(user, field('Third choice'), 'Águila Holdings LLC');
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: /^I understand that banking, insurance and trust laws govern “Bank”/ }));
    await user.click(next());
    await headingFocused('Contact Information');
    await fill(user, field('Phone (optional)'), '+52 1 55 1234 5678');
    await user.click(next());
    await headingFocused('Mailing Address');
    await fillAddress(user);
    await user.click(next());
    await headingFocused('Identity & Partner Details');
    await choose(user, field('Nationality (country of citizenship)'), 'Mexico');
    await user.upload(fileInput('Passport'), pdf());
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/order/confirm?orderId=order-bank'));
    const sent = JSON.parse((api.calls[0]!.body as FormData).get('order') as string);
    expect(sent).toMatchObject({ companyName1: 'Águila Bank LLC', restrictedWordsAccepted: true, phone: '+525512345678' });
  });

  it('sends one multipart request (order first, then the files) and goes to the confirmation', async () => {
    const api = stubApi({ [createRoute]: { status: 201, body: { order: { id: 'order-123' } } } });
    const { user, location } = renderWizard('/order?state=NV');
    await reachIdentityStep(user);
    await choose(user, field('Nationality (country of citizenship)'), 'Mexico');
    await user.upload(fileInput('Passport'), pdf());
    await user.upload(fileInput('Other photo ID (optional)'), new File(['\x89PNG'], 'licence.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    const form = within(screen.getByTestId('partner-form'));
    await waitFor(() => expect(field('Full name', form)).toHaveFocus());
    await fill(user, field('Full name', form), 'Luis Gómez');
    await fill(user, field('Email', form), 'luis@example.mx');
    await fill(user, field('Phone', form), '+52 55 1234 5678');
    await choose(user, field('Country', form), 'Mexico');
    await fill(user, field('Address', form), 'Av. Reforma 1, CDMX');
    await user.click(form.getByRole('button', { name: 'Save Partner' }));
    await user.click(submit());

    await waitFor(() => expect(location()).toBe('/order/confirm?orderId=order-123'));
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([createRoute]);
    const body = api.calls[0]!.body as FormData;
    expect([...body.keys()]).toEqual(['order', 'passport', 'otherId']);
    expect(JSON.parse(body.get('order') as string)).toEqual({
      llcState: 'NV',
      companyName1: 'Sunrise Ventures LLC',
      companyName2: 'Sunrise Labs LLC',
      companyName3: 'Sunrise Holdings LLC',
      organizerName: account.name,
      email: account.email,
      addressLine1: 'Calle Mayor 5',
      addressLine2: '',
      addressCity: 'Madrid',
      addressState: 'Madrid',
      addressZip: '28013',
      // ISO codes, and the phone in E.164
      addressCountry: 'ES',
      nationality: 'MX',
      partner: { fullName: 'Luis Gómez', email: 'luis@example.mx', phone: '+525512345678', country: 'MX', address: 'Av. Reforma 1, CDMX' },
    });
    expect((body.get('passport') as File).name).toBe('passport.pdf');
    expect(sessionStorage.getItem(`order-draft:${account.id}`)).toBeNull();
  });

  it('keeps the typed text (not the files) across a reload, per user', async () => {
    const first = renderWizard();
    await fillCompany(first.user);
    await first.user.click(next());
    first.unmount();

    const second = renderWizard();
    expect(position()).toHaveTextContent(/^Step 2 of 4$/);
    await second.user.click(tab('company'));
    expect(field('Third choice')).toHaveValue('Sunrise Holdings LLC');
  });

  it('says the files must be chosen again where the browser cannot keep them (jsdom has no IndexedDB)', async () => {
    const { user } = renderWizard();
    await reachIdentityStep(user);
    const notice = screen.getByTestId('files-not-kept');
    expect(notice).toBeEmptyDOMElement();
    await user.upload(fileInput('Passport'), pdf());
    expect(screen.getByTestId('upload-passport')).toHaveTextContent('passport.pdf');
    await waitFor(() => expect(notice).toHaveTextContent(/if you reload or leave this page, you will have to choose them again/));
    expect(notice).toHaveAttribute('role', 'status');
  });
});
