import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAdminOrderDetail } from '@shared/admin';
import type { TOrderDocument } from '@shared/orders';
import { apiError, stubFetch, type StubbedRequest, type StubReply } from '../testing/fetch-stub';
import { renderAdmin } from '../testing/render-admin';
import { AdminOrderPage } from './admin-order-page';

afterEach(() => vi.unstubAllGlobals());

const id = 'c1b2c3d4-0000-4000-8000-000000000003';
const detail = (status: TAdminOrderDetail['order']['status'] = 'paid'): TAdminOrderDetail => ({
  order: {
    id,
    companyName1: 'Cielo Trading LLC',
    companyName2: 'Cielo Imports LLC',
    companyName3: 'Cielo Global LLC',
    llcState: 'WY',
    status,
    createdAt: '2025-05-02T10:00:00.000Z',
    organizerName: 'Ana María Pérez',
    email: 'ana@example.com',
    phone: null,
    addressLine1: 'Av. Reforma 100',
    addressCity: 'Ciudad de México',
    addressState: 'CDMX',
    addressZip: '06600',
    addressCountry: 'Mexico',
    nationality: 'Mexican',
    orderAmount: 39900,
    orderDiscount: 0,
    orderAmountPaid: 39900,
    documents: { ssnDoc: false, passport: true, otherId: true },
    partner: { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '+52 55 0000 0000', country: 'Mexico', address: 'Calle 5, Guadalajara' },
    paymentId: 'cs_test_123',
    customer: { id: 'user-1', name: 'Ana María Pérez', email: 'ana.account@example.com' },
  },
  history: [
    { id: 'h1', fromStatus: null, toStatus: 'pending_payment', source: 'system', changedBy: 'Ana María Pérez', createdAt: '2025-05-02T10:00:00.000Z' },
    { id: 'h2', fromStatus: 'pending_payment', toStatus: 'paid', source: 'payment', changedBy: null, createdAt: '2025-05-02T10:05:00.000Z' },
  ],
});
const einLetter: TOrderDocument = { id: 'doc-1', fileName: 'EIN Letter.pdf', createdAt: '2025-05-10T09:00:00.000Z' };

const orderUrl = `/api/admin/orders/${id}`;
const documentsUrl = `/api/orders/${id}/documents`;

/** The order and its documents; `overrides` answers the writes (and can replace a read). */
function api(overrides: (request: StubbedRequest) => StubReply | undefined = () => undefined, documents: TOrderDocument[] = [einLetter]) {
  return stubFetch((request) => {
    const answer = overrides(request);
    if (answer) return answer;
    if (request.path === orderUrl) return { body: detail() };
    if (request.path === documentsUrl) return { body: { documents } };
    return apiError(404, 'not_found', 'errors.not_found');
  });
}

const renderOrder = (options: { language?: 'en' | 'es'; orderId?: string } = {}) =>
  renderAdmin(<AdminOrderPage orderId={options.orderId ?? id} />, { url: `/admin/orders/${options.orderId ?? id}`, path: '/admin/orders/:id', language: options.language });

const statusSelect = () => screen.getByRole('combobox', { name: 'Order status' }) as HTMLSelectElement;
const fileInput = () => screen.getByLabelText('Document to add') as HTMLInputElement;
const writes = (requests: StubbedRequest[]) => requests.filter((request) => request.method !== 'GET');

describe('<AdminOrderPage> (/admin/orders/:id)', () => {
  it('shows every field of the order, the identity files, the partner, the history and the documents', async () => {
    api();
    renderOrder();
    expect(screen.getByRole('status').textContent).toBe('Loading order details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #C1B2C3D4' })).toBeTruthy();

    for (const text of ['Cielo Imports LLC', 'Cielo Global LLC', 'Wyoming (WY)', 'Av. Reforma 100', '06600', 'cs_test_123', id, 'user-1', 'Luis Gómez', 'Calle 5, Guadalajara']) {
      expect(screen.getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByText('Mexican')).toBeTruthy();

    // identity files open through the authorized download, in a new tab
    const passport = screen.getByRole('link', { name: /Passport/ });
    expect([passport.getAttribute('href'), passport.getAttribute('target')]).toEqual([`/api/orders/${id}/identity/passport`, '_blank']);
    expect(screen.getByRole('link', { name: /Other photo ID/ }).getAttribute('href')).toBe(`/api/orders/${id}/identity/otherId`);
    expect(screen.queryByRole('link', { name: /SSN document/ })).toBeNull();

    // newest first, with who made each change
    const history = within(screen.getByTestId('status-history')).getAllByRole('listitem').map((item) => item.textContent);
    expect(history[0]).toMatch(/^From Pending Payment to Paid.*payment confirmed/);
    expect(history[1]).toMatch(/^Created as Pending Payment.*by Ana María Pérez/);

    const document = within(await screen.findByTestId('order-documents')).getByRole('link', { name: /EIN Letter\.pdf/ });
    expect([document.getAttribute('href'), document.getAttribute('target')]).toEqual(['/api/documents/doc-1/file', '_blank']);
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });

  it('changes the status with PATCH and confirms it', async () => {
    let status: TAdminOrderDetail['order']['status'] = 'paid';
    const requests = api((request) => {
      if (request.method === 'PATCH') {
        status = 'processing';
        return { body: { status, changed: true } };
      }
      if (request.path === orderUrl) return { body: detail(status) };
    });
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    expect(statusSelect().value).toBe('paid');
    const update = screen.getByRole('button', { name: 'Update status' });
    expect((update as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(statusSelect(), 'processing');
    await user.click(update);
    expect((await screen.findByText('Status updated to In Process.')).getAttribute('role')).toBe('status');
    expect(writes(requests).map((request) => [request.method, request.path, request.body])).toEqual([['PATCH', `${orderUrl}/status`, JSON.stringify({ status: 'processing' })]]);
    expect(statusSelect().value).toBe('processing');
    // the order is read again: its history and badge are the server's
    await waitFor(() => expect(requests.filter((request) => request.path === orderUrl)).toHaveLength(2));
  });

  it('says Failed to update order status when the change is refused', async () => {
    api((request) => (request.method === 'PATCH' ? apiError(400, 'validation_failed', 'errors.validation_failed', { status: 'admin.invalidStatus' }) : undefined));
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    await user.selectOptions(statusSelect(), 'completed');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update order status');
    // the choice stays, to try again
    expect(statusSelect().value).toBe('completed');
    expect((statusSelect() as HTMLSelectElement).disabled).toBe(false);
  });

  it('asks for a file before uploading, without calling the server', async () => {
    const requests = api();
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a file to upload.');
    expect(writes(requests)).toEqual([]);
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    expect(fileInput().getAttribute('accept')).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png');
  });

  it("shows the server's message when an upload is refused", async () => {
    const requests = api((request) => (request.method === 'POST' ? apiError(415, 'unsupported_media_type', 'errors.unsupported_media_type') : undefined));
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    await user.upload(fileInput(), new File(['MZ'], 'setup.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This file type is not allowed.');
    const [post] = writes(requests);
    expect([post?.method, post?.path]).toEqual(['POST', `${orderUrl}/documents`]);
    expect(((post?.body as FormData).get('file') as File).name).toBe('setup.pdf');
  });

  it('falls back to admin.uploadError when the server gives no message it can show', async () => {
    api((request) => (request.method === 'POST' ? apiError(400, 'bad_request', 'order.emptyFile') : undefined));
    const { user } = renderOrder();
    await screen.findByRole('heading', { level: 1 });
    await user.upload(fileInput(), new File([''], 'empty.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error uploading the document. Please try again.');
  });

  it('uploads a document and refreshes the list', async () => {
    const articles: TOrderDocument = { id: 'doc-2', fileName: 'Articles.pdf', createdAt: '2025-05-11T09:00:00.000Z' };
    let documents = [einLetter];
    const requests = api((request) => {
      if (request.method === 'POST') {
        documents = [articles, einLetter];
        return { status: 201, body: { document: articles } };
      }
      if (request.path === documentsUrl) return { body: { documents } };
    });
    const { user } = renderOrder();
    await screen.findByTestId('order-documents');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'Articles.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Articles.pdf was added. The customer has been told.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('order-documents')).getAllByRole('link').map((link) => link.textContent)).toEqual(['Articles.pdf(opens in a new tab)', 'EIN Letter.pdf(opens in a new tab)']));
    expect(requests.filter((request) => request.path === documentsUrl)).toHaveLength(2);
    expect(fileInput().value).toBe('');
  });

  it('says admin.orderNotFound for an unknown order, and Failed to load order details otherwise', async () => {
    api((request) => (request.path.startsWith('/api/admin/orders/') ? apiError(404, 'not_found', 'admin.orderNotFound') : undefined));
    const first = renderOrder();
    expect((await screen.findByRole('alert')).textContent).toContain('Order not found.');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    first.unmount();

    api((request) => (request.path === orderUrl ? apiError(500, 'internal', 'errors.internal') : undefined));
    renderOrder();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load order details');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    api();
    renderOrder({ language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido #C1B2C3D4' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Estado del pedido' })).toBeTruthy();
    expect(screen.getByText('Mexicana')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subir' })).toBeTruthy();
  });
});
