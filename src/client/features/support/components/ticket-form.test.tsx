import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@client/lib/api/session';
import type { TOrderSummary } from '@shared/orders';
import { apiError, stubApi, type ApiReply } from '@client/testing/api-stub';
import { customer, words } from '@client/testing/builders';
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

// a visitor unless a test signs someone in: the session is known, so the page asks nobody
beforeEach(() => setSession(null));
afterEach(() => setSession(null));

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
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();

    await user.type(field(/Support message/), ' extra');
    expect(counter()).toHaveTextContent(/^101\/100 words/);
    expect(counter()).toHaveClass('text-red-700');
    expect(screen.getByRole('button', { name: 'Send request' })).toBeDisabled();
  });

  it("shows the product's messages for empty and invalid fields, without calling the API", async () => {
    const api = stubApi({ [ticketRoute]: created });
    const { user } = renderWithProviders(<SupportCenter />);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText('Name is required');
    expect(field(/Full name/)).toHaveAccessibleDescription('Name is required');
    expect(field(/Email/)).toHaveAccessibleDescription('Email is required');
    expect(field(/Support message/)).toHaveAccessibleDescription(/Support message is required/);
    await user.type(field(/Full name/), 'A');
    await user.type(field(/Email/), 'nope');
    await user.type(field(/Support message/), 'two words');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText('Name must be at least 2 characters');
    expect(field(/Full name/)).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(field(/Email/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field(/Support message/)).toHaveAccessibleDescription(/Support message must be at least 3 words/);
    expect(api.calls).toEqual([]);
  });

  it('says Submitting... while sending, then shows the success screen; Send another request brings an empty form', async () => {
    let answer!: (reply: ApiReply) => void;
    const api = stubApi({ [ticketRoute]: () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
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
    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /Full name/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send another request' }));
    expect(field(/Full name/)).toHaveValue('');
    expect(field(/Support message/)).toHaveValue('');
    expect(counter()).toHaveTextContent(/^0\/100 words$/);
    await waitFor(() => expect(field(/Full name/)).toHaveFocus());
  });

  it('keeps what was typed under the red failure banner', async () => {
    stubApi({ [ticketRoute]: apiError(500, 'internal', 'errors.internal') });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to send your support request\. Please try again\.$/);
    expect(field(/Full name/)).toHaveValue('Ana Pérez');
    expect(field(/Support message/)).toHaveValue('Where is my EIN letter?');
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('explains a rate limit (429) instead of the generic failure', async () => {
    stubApi({ [ticketRoute]: apiError(429, 'rate_limited', 'errors.rate_limited') });
    const { user } = renderWithProviders(<SupportCenter />);
    await fillSupport(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^You have sent several requests in a short time\. Please wait 15 minutes.*support@example\.com/,
    );
  });

  it('shows the direct contact email', () => {
    renderWithProviders(<SupportCenter />);
    expect(screen.getByTestId('direct-email')).toHaveAttribute('href', 'mailto:support@example.com');
  });
});

describe('support request of a signed-in customer (/jv-support)', () => {
  const orders: TOrderSummary[] = [
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      companyName1: 'Andes Digital LLC',
      llcState: 'WY',
      status: 'processing',
      holdReason: null,
      openRequests: 0,
      refunded: false,
      createdAt: '2026-11-02T12:00:00.000Z',
    },
    {
      id: 'b2c3d4e5-0000-4000-8000-000000000002',
      companyName1: 'Cañón Ágil LLC',
      llcState: 'DE',
      status: 'paid',
      holdReason: null,
      openRequests: 0,
      refunded: false,
      createdAt: '2026-11-20T12:00:00.000Z',
    },
  ];
  const signedIn = (overrides: Record<string, unknown> = {}) => {
    setSession(customer);
    return stubApi({ 'GET /api/orders': { body: { orders } }, [ticketRoute]: created, ...overrides });
  };

  it('is filled in with her name and email, asks which of her orders it is about, sends it, and pitches no affiliate program', async () => {
    const api = signedIn();
    const { user } = renderWithProviders(<SupportCenter />, { language: 'es' });
    const order = await screen.findByRole('combobox', { name: '¿Sobre qué pedido es?' });
    expect(screen.getByRole('heading', { name: 'Enviar una solicitud de soporte' })).toBeVisible();
    expect(field(/Nombre completo/)).toHaveValue(customer.name);
    expect(field(/Correo electrónico/)).toHaveValue(customer.email);
    expect([...order.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Ningún pedido en particular',
      'Pedido n.º A1B2C3D4 · Andes Digital LLC',
      'Pedido n.º B2C3D4E5 · Cañón Ágil LLC',
    ]);
    expect(screen.queryByText(/afiliad/i)).toBeNull();
    // the order is asked above: the message's hint does not ask for its number too
    expect(screen.getByText(/^Entre 3 y 100 palabras\.$/)).toBeVisible();
    expect(screen.queryByText(/número de pedido/)).toBeNull();

    await user.selectOptions(order, orders[1]!.id);
    await user.click(screen.getByRole('textbox', { name: /Mensaje de soporte/ }));
    await user.paste('¿Cuándo llega mi EIN?  Gracias.');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: customer.name,
      email: customer.email,
      order_id: orders[1]!.id,
    });
  });

  it('offers her order’s messages for a message over 100 words instead of only refusing it', async () => {
    signedIn();
    const { user } = renderWithProviders(<SupportCenter />);
    const order = await screen.findByRole('combobox', { name: 'Which order is it about?' });
    await user.click(field(/Support message/));
    await user.paste(words(101));
    expect(screen.getByRole('button', { name: 'Send request' })).toBeDisabled();
    const offer = screen.getByTestId('long-message');
    expect(offer).toHaveTextContent('More than 100 words? Write it in your order');
    expect(offer).toHaveTextContent('Choose the order above to get the link to its messages.');
    await user.selectOptions(order, orders[0]!.id);
    expect(screen.getByRole('link', { name: 'Write in the messages of order #A1B2C3D4' })).toHaveAttribute('href', `/dashboard?order=${orders[0]!.id}`);
  });

  it('shows the server’s refusal of the order under its field', async () => {
    signedIn({ [ticketRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { order_id: 'support.orderNotYours' }) });
    const { user } = renderWithProviders(<SupportCenter />);
    const order = await screen.findByRole('combobox', { name: 'Which order is it about?' });
    await user.selectOptions(order, orders[0]!.id);
    await user.type(field(/Support message/), 'Where is my EIN letter?');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(order).toHaveAccessibleDescription('This order is not one of yours. Choose another, or no particular order.'));
  });

  it('has the order she came from chosen (?order=, from the dashboard), and ignores an order that is not hers', async () => {
    signedIn();
    renderWithProviders(<SupportCenter />, { route: `/jv-support?order=${orders[1]!.id}` });
    expect(await screen.findByRole('combobox', { name: 'Which order is it about?' })).toHaveValue(orders[1]!.id);
  });

  it('chooses no order for an order id that is not one of hers', async () => {
    signedIn();
    renderWithProviders(<SupportCenter />, { route: '/jv-support?order=c0000000-0000-4000-8000-000000000009' });
    expect(await screen.findByRole('combobox', { name: 'Which order is it about?' })).toHaveValue('');
  });

  it('a visitor still reads the affiliate pitch and gets no order choice', () => {
    renderWithProviders(<SupportCenter />);
    expect(screen.getByRole('heading', { name: 'Want to promote Frontera?' })).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Between 3 and 100 words. Include your order number if you have one.')).toBeVisible();
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
