import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi, type ApiReply } from '@client/testing/api-stub';
import { words } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { AffiliateApplication } from './affiliate-application';
import { SupportCenter } from './support-center';

const ticketRoute = 'POST /api/support-tickets';
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
    expect(counter()).toHaveTextContent(/^0\/100 words$/);
    await user.type(field(/Support message/), '  one\ttwo   three ');
    expect(counter()).toHaveTextContent(/^3\/100 words$/);
    await user.clear(field(/Support message/));
    await user.paste(words(100));
    expect(counter()).toHaveTextContent(/^100\/100 words$/);
    expect(counter().className).not.toMatch(/red/);
    expect(screen.getByRole('button', { name: 'Submit ticket' })).toBeEnabled();

    await user.type(field(/Support message/), ' extra');
    expect(counter()).toHaveTextContent(/^101\/100 words/);
    expect(counter()).toHaveClass('text-red-700');
    expect(screen.getByRole('button', { name: 'Submit ticket' })).toBeDisabled();
  });

  it("shows the product's messages for empty and invalid fields, without calling the API", async () => {
    const api = stubApi({ [ticketRoute]: created });
    const { user } = renderWithProviders(<SupportCenter />);
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await screen.findByText('Name is required');
    expect(field(/Full name/)).toHaveAccessibleDescription('Name is required');
    expect(field(/Email/)).toHaveAccessibleDescription('Email is required');
    expect(field(/Support message/)).toHaveAccessibleDescription(/Support message is required/);
    await user.type(field(/Full name/), 'A');
    await user.type(field(/Email/), 'nope');
    await user.type(field(/Support message/), 'two words');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await screen.findByText('Name must be at least 2 characters');
    expect(field(/Full name/)).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(field(/Email/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field(/Support message/)).toHaveAccessibleDescription(/Support message must be at least 3 words/);
    expect(api.calls).toEqual([]);
  });

  it('says Submitting... while sending, then shows the success screen; Submit Another Ticket brings an empty form', async () => {
    let answer!: (reply: ApiReply) => void;
    const api = stubApi({ [ticketRoute]: () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(api.calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/support-tickets',
        body: { name: 'Ana Pérez', email: 'ana@example.com', support_message: 'Where is my EIN letter?', language: expect.any(String) },
      },
    ]);

    answer(created);
    expect(await screen.findByRole('heading', { name: 'Ticket submitted' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /Full name/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Another Ticket' }));
    expect(field(/Full name/)).toHaveValue('');
    expect(field(/Support message/)).toHaveValue('');
    expect(counter()).toHaveTextContent(/^0\/100 words$/);
    await waitFor(() => expect(field(/Full name/)).toHaveFocus());
  });

  it('keeps what was typed under the red failure banner', async () => {
    stubApi({ [ticketRoute]: apiError(500, 'internal', 'errors.internal') });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to submit support ticket\. Please try again\.$/);
    expect(field(/Full name/)).toHaveValue('Ana Pérez');
    expect(field(/Support message/)).toHaveValue('Where is my EIN letter?');
    expect(screen.getByRole('button', { name: 'Submit ticket' })).toBeEnabled();
  });

  it('explains a rate limit (429) instead of the generic failure', async () => {
    stubApi({ [ticketRoute]: apiError(429, 'rate_limited', 'errors.rate_limited') });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^You have sent several requests in a short time\. Please wait 15 minutes.*support@example\.com/,
    );
  });

  it('shows the direct contact email', () => {
    renderWithProviders(<SupportCenter />);
    expect(screen.getByTestId('direct-email')).toHaveAttribute('href', 'mailto:support@example.com');
  });
});

describe('affiliate application (/affiliate-partner)', () => {
  it("speaks of an affiliate request, sends message_origin 'Affiliate', and is replaced by the success screen", async () => {
    const api = stubApi({ [ticketRoute]: created });
    const { user } = renderWithProviders(<AffiliateApplication />);
    expect(screen.getByRole('heading', { name: 'Why partner with us' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByText('Affiliate request is required');
    expect(field(/Affiliate request/)).toHaveAccessibleDescription(/Affiliate request is required/);
    await user.type(field(/Affiliate request/), 'two words');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByText('Affiliate request must be at least 3 words');
    expect(field(/Affiliate request/)).toHaveAccessibleDescription(/Affiliate request must be at least 3 words/);
    await user.clear(field(/Affiliate request/));
    await user.paste(words(101));
    expect(counter()).toHaveTextContent(/^101\/100 words/);
    expect(screen.getByRole('button', { name: 'Submit request' })).toBeDisabled();

    await user.clear(field(/Affiliate request/));
    await user.type(field(/Full name/), 'Marco Rossi');
    await user.type(field(/Email/), 'marco@example.com');
    await user.type(field(/Affiliate request/), 'I run a YouTube channel for sellers');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeVisible();
    expect(api.calls[0]?.body).toMatchObject({ name: 'Marco Rossi', message_origin: 'Affiliate' });
    expect(screen.queryByRole('heading', { name: 'Why partner with us' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(field(/Full name/)).toHaveValue('');
  });

  it('shows its own failure message, and the messages in Spanish', async () => {
    stubApi({ [ticketRoute]: { status: 500, body: {} } });
    const { user } = renderWithProviders(<AffiliateApplication />, { language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await screen.findByText('La solicitud de afiliado es obligatoria');
    expect(field(/Solicitud de afiliado/)).toHaveAccessibleDescription(/La solicitud de afiliado es obligatoria/);
    expect(field(/Nombre completo/)).toHaveAccessibleDescription('El nombre es obligatorio');
    expect(counter()).toHaveTextContent(/^0\/100 palabras$/);
    await user.type(field(/Nombre completo/), 'Marco Rossi');
    await user.type(field(/Correo electrónico/), 'marco@example.com');
    await user.type(field(/Solicitud de afiliado/), 'Tengo un canal de YouTube');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No se pudo enviar la solicitud de afiliado\. Inténtelo de nuevo\.$/);
  });
});
