import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch, words } from '../testing/render-support';
import { AffiliateApplication } from './affiliate-application';
import { SupportCenter } from './support-center';

afterEach(() => vi.unstubAllGlobals());

const created = { status: 201, body: { ticket: { id: 't1' } } };
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const counter = () => screen.getByTestId('word-counter');

async function fillSupport(user: ReturnType<typeof renderWithProviders>['user'], message = 'Where is my EIN letter?') {
  await user.type(field(/Full name/), 'Ana Pérez');
  await user.type(field(/Email/), 'ana@example.com');
  await user.click(field(/Support message/));
  await user.paste(message);
}

describe('support ticket form (/jv-support)', () => {
  it('counts words live and turns red and disables Submit above 100 words', async () => {
    const { user } = renderWithProviders(<SupportCenter />);
    expect(counter().textContent).toBe('0/100 words');
    await user.type(field(/Support message/), '  one\ttwo   three ');
    expect(counter().textContent).toBe('3/100 words');
    await user.clear(field(/Support message/));
    await user.paste(words(100));
    expect(counter().textContent).toBe('100/100 words');
    expect(counter().className).not.toMatch(/red/);
    expect(screen.getByRole('button', { name: 'Submit Ticket' })).toHaveProperty('disabled', false);

    await user.type(field(/Support message/), ' extra');
    expect(counter().textContent).toMatch(/^101\/100 words/);
    expect(counter().className).toMatch(/text-red-700/);
    expect(screen.getByRole('button', { name: 'Submit Ticket' })).toHaveProperty('disabled', true);
  });

  it('shows the SPEC messages for empty and invalid fields, without calling the API', async () => {
    const requests = stubFetch(created);
    const { user } = renderWithProviders(<SupportCenter />);
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Support message is required')).toBeTruthy();
    await user.type(field(/Full name/), 'A');
    await user.type(field(/Email/), 'nope');
    await user.type(field(/Support message/), 'two words');
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Support message must be at least 3 words')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('says Submitting... while sending, then shows the success screen; Submit Another Ticket brings an empty form', async () => {
    let answer!: (reply: typeof created) => void;
    const requests = stubFetch(() => new Promise((resolve) => (answer = resolve)));
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(requests).toEqual([{ method: 'POST', path: '/api/support-tickets', body: { name: 'Ana Pérez', email: 'ana@example.com', support_message: 'Where is my EIN letter?', language: expect.any(String) } }]);

    answer(created);
    expect(await screen.findByRole('heading', { name: 'Ticket submitted' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Full name/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Another Ticket' }));
    expect((field(/Full name/) as HTMLInputElement).value).toBe('');
    expect((field(/Support message/) as HTMLTextAreaElement).value).toBe('');
    expect(counter().textContent).toBe('0/100 words');
    await waitFor(() => expect(document.activeElement).toBe(field(/Full name/)));
  });

  it('keeps what was typed under the red failure banner', async () => {
    stubFetch({ status: 500, body: { error: { code: 'internal', message: 'errors.internal' } } });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit support ticket. Please try again.');
    expect((field(/Full name/) as HTMLInputElement).value).toBe('Ana Pérez');
    expect((field(/Support message/) as HTMLTextAreaElement).value).toBe('Where is my EIN letter?');
    expect(screen.getByRole('button', { name: 'Submit Ticket' })).toHaveProperty('disabled', false);
  });

  it('explains a rate limit (429) instead of the generic failure', async () => {
    stubFetch({ status: 429, body: { error: { code: 'rate_limited', message: 'errors.rate_limited' } } });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^You have sent several requests in a short time\. Please wait 15 minutes.*support@example\.com/);
  });

  it('shows the direct contact email', () => {
    renderWithProviders(<SupportCenter />);
    expect(screen.getByTestId('direct-email').getAttribute('href')).toBe('mailto:support@example.com');
  });
});

describe('affiliate application (/affiliate-partner)', () => {
  it("speaks of an affiliate request, sends message_origin 'Affiliate', and is replaced by the success screen", async () => {
    const requests = stubFetch(created);
    const { user } = renderWithProviders(<AffiliateApplication />);
    expect(screen.getByRole('heading', { name: 'Why partner with us' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Affiliate request is required')).toBeTruthy();
    await user.type(field(/Affiliate request/), 'two words');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Affiliate request must be at least 3 words')).toBeTruthy();
    await user.clear(field(/Affiliate request/));
    await user.paste(words(101));
    expect(counter().textContent).toMatch(/^101\/100 words/);
    expect(screen.getByRole('button', { name: 'Submit Request' })).toHaveProperty('disabled', true);

    await user.clear(field(/Affiliate request/));
    await user.type(field(/Full name/), 'Marco Rossi');
    await user.type(field(/Email/), 'marco@example.com');
    await user.type(field(/Affiliate request/), 'I run a YouTube channel for sellers');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeTruthy();
    expect(requests[0]?.body).toMatchObject({ name: 'Marco Rossi', message_origin: 'Affiliate' });
    expect(screen.queryByRole('heading', { name: 'Why partner with us' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect((field(/Full name/) as HTMLInputElement).value).toBe('');
  });

  it('shows its own failure message, and the messages in Spanish', async () => {
    stubFetch({ status: 500, body: {} });
    const { user } = renderWithProviders(<AffiliateApplication />, { lng: 'es' });
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('La solicitud de afiliado es obligatoria')).toBeTruthy();
    expect(screen.getByText('El nombre es obligatorio')).toBeTruthy();
    expect(screen.getByTestId('word-counter').textContent).toBe('0/100 palabras');
    await user.type(field(/Nombre completo/), 'Marco Rossi');
    await user.type(field(/Correo electrónico/), 'marco@example.com');
    await user.type(field(/Solicitud de afiliado/), 'Tengo un canal de YouTube');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo enviar la solicitud de afiliado. Inténtelo de nuevo.');
  });
});
