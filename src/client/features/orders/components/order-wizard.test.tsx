import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, setPublicConfig } from '@client/lib/public-config';
import { clearToasts, fill, pdf, renderAt, stubFetch } from '../test-support';
import { OrderWizard } from './order-wizard';

const account = { id: 'user-1', name: 'Ana María Pérez', email: 'ana@example.com' };

function renderWizard(path = '/order') {
  return renderAt(path, [
    { path: '/order', element: <OrderWizard account={account} /> },
    { path: '/order/confirm', element: <p>confirm page</p> },
  ]);
}

/** A control by its label; a required field's label ends with the (aria-hidden) asterisk. */
function field(label: string, scope: Pick<typeof screen, 'getByLabelText'> = screen, selector = '*'): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabelText(new RegExp(`^${escaped}\\*?$`), { selector });
}

const next = () => screen.getByRole('button', { name: 'Next' });
const previous = () => screen.getByRole('button', { name: 'Previous' });
const submit = () => screen.getByRole('button', { name: /^(Submit Order|Submitting\.\.\.)$/ });
const position = () => screen.getByTestId('wizard-position').textContent;
const tab = (step: string) => screen.getByTestId(`step-tab-${step}`);

async function fillCompany(user: UserEvent) {
  await fill(user, field('First choice'), 'Sunrise Ventures LLC');
  await fill(user, field('Second choice'), 'Sunrise Labs LLC');
  await fill(user, field('Third choice'), 'Sunrise Holdings LLC');
}

async function fillAddress(user: UserEvent) {
  await fill(user, field('Address line 1'), 'Calle Mayor 5');
  await fill(user, field('City'), 'Madrid');
  await fill(user, field('State / Province'), 'Madrid');
  await fill(user, field('ZIP / Postal code'), '28013');
  await user.selectOptions(field('Country'), 'Spain');
}

/** Through steps 1-3 (contact comes prefilled from the account) to the identity step. */
async function reachIdentityStep(user: UserEvent) {
  await fillCompany(user);
  await user.click(next());
  await user.click(next());
  await fillAddress(user);
  await user.click(next());
  expect(position()).toBe('Step 4 of 4');
}

const fileInput = (label: string) => field(label, screen, 'input[type="file"]') as HTMLInputElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
  setPublicConfig(defaultPublicConfig);
});

describe('<OrderWizard>', () => {
  it('shows the price the server set beside the wizard', () => {
    setPublicConfig({ ...defaultPublicConfig, priceCents: 45000 });
    renderWizard();
    expect(within(screen.getByRole('complementary', { name: 'Your package' })).getByText('$450')).toBeTruthy();
  });

  it('keeps Next disabled until the step is complete and Previous disabled on step 1', async () => {
    const { user } = renderWizard();
    expect(position()).toBe('Step 1 of 4');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByText('25% complete')).toBeTruthy();
    expect(previous()).toHaveProperty('disabled', true);
    expect(next()).toHaveProperty('disabled', true);

    await fill(user, field('First choice'), 'Sunrise Ventures LLC');
    await fill(user, field('Second choice'), 'Sunrise Labs LLC');
    expect(next()).toHaveProperty('disabled', true);
    await fill(user, field('Third choice'), 'Sunrise Holdings LLC');
    expect(next()).toHaveProperty('disabled', false);
    await user.click(next());

    expect(position()).toBe('Step 2 of 4');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Contact Information' })));
    expect(previous()).toHaveProperty('disabled', false);
    // prefilled from the account, so step 2 is complete at once; the phone is optional
    expect(field('Organizer full name')).toHaveProperty('value', account.name);
    expect(field('Email')).toHaveProperty('value', account.email);
    expect(next()).toHaveProperty('disabled', false);
    await user.clear(field('Email'));
    expect(next()).toHaveProperty('disabled', true);
  });

  it('validates the step on Next and shows the message inline', async () => {
    const { user } = renderWizard();
    await fillCompany(user);
    await user.click(next());
    const email = field('Email');
    await user.clear(email);
    await user.type(email, 'ana@example');
    await user.click(next());
    expect(position()).toBe('Step 2 of 4');
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.type(email, '.com');
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    await user.click(next());
    expect(position()).toBe('Step 3 of 4');
  });

  it('opens only completed steps and the current one from the tabs, and keeps what was typed', async () => {
    const { user } = renderWizard();
    expect(tab('company')).toHaveProperty('disabled', false);
    expect(tab('company').getAttribute('aria-current')).toBe('step');
    for (const step of ['contact', 'address', 'verification']) expect(tab(step)).toHaveProperty('disabled', true);

    await fillCompany(user);
    await user.click(next());
    await user.click(next());
    expect(position()).toBe('Step 3 of 4');
    expect(tab('company')).toHaveProperty('disabled', false);
    expect(tab('contact')).toHaveProperty('disabled', false);
    expect(tab('address')).toHaveProperty('disabled', false);
    expect(tab('verification')).toHaveProperty('disabled', true);

    await user.click(tab('company'));
    expect(position()).toBe('Step 1 of 4');
    expect(field('Second choice')).toHaveProperty('value', 'Sunrise Labs LLC');
    // emptying a name undoes "done" for it and every step after it
    await user.clear(field('Second choice'));
    expect(tab('contact')).toHaveProperty('disabled', true);
    await fill(user, field('Second choice'), 'Sunrise Labs LLC');
    await user.click(tab('contact'));
    expect(position()).toBe('Step 2 of 4');
  });

  it('preselects the state from ?state=, falls back to Wyoming, and offers all 50 states + DC', async () => {
    renderWizard('/order?state=de');
    expect(screen.getByRole('radio', { name: 'Delaware' })).toHaveProperty('checked', true);
    const dropdown = field('Or choose any state') as HTMLSelectElement;
    expect(dropdown.value).toBe('DE');
    expect(dropdown.options).toHaveLength(51);
    expect(screen.getByRole('link', { name: /Take the State Quiz/ }).getAttribute('href')).toBe('/state-quiz');
    expect(screen.getByText('State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0')).toBeTruthy();
    // the fees come from the dataset (src/shared/state-data/states.json)
    expect(within(screen.getByTestId('state-card-WY')).getByText('Annual report fee $60')).toBeTruthy();
  });

  it('an unknown ?state= falls back to Wyoming; choosing from the dropdown unchecks the cards', async () => {
    const { user } = renderWizard('/order?state=ZZ');
    expect(screen.getByRole('radio', { name: 'Wyoming' })).toHaveProperty('checked', true);
    await user.selectOptions(field('Or choose any state'), 'TX');
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/order?state=TX');
    await user.click(screen.getByRole('radio', { name: 'Nevada' }));
    expect((field('Or choose any state') as HTMLSelectElement).value).toBe('NV');
  });

  it('on submit, asks for the SSN document from a US national and the passport from anyone else', async () => {
    const fetch = stubFetch();
    const { user } = renderWizard();
    await reachIdentityStep(user);
    expect(submit()).toHaveProperty('disabled', false);

    await user.selectOptions(field('Nationality'), 'American');
    await user.click(submit());
    expect(screen.getByText('Please upload your SSN document')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(fileInput('SSN proof document')));
    expect(fetch).not.toHaveBeenCalled();

    await user.selectOptions(field('Nationality'), 'Mexican');
    expect(screen.queryByText('Please upload your SSN document')).toBeNull();
    await user.click(submit());
    expect(screen.getByText('Please upload your passport')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.upload(fileInput('Passport'), pdf());
    expect(screen.queryByText('Please upload your passport')).toBeNull();
    expect(within(screen.getByTestId('upload-passport')).getByText('passport.pdf')).toBeTruthy();
  });

  it('refuses a wrong file type or a file over 10 MB at once, and a chosen file can be removed', async () => {
    const { user } = renderWizard();
    await reachIdentityStep(user);
    await user.upload(fileInput('Passport'), new File(['GIF89a'], 'passport.gif', { type: 'image/gif' }));
    expect(screen.getByText('Only PDF, JPG or PNG files can be uploaded.')).toBeTruthy();

    const big = pdf('huge.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(fileInput('Passport'), big);
    expect(screen.getByText('This file is larger than 10 MB.')).toBeTruthy();
    expect(within(screen.getByTestId('upload-passport')).queryByText('huge.pdf')).toBeNull();

    await user.upload(fileInput('Passport'), pdf('scan.pdf'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(within(screen.getByTestId('upload-passport')).queryByText('scan.pdf')).toBeNull();
  });

  it('adds, cancels, saves, edits and deletes the partner', async () => {
    const { user } = renderWizard();
    await reachIdentityStep(user);
    expect(screen.queryByTestId('partner-form')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Partner' }));
    const form = () => within(screen.getByTestId('partner-form'));
    await waitFor(() => expect(document.activeElement).toBe(field('Full name', form())));
    await user.click(form().getByRole('button', { name: 'Save Partner' }));
    expect(form().getAllByText('This field is required')).toHaveLength(5);
    await user.click(form().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('partner-form')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Partner' }));
    expect(field('Full name', form())).toHaveProperty('value', '');
    await fill(user, field('Full name', form()), 'Luis Gómez');
    await fill(user, field('Email', form()), 'luis@example');
    await fill(user, field('Phone', form()), '+52 55 1234 5678');
    await user.selectOptions(field('Country', form()), 'Mexico');
    await fill(user, field('Address', form()), 'Av. Reforma 1, CDMX');
    await user.click(form().getByRole('button', { name: 'Save Partner' }));
    expect(form().getByText('Please enter a valid email')).toBeTruthy();
    await user.type(field('Email', form()), '.mx{Enter}');
    // Enter in a partner field saves the partner, it does not submit the order
    expect(screen.queryByTestId('partner-form')).toBeNull();
    const card = within(screen.getByTestId('partner-card'));
    expect(card.getByText('Luis Gómez')).toBeTruthy();
    expect(card.getByText('luis@example.mx')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(card.getByRole('button', { name: 'Edit partner Luis Gómez' })));

    await user.click(card.getByRole('button', { name: 'Edit partner Luis Gómez' }));
    expect(field('Email', form())).toHaveProperty('value', 'luis@example.mx');
    await user.clear(field('Full name', form()));
    await fill(user, field('Full name', form()), 'Luis A. Gómez');
    await user.click(form().getByRole('button', { name: 'Save Partner' }));
    expect(within(screen.getByTestId('partner-card')).getByText('Luis A. Gómez')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete partner Luis A. Gómez' }));
    expect(screen.queryByTestId('partner-card')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Partner' })));
  });

  it('asks to save or cancel an open partner form before submitting', async () => {
    const fetch = stubFetch();
    const { user } = renderWizard();
    await reachIdentityStep(user);
    await user.click(screen.getByRole('button', { name: 'Add Partner' }));
    await user.click(submit());
    expect(screen.getByText('Save or cancel the partner before you submit.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on failure shows order.orderSubmitError, puts server field errors back on their step, and re-enables the form', async () => {
    const fetch = stubFetch({ status: 400, body: { error: { code: 'validation_failed', message: 'errors.validation_failed', fields: { companyName2: 'order.required' } } } });
    const { user } = renderWizard();
    await reachIdentityStep(user);
    await user.selectOptions(field('Nationality'), 'Spanish');
    await user.upload(fileInput('Passport'), pdf());
    await user.click(submit());

    expect(await screen.findByText('There was an error submitting your order. Please try again.')).toBeTruthy();
    expect(screen.getByText('Please check the highlighted fields.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    // back on the step with the field the server named, its message inline, the form usable again
    await waitFor(() => expect(position()).toBe('Step 1 of 4'));
    expect(within(field('Second choice').closest('div')!).getByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Second choice')));
    expect(field('Second choice')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('location').textContent).toBe('/order');
  });

  it('a network failure keeps the customer on the last step with the submit button enabled again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { user } = renderWizard();
    await reachIdentityStep(user);
    await user.selectOptions(field('Nationality'), 'American');
    await user.upload(fileInput('SSN proof document'), pdf('ssn.pdf'));
    await user.click(submit());
    expect(await screen.findByText('There was an error submitting your order. Please try again.')).toBeTruthy();
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    expect(submit().textContent).toBe('Submit Order');
    expect(position()).toBe('Step 4 of 4');
    expect(within(screen.getByTestId('upload-ssnDoc')).getByText('ssn.pdf')).toBeTruthy();
  });

  it('sends one multipart request (order first, then the files) and goes to the confirmation', async () => {
    const fetch = stubFetch({ status: 201, body: { order: { id: 'order-123' } } });
    const { user } = renderWizard('/order?state=NV');
    await reachIdentityStep(user);
    await user.selectOptions(field('Nationality'), 'Mexican');
    await user.upload(fileInput('Passport'), pdf());
    await user.upload(fileInput('Other photo ID (optional)'), new File(['\x89PNG'], 'licence.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add Partner' }));
    const form = within(screen.getByTestId('partner-form'));
    await fill(user, field('Full name', form), 'Luis Gómez');
    await fill(user, field('Email', form), 'luis@example.mx');
    await fill(user, field('Phone', form), '+52 55 1234 5678');
    await user.selectOptions(field('Country', form), 'Mexico');
    await fill(user, field('Address', form), 'Av. Reforma 1, CDMX');
    await user.click(form.getByRole('button', { name: 'Save Partner' }));
    await user.click(submit());

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/confirm?orderId=order-123'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/orders');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect([...body.keys()]).toEqual(['order', 'passport', 'otherId']);
    expect(JSON.parse(body.get('order') as string)).toEqual({
      llcState: 'NV',
      companyName1: 'Sunrise Ventures LLC',
      companyName2: 'Sunrise Labs LLC',
      companyName3: 'Sunrise Holdings LLC',
      organizerName: account.name,
      email: account.email,
      addressLine1: 'Calle Mayor 5',
      addressCity: 'Madrid',
      addressState: 'Madrid',
      addressZip: '28013',
      addressCountry: 'Spain',
      nationality: 'Mexican',
      partner: { fullName: 'Luis Gómez', email: 'luis@example.mx', phone: '+52 55 1234 5678', country: 'Mexico', address: 'Av. Reforma 1, CDMX' },
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
    expect(position()).toBe('Step 2 of 4');
    await second.user.click(tab('company'));
    expect(field('Third choice')).toHaveProperty('value', 'Sunrise Holdings LLC');
  });
});
