import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TOrderMessage, TOrderRequest } from '@shared/order-messages';
import { OrderThread } from '@client/features/thread/order-thread';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';

const orderId = 'a1b2c3d4-0000-4000-8000-000000000001';
const threadRoute = 'GET /api/orders/:id/messages';
const readRoute = 'POST /api/orders/:id/messages/read';
const answerRoute = 'POST /api/orders/:id/requests/:requestId/answer';

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
const passportRequest: TOrderRequest = { id: 'r1', kind: 'document', document: 'passport', dueOn: '2026-12-02', status: 'open', closedAt: null };
const asking = message({ id: 'm1', body: 'La foto de su pasaporte está borrosa.', request: passportRequest });
const whatsappName = 'WhatsApp Image 2026-11-27 at 10.41.23 (1).png';
const png = (name = whatsappName) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

/** A person who picks a file the input does not suggest (the picker lets anyone choose "All files"). */
const anyFile = userEvent.setup({ applyAccept: false });

const renderThread = (side: 'customer' | 'team', language: 'en' | 'es' = 'en') =>
  renderWithProviders(<OrderThread orderId={orderId} side={side} />, { language });

describe('thread requests and files', () => {
  it('a customer answers a passport request with the file, in Spanish: it goes to the answer endpoint, then the thanks takes the focus', async () => {
    let messages = [asking];
    const network = stubApi({
      [threadRoute]: () => ({ body: { messages } }),
      [readRoute]: { body: {} },
      [answerRoute]: () => {
        const sent = message({ id: 'm2', fromTeam: false, mine: true, author: 'Ana', body: '', answered: { requestId: 'r1', document: 'passport' } });
        messages = [{ ...asking, request: { ...passportRequest, status: 'answered', closedAt: '2026-11-28T10:00:00.000Z' } }, sent];
        return { status: 201, body: { message: sent } };
      },
    });
    const { user } = renderThread('customer', 'es');
    const card = await screen.findByTestId('request-card');
    expect(card).toHaveTextContent('Archivo requerido antes del 2 de diciembre de 2026');
    expect(card).toHaveTextContent('Acción requerida');
    expect(card).toHaveTextContent('El archivo que envíe reemplaza su pasaporte.');
    // no file yet: said at the picker, nothing sent
    await user.click(within(card).getByRole('button', { name: 'Enviar archivo' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Elija un archivo para enviar.');
    expect(network.count(answerRoute)).toBe(0);
    // a wrong type is refused at once
    // a browser offers the accepted types first, but any file can be chosen
    await anyFile.upload(within(card).getByLabelText('Elegir el archivo'), new File(['x'], 'pasaporte.heic', { type: 'image/heic' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('solo se pueden enviar archivos PDF, JPG o PNG.');
    await user.upload(within(card).getByLabelText('Elegir el archivo'), png());
    expect(within(card).getByText(whatsappName)).toBeInTheDocument();
    // on one line, shortened in the middle (the end and its extension whole), never wrapped mid-word
    const picked = within(card).getByTestId('picked-file-name');
    expect(picked.querySelector('[title]')).toHaveAttribute('title', whatsappName);
    expect(picked.querySelector('.shrink-0')?.textContent).toMatch(/ \(1\)\.png$/);
    expect(picked.innerHTML).not.toContain('break-all');
    await user.click(within(card).getByRole('button', { name: 'Enviar archivo' }));
    const thanks = await within(card).findByText('Gracias: su respuesta se envió a nuestro equipo.');
    await waitFor(() => expect(thanks).toHaveFocus());
    const sent = network.writes().find((call) => call.pathname.endsWith('/answer'))!;
    expect(sent.params).toMatchObject({ id: orderId, requestId: 'r1' });
    const form = sent.body as FormData;
    expect(JSON.parse(String(form.get('message')))).toEqual({ body: '' });
    expect((form.get('files') as File).name).toBe(whatsappName);
    expect(await within(card).findByText('Respondida')).toBeVisible();
    // done, the request is one line: what was asked and that it is answered
    expect(card).not.toHaveTextContent('El archivo que envíe reemplaza su pasaporte.');
    expect(within(screen.getByRole('list', { name: 'Mensajes' })).getByText('Archivo nuevo enviado: pasaporte')).toBeVisible();
  });

  it('the server’s refusal of an answer is said at the form (a closed request)', async () => {
    stubApi({
      [threadRoute]: { body: { messages: [message({ request: { ...passportRequest, kind: 'answer', document: null } })] } },
      [readRoute]: { body: {} },
      [answerRoute]: apiError(409, 'conflict', 'messages.requestClosed'),
    });
    const { user } = renderThread('customer');
    const card = await screen.findByTestId('request-card');
    await user.type(within(card).getByLabelText('Your answer'), 'Yes, any lawful purpose.');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This request is already closed. Reload the page to see its answer.');
  });

  it('the team asks for a file replacing the passport, with a due day and an attachment: one multipart message', async () => {
    let messages: TOrderMessage[] = [];
    const network = stubApi({
      [threadRoute]: () => ({ body: { messages } }),
      'POST /api/orders/:id/messages/files': ({ body }) => {
        const fields = JSON.parse(String((body as FormData).get('message'))) as { body: string; request: TOrderRequest };
        const sent = message({ mine: true, body: fields.body, request: { ...passportRequest, dueOn: fields.request.dueOn } });
        messages = [sent];
        return { status: 201, body: { message: sent } };
      },
    });
    const { user } = renderThread('team');
    await user.type(await screen.findByLabelText('Your message'), 'Please upload a sharper photo of your passport.');
    await user.selectOptions(screen.getByLabelText('What they should send'), 'A file');
    await user.selectOptions(screen.getByLabelText('The file replaces'), 'passport');
    await user.clear(screen.getByLabelText('Due by'));
    await user.type(screen.getByLabelText('Due by'), '2026-12-05');
    await user.upload(screen.getByLabelText('Attach files'), new File(['%PDF-1.4'], 'how to scan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(network.count('POST /api/orders/:id/messages/files')).toBe(1));
    const form = network.writes()[0]!.body as FormData;
    expect(JSON.parse(String(form.get('message')))).toEqual({
      body: 'Please upload a sharper photo of your passport.',
      request: { kind: 'document', document: 'passport', dueOn: '2026-12-05' },
    });
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['how to scan.pdf']);
    expect(await screen.findByTestId('request-card')).toHaveTextContent('Waiting for the customer');
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
    // the composer is ready for the next message: empty, no files, no request
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(screen.getByLabelText('What they should send')).toHaveValue('');
  });

  it('refuses a sixth file and a Word file from a customer before sending; files can be removed', async () => {
    const network = stubApi({ [threadRoute]: { body: { messages: [] } } });
    const { user } = renderThread('customer');
    const picker = await screen.findByLabelText('Attach files');
    await user.upload(
      picker,
      [1, 2, 3, 4, 5].map((n) => png(`foto-${n}.png`)),
    );
    await user.upload(picker, png('foto-6.png'));
    expect(screen.getByRole('alert')).toHaveTextContent('Send at most 5 files in one message.');
    await user.click(screen.getByRole('button', { name: 'Remove foto-1.png' }));
    expect(screen.queryByText('foto-1.png')).not.toBeInTheDocument();
    await anyFile.upload(picker, new File(['x'], 'contract.docx'));
    expect(screen.getByRole('alert')).toHaveTextContent('contract.docx: only PDF, JPG or PNG files can be sent.');
    expect(network.writes()).toEqual([]);
  });

  it('shows a message’s files as links that open in a new tab, with their size', async () => {
    stubApi({
      [threadRoute]: { body: { messages: [message({ attachments: [{ id: 'f1', fileName: whatsappName, contentType: 'image/png', sizeBytes: 245_760 }] })] } },
      [readRoute]: { body: {} },
    });
    renderThread('customer');
    const files = await screen.findByRole('list', { name: 'Files' });
    const link = within(files).getByRole('link', { name: new RegExp(whatsappName.replace(/[()]/g, '\\$&')) });
    expect(link).toHaveAttribute('href', `/api/orders/${orderId}/messages/attachments/f1`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(files).toHaveTextContent('240 kB');
  });

  it('the team starts a request from a template, written in the customer’s language, which it says; it fills the message and what it asks for, and is sent as edited', async () => {
    const network = stubApi({
      [threadRoute]: { body: { messages: [] } },
      [readRoute]: { body: {} },
      'POST /api/orders/:id/messages': ({ body }) => ({ status: 201, body: { message: message({ id: 'm9', body: (body as { body: string }).body }) } }),
    });
    const templates = {
      language: 'es' as const,
      list: [
        { kind: 'clearer_passport' as const, body: 'Hola, Ana:\n\nNecesitamos una copia más legible de su pasaporte.' },
        { kind: 'ein_delay' as const, body: 'Hola, Ana:\n\nEl IRS está tardando más de lo habitual.' },
      ],
    };
    const { user } = renderWithProviders(<OrderThread orderId={orderId} side="team" templates={templates} />);
    const picker = await screen.findByLabelText('Start from a template');
    expect(picker).toHaveAccessibleDescription("Written in Spanish, the customer's language. Edit it before sending.");
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No template', 'Clearer passport', 'EIN delayed']);

    await user.selectOptions(picker, 'Clearer passport');
    const box = screen.getByRole('textbox', { name: /^Your message/ });
    expect(box).toHaveValue('Hola, Ana:\n\nNecesitamos una copia más legible de su pasaporte.');
    expect(box).toHaveFocus();
    expect(screen.getByLabelText('What they should send')).toHaveValue('document');
    expect(screen.getByLabelText('The file replaces')).toHaveValue('passport');

    await user.type(box, ' Gracias.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(network.writes()).toMatchObject([
        {
          path: `/api/orders/${orderId}/messages`,
          body: { body: 'Hola, Ana:\n\nNecesitamos una copia más legible de su pasaporte. Gracias.', request: { kind: 'document', document: 'passport' } },
        },
      ]),
    );

    // a plain message template asks for nothing
    await user.selectOptions(picker, 'EIN delayed');
    expect(screen.getByLabelText('What they should send')).toHaveValue('');
  });

  it('the customer’s side has no templates', async () => {
    stubApi({ [threadRoute]: { body: { messages: [] } }, [readRoute]: { body: {} } });
    renderThread('customer');
    await screen.findByRole('textbox', { name: /^Your message/ });
    expect(screen.queryByLabelText('Start from a template')).not.toBeInTheDocument();
  });
});
