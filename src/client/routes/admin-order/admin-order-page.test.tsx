import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminOrderDetail } from '@shared/admin';
import type { TOrderDocument } from '@shared/orders';
import { apiError, stubApi, type ApiRoutes } from '@client/testing/api-stub';
import { adminOrderDetail, mexicoCity, partner, packetRoutes } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { AdminOrderPage } from './admin-order-page';

const id = 'c1b2c3d4-0000-4000-8000-000000000003';
const detail = (status: TAdminOrderDetail['order']['status'] = 'paid'): TAdminOrderDetail => ({
  order: adminOrderDetail({
    id,
    companyName1: 'Cielo Trading LLC',
    companyName2: 'Cielo Imports LLC',
    companyName3: 'Cielo Global LLC',
    status,
    ...mexicoCity,
    orderAmountPaid: 39900,
    documents: { ssnDoc: false, passport: true, otherId: true },
    partner,
  }),
  history: [
    { id: 'h1', fromStatus: null, toStatus: 'pending_payment', source: 'system', changedBy: 'Ana María Pérez', createdAt: '2025-05-02T10:00:00.000Z' },
    { id: 'h2', fromStatus: 'pending_payment', toStatus: 'paid', source: 'payment', changedBy: null, createdAt: '2025-05-02T10:05:00.000Z' },
  ],
});
const einLetter: TOrderDocument = { id: 'doc-1', kind: 'ein_letter', fileName: 'EIN Letter.pdf', createdAt: '2025-05-10T09:00:00.000Z' };

const orderRoute = 'GET /api/admin/orders/:id';
const documentsRoute = 'GET /api/orders/:id/documents';
const statusRoute = 'PATCH /api/admin/orders/:id/status';
const uploadRoute = 'POST /api/admin/orders/:id/documents';
const identityViewsRoute = 'GET /api/admin/orders/:id/identity-views';
const timelineRoute = 'GET /api/admin/orders/:id/timeline';
/** A few of every source, newest first, as the server sends them */
const timeline = [
  { at: '2026-11-27T16:00:00.000Z', kind: 'identity_viewed', actor: 'Erin Admin', detail: { document: 'passport' } },
  { at: '2026-11-27T15:00:00.000Z', kind: 'assigned', actor: 'Erin Admin', detail: { from: null, to: 'Luis Gómez' } },
  {
    at: '2026-11-27T14:00:00.000Z',
    kind: 'milestone_recorded',
    actor: 'Luis Gómez',
    detail: { milestone: 'filed_with_state', occurredOn: '2026-11-27', note: null },
  },
  { at: '2026-11-27T13:00:00.000Z', kind: 'status', actor: 'Luis Gómez', detail: { from: 'paid', to: 'processing', source: 'admin' } },
  { at: '2026-11-26T10:00:00.000Z', kind: 'payment_event', actor: null, detail: { type: 'checkout.session.completed', outcome: 'paid', provider: 'test' } },
  { at: '2026-11-26T09:00:00.000Z', kind: 'status', actor: null, detail: { from: null, to: 'pending_payment', source: 'customer' } },
  { at: '2026-11-26T08:00:00.000Z', kind: 'something_new', actor: null, detail: {} },
];

/** The order and its documents; `routes` answers the writes (and can replace a read). */
const api = (routes: ApiRoutes = {}) =>
  stubApi({
    [orderRoute]: { body: detail() },
    [documentsRoute]: { body: { documents: [einLetter] } },
    'GET /api/admin/orders/:id/notes': { body: { notes: [] } },
    ...packetRoutes,
    'GET /api/admin/assignees': { body: { assignees: [{ id: 'admin-2', name: 'Luis Gómez' }] } },
    'GET /api/orders/:id/messages': { body: { messages: [] } },
    [identityViewsRoute]: { body: { views: [] } },
    [timelineRoute]: { body: { entries: timeline } },
    ...routes,
  });

const renderOrder = (options: { language?: 'en' | 'es' } = {}) =>
  renderWithProviders(<AdminOrderPage orderId={id} />, { route: `/admin/orders/${id}`, path: '/admin/orders/:id', language: options.language });

const statusSelect = () => screen.getByRole('combobox', { name: 'Order status' });
const fileInput = () => screen.getByLabelText('Document to add');

describe('<AdminOrderPage> (/admin/orders/:id)', () => {
  it('holds an order of a sanctioned nationality: says why, releases it once reviewed, and keeps who did it', async () => {
    let held = true;
    const heldDetail = () => {
      const base = detail('pending_payment');
      return held
        ? { ...base, order: { ...base.order, nationality: 'CU', holdReason: 'sanctioned_nationality' as const } }
        : { ...base, order: { ...base.order, nationality: 'CU', holdReleasedBy: 'Erin Reviewer', holdReleasedAt: '2025-05-03T09:30:00.000Z' } };
    };
    const network = api({
      [orderRoute]: () => ({ body: heldDetail() }),
      'POST /api/admin/orders/:id/release-hold': () => {
        held = false;
        return { body: { released: true } };
      },
    });
    const { user } = renderOrder({ language: 'es' });
    const panel = await screen.findByTestId('hold-panel');
    expect(panel).toHaveTextContent(/^Retenido para revisión antes del pagoNacionalidad: Cuba\. EE\. UU\. aplica sanciones integrales/);
    await user.click(within(panel).getByRole('button', { name: 'Liberar retención' }));
    expect(await screen.findByTestId('hold-released')).toHaveTextContent(/^Retención liberada por Erin Reviewer el 3 may 2025/);
    expect(screen.queryByTestId('hold-panel')).not.toBeInTheDocument();
    expect(network.paths('POST /api/admin/orders/:id/release-hold')).toEqual([`/api/admin/orders/${id}/release-hold`]);
  });

  it('shows every field of the order, the identity files, the partner, the history and the documents', async () => {
    api();
    renderOrder();
    expect(screen.getByRole('status')).toHaveTextContent('Loading order details');
    await screen.findByRole('heading', { level: 1, name: 'Order #C1B2C3D4' });

    for (const text of [
      'Cielo Imports LLC',
      'Cielo Global LLC',
      'Wyoming (WY)',
      'Av. Reforma 100',
      '06600',
      'cs_test_123',
      id,
      'user-1',
      'Luis Gómez',
      'Calle 5, Guadalajara',
    ]) {
      expect(screen.getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByText('Mexican')).toBeVisible();
    // the consent given at checkout: which terms, and when
    expect(screen.getByText('Terms accepted').nextElementSibling).toHaveTextContent(/^Version 2025-04-25 · May 2, 2025/);

    // identity files open through the authorized download, in a new tab
    const passport = screen.getByRole('link', { name: /Passport/ });
    expect(passport).toHaveAttribute('href', `/api/orders/${id}/identity/passport`);
    expect(passport).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Other photo ID/ })).toHaveAttribute('href', `/api/orders/${id}/identity/otherId`);
    expect(screen.queryByRole('link', { name: /SSN document/ })).not.toBeInTheDocument();

    // newest first, with who made each change
    const history = within(screen.getByTestId('status-history')).getAllByRole('listitem');
    expect(history[0]).toHaveTextContent(/^From Pending Payment to Paid.*payment confirmed/);
    expect(history[1]).toHaveTextContent(/^Created as Pending Payment.*by Ana María Pérez/);

    const document = within(await screen.findByTestId('order-documents')).getByRole('link', { name: /EIN Letter\.pdf/ });
    expect(document).toHaveAttribute('href', '/api/documents/doc-1/file');
    expect(document).toHaveAttribute('target', '_blank');
    // the thread with the customer replaced the product's "coming soon" placeholder
    expect(await screen.findByText('No messages with the customer yet.')).toBeVisible();
    expect(screen.getByLabelText('Your message')).toBeVisible();
  });

  it('shows who opened the identity files, which, when and from where, and when they will be deleted', async () => {
    const base = detail();
    const network = api({
      [orderRoute]: { body: { ...base, order: { ...base.order, identityDeletionOn: '2025-08-29' } } },
      [identityViewsRoute]: {
        body: {
          views: [
            {
              id: 'v3',
              document: 'threadFile',
              fileName: 'WhatsApp Image 2026-11-27 at 10.41.23 (1).png',
              viewerName: 'Erin Admin',
              viewerId: 'admin-1',
              ipAddress: '203.0.113.7',
              createdAt: '2025-05-05T10:00:00.000Z',
            },
            {
              id: 'v2',
              document: 'otherId',
              fileName: null,
              viewerName: 'Erin Admin',
              viewerId: 'admin-1',
              ipAddress: '203.0.113.7',
              createdAt: '2025-05-04T15:30:00.000Z',
            },
            {
              id: 'v1',
              document: 'passport',
              fileName: null,
              viewerName: 'Luis Revisor',
              viewerId: null,
              ipAddress: null,
              createdAt: '2025-05-03T09:05:00.000Z',
            },
          ],
        },
      },
    });
    renderOrder({ language: 'es' });
    const entries = within(await screen.findByTestId('identity-access-log')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(
        /^Erin Admin · Archivo enviado en los mensajes: WhatsApp Image 2026-11-27 at 10\.41\.23 \(1\)\.png5 may 2025, .+ · desde 203\.0\.113\.7$/,
      ),
      expect.stringMatching(/^Erin Admin · Otra identificación con foto4 may 2025, .+ · desde 203\.0\.113\.7$/),
      expect.stringMatching(/^Luis Revisor · Pasaporte3 may 2025, [^·]+$/),
    ]);
    expect(screen.getByTestId('identity-retention')).toHaveTextContent(
      'Los archivos se eliminarán el 29 de agosto de 2025, al terminar su plazo de conservación después del EIN.',
    );
    expect(network.paths(identityViewsRoute)).toEqual([`/api/admin/orders/${id}/identity-views`]);
  });

  it('keeps the record of identity files deleted after the retention period: which there were, and when', async () => {
    const base = detail('completed');
    api({
      [orderRoute]: {
        body: {
          ...base,
          order: {
            ...base.order,
            documents: { ssnDoc: false, passport: false, otherId: false },
            identityDeleted: { at: '2025-08-29T12:00:00.000Z', documents: ['passport', 'otherId'] },
          },
        },
      },
    });
    renderOrder();
    const files = within(await screen.findByTestId('identity-documents')).getAllByRole('listitem');
    expect(files.map((file) => file.textContent)).toEqual([
      'SSN documentNot uploaded',
      'PassportDeleted on August 29, 2025',
      'Other photo IDDeleted on August 29, 2025',
    ]);
    expect(screen.queryByRole('link', { name: /Passport/ })).not.toBeInTheDocument();
    expect(await screen.findByText('No one on the team has opened these files.')).toBeVisible();
  });

  it("adds an internal note with its author and time; the previous action's confirmation clears when a new one starts", async () => {
    let notes: { id: string; body: string; author: string; createdAt: string }[] = [];
    let status: TAdminOrderDetail['order']['status'] = 'paid';
    let answerNote: () => void = () => undefined;
    const network = api({
      [statusRoute]: () => {
        status = 'processing';
        return { body: { status, changed: true } };
      },
      [orderRoute]: () => ({ body: detail(status) }),
      'GET /api/admin/orders/:id/notes': () => ({ body: { notes } }),
      ...packetRoutes,
      'POST /api/admin/orders/:id/notes': async (request) => {
        // the note stays on its way until the test lets it through
        await new Promise<void>((resolve) => (answerNote = resolve));
        const note = { id: 'n1', body: (request.body as { body: string }).body, author: 'Erin Admin', createdAt: '2025-05-03T10:00:00.000Z' };
        notes = [note];
        return { status: 201, body: note };
      },
    });
    const { user } = renderOrder();
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    await user.selectOptions(statusSelect(), 'processing');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Status updated to In Process.')).toBeInTheDocument();

    // an empty note is refused here, without asking the server
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write something first.')).toBeInTheDocument();
    expect(network.count('POST /api/admin/orders/:id/notes')).toBe(0);

    await user.type(screen.getByLabelText('New note'), 'Called the customer');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    // the new action has started: the status confirmation is gone, the button busy
    await waitFor(() => expect(screen.queryByText('Status updated to In Process.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Adding…' })).toHaveAttribute('aria-busy', 'true');
    answerNote();
    expect(await screen.findByText('Note added.')).toHaveRole('status');
    const list = await screen.findByTestId('order-notes');
    expect(list).toHaveTextContent('Called the customer');
    expect(list).toHaveTextContent('Erin Admin · May 3, 2025');
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('changes the status with PATCH and confirms it', async () => {
    let status: TAdminOrderDetail['order']['status'] = 'paid';
    const network = api({
      [statusRoute]: () => {
        status = 'processing';
        return { body: { status, changed: true } };
      },
      [orderRoute]: () => ({ body: detail(status) }),
    });
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    expect(statusSelect()).toHaveValue('paid');
    const update = screen.getByRole('button', { name: 'Update status' });
    // nothing to update until another status is chosen
    expect(update).toBeDisabled();

    await user.selectOptions(statusSelect(), 'processing');
    await user.click(update);
    expect(await screen.findByText('Status updated to In Process.')).toHaveRole('status');
    expect(network.writes().map((request) => [request.method, request.path, request.body])).toEqual([
      ['PATCH', `/api/admin/orders/${id}/status`, { status: 'processing' }],
    ]);
    expect(statusSelect()).toHaveValue('processing');
    // the order is read again: its history and badge are the server's
    await waitFor(() => expect(network.count(orderRoute)).toBe(2));
  });

  it('says Failed to update order status when the change is refused', async () => {
    api({ [statusRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { status: 'admin.invalidStatus' }) });
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    await user.selectOptions(statusSelect(), 'completed');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update order status');
    // the choice stays, to try again
    expect(statusSelect()).toHaveValue('completed');
    expect(statusSelect()).toBeEnabled();
  });

  it('asks for a file before uploading, without calling the server', async () => {
    const network = api();
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please choose a file to upload\.$/);
    expect(network.writes()).toEqual([]);
    expect(fileInput()).toBeInvalid();
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.doc,.docx,.jpg,.jpeg,.png');
  });

  it("shows the server's message when an upload is refused", async () => {
    const network = api({ [uploadRoute]: apiError(415, 'unsupported_media_type', 'errors.unsupported_media_type') });
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    const kind = screen.getByRole('combobox', { name: 'What it is to the customer' });
    expect(kind).toHaveValue('other');
    await user.selectOptions(kind, 'EIN confirmation letter (IRS CP 575)');
    await user.upload(fileInput(), new File(['MZ'], 'setup.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This file type is not allowed\.$/);
    // the choice stays, to try again with another file
    expect(kind).toHaveValue('ein_letter');
    const [post] = network.writes();
    expect(post?.path).toBe(`/api/admin/orders/${id}/documents?kind=ein_letter`);
    expect(((post?.body as FormData).get('file') as File).name).toBe('setup.pdf');
  });

  it('falls back to admin.uploadError when the server gives no message it can show', async () => {
    // a key no namespace of the client has (e.g. from a newer server)
    api({ [uploadRoute]: apiError(400, 'bad_request', 'storage.quotaExceeded') });
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    await user.upload(fileInput(), new File([''], 'empty.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error uploading the document\. Please try again\.$/);
  });

  it('uploads a document and refreshes the list', async () => {
    const articles: TOrderDocument = { id: 'doc-2', kind: 'articles_filed', fileName: 'Articles.pdf', createdAt: '2025-05-11T09:00:00.000Z' };
    let documents = [einLetter];
    const network = api({
      [uploadRoute]: () => {
        documents = [articles, einLetter];
        return { status: 201, body: { document: articles } };
      },
      [documentsRoute]: () => ({ body: { documents } }),
    });
    const { user } = renderOrder();
    await screen.findByTestId('order-documents');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'Articles.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Articles.pdf was added. The customer will get one email for this batch of changes.')).toHaveRole('status');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('order-documents'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Articles.pdf(opens in a new tab)', 'EIN Letter.pdf(opens in a new tab)']),
    );
    expect(network.count(documentsRoute)).toBe(2);
    expect(fileInput()).toHaveValue('');
  });

  it('deletes a document only after the confirm step, and Cancel keeps it', async () => {
    let documents = [einLetter];
    const network = api({
      'DELETE /api/admin/orders/:id/documents/:documentId': () => {
        documents = [];
        return { body: {} };
      },
      [documentsRoute]: () => ({ body: { documents } }),
    });
    const { user } = renderOrder();
    const list = await screen.findByTestId('order-documents');
    await user.click(within(list).getByRole('button', { name: 'Delete EIN Letter.pdf' }));
    expect(screen.getByText('Delete EIN Letter.pdf? The customer will no longer see it.')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(network.writes()).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Delete EIN Letter.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('No documents yet.')).toBeVisible();
    expect(screen.getByText('EIN Letter.pdf was deleted.')).toHaveRole('status');
    expect(network.writes().map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE /api/admin/orders/${id}/documents/doc-1`]);
  });

  it('replaces a document with the chosen file, in Spanish, and shows a refused file type', async () => {
    const acta: TOrderDocument = { id: 'doc-3', kind: 'other', fileName: 'acta.pdf', createdAt: '2025-05-12T09:00:00.000Z' };
    let documents = [einLetter];
    let refuse = true;
    const network = api({
      'PUT /api/admin/orders/:id/documents/:documentId': () => {
        if (refuse) return apiError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
        documents = [acta];
        return { body: { document: acta } };
      },
      [documentsRoute]: () => ({ body: { documents } }),
    });
    const { user } = renderOrder({ language: 'es' });
    const list = await screen.findByTestId('order-documents');
    const replace = within(list).getByRole('button', { name: 'Reemplazar EIN Letter.pdf' });
    const picker = list.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(picker, new File(['MZ'], 'setup.pdf', { type: 'application/pdf' }));
    expect(await within(list).findByRole('alert')).toBeVisible();
    refuse = false;
    await user.click(replace);
    await user.upload(picker, new File(['%PDF-1.4'], 'acta.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Se reemplazó por acta.pdf. El cliente recibirá un solo correo por este grupo de cambios.')).toHaveRole('status');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('order-documents'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['acta.pdf(se abre en una pestaña nueva)']),
    );
    const puts = network.writes();
    expect(puts.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT /api/admin/orders/${id}/documents/doc-1`,
      `PUT /api/admin/orders/${id}/documents/doc-1`,
    ]);
    expect(((puts[1]?.body as FormData).get('file') as File).name).toBe('acta.pdf');
  });

  it('says admin.orderNotFound for an unknown order, and Failed to load order details otherwise', async () => {
    api({ [orderRoute]: apiError(404, 'not_found', 'admin.orderNotFound') });
    const first = renderOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    first.unmount();

    api({ [orderRoute]: apiError(500, 'internal', 'errors.internal') });
    renderOrder();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load order details');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('speaks Spanish', async () => {
    api();
    renderOrder({ language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Pedido n.º C1B2C3D4' });
    expect(screen.getByRole('combobox', { name: 'Estado del pedido' })).toHaveValue('paid');
    expect(screen.getByText('Mexicana')).toBeVisible();
    expect(screen.getByLabelText('Documento para agregar')).toHaveAttribute('type', 'file');
    // the picker's visible words are in its name (WCAG 2.5.3)
    expect(screen.getByLabelText('Documento para agregar')).toHaveAccessibleName('Documento para agregar Elegir archivo');
    expect(screen.getByRole('button', { name: 'Subir' })).toBeEnabled();
  });

  it('shows the order’s whole history in one timeline, in Spanish: who, when, what', async () => {
    api();
    renderOrder({ language: 'es' });
    const list = await screen.findByTestId('order-timeline');
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toMatch(/^Documento de identidad abierto: Pasaporte.*Erin Admin$/);
    expect(items[1]).toMatch(/^Responsable: nadie → Luis Gómez/);
    expect(items[2]).toMatch(/^Hito registrado: Presentada ante el estado \(27 nov 2026\)/);
    expect(items[3]).toMatch(/^Estado del pedido: Pagado → En proceso.*Luis Gómez$/);
    expect(items[4]).toMatch(/^Evento de pago checkout.session.completed: paid.*Sistema$/);
    expect(items[5]).toMatch(/^Estado del pedido: Pago pendiente/);
    // a kind this client does not know yet reads as itself
    expect(items[6]).toMatch(/^something_new/);
  });
});
