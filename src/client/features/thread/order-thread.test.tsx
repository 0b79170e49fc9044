import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLiveStatus } from '@client/lib/live-status';
import type { TOrderMessage } from '@shared/order-messages';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { OrderThread } from './order-thread';

const orderId = 'a1b2c3d4-0000-4000-8000-000000000001';
const threadRoute = 'GET /api/orders/:id/messages';
const postRoute = 'POST /api/orders/:id/messages';
const readRoute = 'POST /api/orders/:id/messages/read';

function message(overrides: Partial<TOrderMessage> = {}): TOrderMessage {
  return {
    id: 'm1',
    body: 'Hola',
    fromTeam: true,
    author: 'Erin',
    mine: false,
    createdAt: '2026-11-27T15:30:00.000Z',
    readAt: null,
    attachments: [],
    request: null,
    answered: null,
    ...overrides,
  };
}
const fromTeam = message({ id: 'm1', body: 'Your passport photo is blurred.\nPlease see https://example.com/guide.', author: 'Erin' });
const fromCustomer = message({
  id: 'm2',
  body: '<b>Sure</b>, uploading it now',
  fromTeam: false,
  author: 'Ana María Pérez',
  mine: true,
  readAt: '2026-11-27T16:00:00.000Z',
});

const renderThread = (side: 'customer' | 'team' = 'customer', language: 'en' | 'es' = 'en') =>
  renderWithProviders(<OrderThread orderId={orderId} side={side} />, { language });

describe('<OrderThread>', () => {
  it('shows each message with its author, time and read state; links are links, HTML is text', async () => {
    stubApi({ [threadRoute]: { body: { messages: [fromTeam, fromCustomer] } }, [readRoute]: { body: {} } });
    renderThread();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [team, mine] = within(list).getAllByRole('listitem');
    expect(team).toHaveTextContent(/^Frontera team · Erin · Nov 27, 2026, .+Your passport photo is blurred\. Please see https:\/\/example\.com\/guide\.$/);
    const link = within(team!).getByRole('link', { name: 'https://example.com/guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/guide');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(mine).toHaveTextContent('Ana María Pérez');
    expect(mine).toHaveTextContent('<b>Sure</b>, uploading it now');
    expect(within(mine!).queryByText('Sure', { selector: 'b' })).not.toBeInTheDocument();
    expect(mine).toHaveTextContent(/Read$/);
  });

  it('marks the other side’s unread messages read once shown, and not when there are none', async () => {
    const network = stubApi({ [threadRoute]: { body: { messages: [fromTeam] } }, [readRoute]: { body: {} } });
    renderThread();
    await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(network.count(readRoute)).toBe(1));
    expect(network.writes().map((call) => call.path)).toEqual([`/api/orders/${orderId}/messages/read`]);
  });

  it('sends a message: it appears, the box empties and keeps the keyboard', async () => {
    let messages = [fromTeam];
    const network = stubApi({
      [threadRoute]: () => ({ body: { messages } }),
      [readRoute]: { body: {} },
      [postRoute]: ({ body }) => {
        const sent = message({ id: 'm3', body: (body as { body: string }).body, fromTeam: false, author: 'Ana', mine: true });
        messages = [...messages, sent];
        return { status: 201, body: { message: sent } };
      },
    });
    const { user } = renderThread();
    const box = await screen.findByLabelText('Your message');
    await user.type(box, 'Here is the new scan.{Enter}Thanks');
    expect(screen.getByText('28 of 4,000 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await within(screen.getByRole('list', { name: 'Messages' })).findByText(/Here is the new scan\./)).toBeVisible();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(network.writes().find((call) => call.method === 'POST' && call.pathname.endsWith('/messages'))?.body).toEqual({
      body: 'Here is the new scan.\nThanks',
    });
  });

  it('says an empty message at the box without sending, and the server’s refusal in the reader’s language', async () => {
    const network = stubApi({
      [threadRoute]: { body: { messages: [] } },
      [postRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { body: 'messages.invalidCharacters' }),
    });
    const { user } = renderThread('team', 'es');
    expect(await screen.findByText('Todavía no hay mensajes con el cliente.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escriba un mensaje primero.');
    expect(screen.getByLabelText('Su mensaje')).toHaveFocus();
    expect(network.count(postRoute)).toBe(0);
    await user.type(screen.getByLabelText('Su mensaje'), 'hola');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El mensaje contiene caracteres que no se pueden enviar.');
    expect(screen.getByLabelText('Su mensaje')).toHaveValue('hola');
  });

  it('announces a new message from the other side politely when the thread refreshes', async () => {
    let messages: TOrderMessage[] = [];
    stubApi({ [threadRoute]: () => ({ body: { messages } }), [readRoute]: { body: {} } });
    const { queryClient } = renderThread('team');
    await screen.findByText('No messages with the customer yet.');
    messages = [message({ id: 'm9', fromTeam: false, author: 'Ana María Pérez', body: '¿Ya está mi EIN?' })];
    await act(() => queryClient.invalidateQueries());
    const live = await screen.findByText('New message from Ana María Pérez');
    expect(live).toHaveAttribute('aria-live', 'polite');
  });

  it('a failed load says so, with Try Again', async () => {
    stubApi({ [threadRoute]: apiError(500, 'internal', 'errors.internal') });
    renderThread();
    expect(await screen.findByRole('alert')).toHaveTextContent('The messages could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  describe('refresh', () => {
    afterEach(() => {
      setLiveStatus('off');
      vi.useRealTimers();
    });

    it('asks again every 15 seconds without the live stream, and not while the stream is open', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const network = stubApi({ [threadRoute]: { body: { messages: [] } } });
      setLiveStatus('open');
      renderThread();
      await screen.findByText('No messages yet. Write to us here about anything in your order.');
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      expect(network.count(threadRoute)).toBe(1);
      // the stream drops: polling takes over until it is back
      act(() => setLiveStatus('connecting'));
      await act(() => vi.advanceTimersByTimeAsync(15_500));
      expect(network.count(threadRoute)).toBe(2);
    });
  });
});
