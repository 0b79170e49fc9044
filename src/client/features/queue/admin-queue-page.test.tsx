import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TQueue, TQueueItem } from '@shared/queue';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders, type RenderOptions } from '@client/testing/render';
import { AdminQueuePage } from './admin-queue-page';

const hour = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const order = (id: string, overrides: Partial<TQueueItem & { type: 'order' }> = {}): TQueueItem => ({
  type: 'order',
  id,
  companyName1: 'Andes Trading LLC',
  organizerName: 'Ana María Pérez',
  status: 'paid',
  promise: null,
  attention: [],
  attentionDueAt: null,
  assignee: null,
  language: 'es',
  openRequests: 0,
  requestDueOn: null,
  holdReason: null,
  ...overrides,
});
const late = order('a0000000-0000-4000-8000-000000000001', {
  promise: { kind: 'processing_start', from: null, dueAt: ago(3 * hour + 20 * 60_000) },
  assignee: { id: 'u1', name: 'Luis Gómez' },
});
const ticket: TQueueItem = {
  type: 'ticket',
  id: 't0000000-0000-4000-8000-000000000001',
  name: 'Rosa Quispe',
  email: 'rosa.quispe.fundadora.de.empresas@example.com',
  excerpt: 'Mi EIN todavía no llega, ¿pueden revisar?',
  promise: { kind: 'support_reply', from: ago(2 * hour), dueAt: new Date(Date.now() + 10 * hour).toISOString() },
  assignee: null,
};
const waiting = order('b0000000-0000-4000-8000-000000000002', {
  companyName1: 'Bravo Labs LLC',
  status: 'processing',
  openRequests: 2,
  requestDueOn: '2026-12-02',
});
const queue = (overrides: Partial<TQueue['sections']> = {}): TQueue => {
  const sections = { dueToday: [], overdue: [], unassigned: [], waiting: [], reviews: [], ...overrides };
  return {
    now: new Date().toISOString(),
    counts: Object.fromEntries(Object.entries(sections).map(([name, items]) => [name, items.length])) as TQueue['counts'],
    sections,
  };
};

const queueRoute = 'GET /api/admin/queue';
const renderQueue = (options: RenderOptions = {}) => renderWithProviders(<AdminQueuePage />, { route: '/admin', path: '/admin', ...options });

describe('<AdminQueuePage> (/admin)', () => {
  it('shows each section in order with its count; the overdue in red with how late, in Spanish', async () => {
    stubApi({
      [queueRoute]: {
        body: {
          ...queue({ dueToday: [ticket], overdue: [late], waiting: [waiting] }),
          counts: { dueToday: 1, overdue: 1, unassigned: 0, waiting: 30, reviews: 0 },
        },
      },
      'GET /api/admin/assignees': { body: { assignees: [] } },
    });
    renderQueue({ language: 'es' });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando el trabajo pendiente');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Vence en menos de 24 horas1',
      'Atrasado1',
      'Sin asignar0',
      'Esperando al cliente30',
      'Revisiones de pago y retenciones0',
    ]);
    const overdue = screen.getByTestId('queue-overdue');
    expect(within(overdue).getByRole('link', { name: 'A0000000 · Andes Trading LLC' })).toHaveAttribute(
      'href',
      '/admin/orders/a0000000-0000-4000-8000-000000000001',
    );
    expect(within(overdue).getByTestId('late')).toHaveTextContent('Iniciar el procesamiento · 3 h 20 min de atraso');
    expect(overdue).toHaveTextContent('Responsable: Luis Gómez');
    const due = screen.getByTestId('queue-dueToday');
    expect(within(due).getByRole('link', { name: 'Rosa Quispe' })).toHaveAttribute('href', '/admin/tickets/t0000000-0000-4000-8000-000000000001');
    expect(due).toHaveTextContent(/Respuesta · vence/);
    expect(due).toHaveTextContent('Sin asignar');
    expect(screen.getByTestId('queue-unassigned')).toHaveTextContent('Nada más espera a un responsable.');
    const waitingSection = screen.getByTestId('queue-waiting');
    expect(waitingSection).toHaveTextContent('2 solicitudes abiertas, la primera vence el 2 dic 2026');
    expect(waitingSection).toHaveTextContent('Se muestran 1 de 30');
  });

  it('lists an order once with every reason it waits for, since when, the answer’s due moment and the customer’s language', async () => {
    const waitingOn = order('c0000000-0000-4000-8000-000000000003', {
      companyName1: 'Cóndor Importaciones LLC',
      language: 'es',
      attention: [
        { kind: 'message', since: ago(13 * hour) },
        { kind: 'request_answered', since: ago(2 * hour) },
        { kind: 'refund_requested', since: ago(hour) },
        { kind: 'partner_signed', since: ago(hour / 2) },
      ],
      attentionDueAt: ago(hour),
    });
    stubApi({ [queueRoute]: { body: queue({ overdue: [waitingOn] }) }, 'GET /api/admin/assignees': { body: { assignees: [] } } });
    renderQueue();
    const overdue = await screen.findByTestId('queue-overdue');
    expect(within(overdue).getAllByRole('link', { name: /Cóndor/ })).toHaveLength(1);
    const reasons = within(overdue).getByRole('list', { name: 'Waiting for the team' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(' · ')[0]),
    ).toEqual(['Message from the customer', 'Request answered', 'Refund requested', 'Partner signed, packet to review']);
    expect(within(overdue).getByTestId('late')).toHaveTextContent('Reply · 1 hr late');
    expect(within(overdue).getByTestId('customer-language')).toHaveTextContent('Writes in Spanish');
  });

  it('keeps the owner filter in the URL and asks the server for it; Show more asks for more', async () => {
    const network = stubApi({
      [queueRoute]: { body: { ...queue({ waiting: [waiting] }), counts: { dueToday: 0, overdue: 0, unassigned: 0, waiting: 30, reviews: 0 } } },
      'GET /api/admin/assignees': { body: { assignees: [{ id: 'u1', name: 'Luis Gómez' }] } },
    });
    const { user, location } = renderQueue({ route: '/admin?owner=mine' });
    await screen.findByTestId('queue-waiting');
    expect(network.paths(queueRoute)).toEqual(['/api/admin/queue?owner=mine&limit=25']);
    await screen.findByRole('option', { name: 'Luis Gómez' });
    await user.selectOptions(screen.getByLabelText('Whose work'), 'Luis Gómez');
    expect(location()).toBe('/admin?owner=u1');
    await screen.findByTestId('queue-waiting');
    expect(network.paths(queueRoute).at(-1)).toBe('/api/admin/queue?owner=u1&limit=25');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(network.paths(queueRoute).at(-1)).toBe('/api/admin/queue?owner=u1&limit=75');
  });

  it('says so when the queue cannot be loaded, and tries again', async () => {
    const network = stubApi({ [queueRoute]: apiError(500, 'internal', 'errors.internal'), 'GET /api/admin/assignees': { body: { assignees: [] } } });
    const { user } = renderQueue();
    expect(await screen.findByRole('alert')).toHaveTextContent('The queue could not be loaded.');
    network.on(queueRoute, { body: queue() });
    await user.click(screen.getByRole('button', { name: /Try again/i }));
    expect(await screen.findByText('Nothing is late.')).toBeVisible();
  });
});
