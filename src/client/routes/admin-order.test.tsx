import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAdminOrderDetail } from '@shared/admin';
import { apiError, stubApi, type ApiReply, type ApiRoutes } from '@client/testing/api-stub';
import { adminOrderDetail, mexicoCity, partner, packetRoutes } from '@client/testing/builders';
import { choose, field, fill } from '@client/testing/form';
import { renderWithProviders } from '@client/testing/render';
import AdminOrderRoute from './admin-order';

/*
 * The admin order page corrects an order's data in the wizard's fields (the orders
 * feature, composed by this route), with a reason; the server's answer and errors come back to it.
 */
const id = 'c1b2c3d4-0000-4000-8000-000000000003';
let current: TAdminOrderDetail['order'] = adminOrderDetail({
  id,
  companyName1: 'Cielo Trading LLC',
  companyName2: 'Cielo Imports LLC',
  companyName3: 'Cielo Global LLC',
  status: 'processing',
  ...mexicoCity,
  orderAmountPaid: 39900,
  documents: { ssnDoc: false, passport: true, otherId: false },
  partner,
});
const original = current;

const correctRoute = 'PATCH /api/admin/orders/:id';
const orderRoute = 'GET /api/admin/orders/:id';
const timelineRoute = 'GET /api/admin/orders/:id/timeline';
const correctedEntry = {
  at: '2026-11-27T16:00:00.000Z',
  kind: 'order_corrected',
  actor: 'Erin Admin',
  detail: { reason: 'The customer mistyped the name.', changed: 'companyName1, email' },
};

const api = (routes: ApiRoutes = {}) =>
  stubApi({
    [orderRoute]: () => ({ body: { order: current, history: [] } }),
    'GET /api/orders/:id/documents': { body: { documents: [] } },
    'GET /api/admin/orders/:id/notes': { body: { notes: [] } },
    ...packetRoutes,
    'GET /api/admin/assignees': { body: { assignees: [] } },
    'GET /api/orders/:id/messages': { body: { messages: [] } },
    'GET /api/admin/orders/:id/identity-views': { body: { views: [] } },
    [timelineRoute]: { body: { entries: [correctedEntry] } },
    ...routes,
  });

/** Opens the form: its first render (the wizard's fields, every country in two lists) can take a while on a busy machine. */
async function openCorrection(user: UserEvent, button = 'Correct order') {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByTestId('order-correction-form', {}, { timeout: 5000 });
}

const renderRoute = (language: 'en' | 'es' = 'en') => {
  current = original;
  return renderWithProviders(<AdminOrderRoute />, { route: `/admin/orders/${id}`, path: '/admin/orders/:id', language });
};

describe('/admin/orders/:id: correct the order', () => {
  // the page loads the form when it is opened: loaded once here, so a cold transform is not part of a findBy's wait
  beforeAll(() => import('@client/features/orders/components/order-correction-form'));

  it('opens the order’s data in the wizard’s fields, sends the corrected order with the reason, and refreshes the order and its timeline', async () => {
    let answer: (reply: ApiReply) => void = () => undefined;
    const network = api({
      [correctRoute]: () =>
        new Promise<ApiReply>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderRoute();
    await openCorrection(user);
    const first = screen.getByRole('textbox', { name: /^First choice/ });
    expect(first).toHaveValue('Cielo Trading LLC');
    await waitFor(() => expect(first).toHaveFocus());
    expect(field('Email')).toHaveValue(current.email);
    expect(screen.getByText('The state of formation (Wyoming) is not corrected here: it sets the price.')).toBeVisible();
    expect(screen.getByTestId('partner-card')).toHaveTextContent('Luis Gómez');

    await user.clear(first);
    await fill(user, first, 'Condor Trading LLC');
    await user.clear(field('Email'));
    await fill(user, field('Email'), 'ana.perez@example.com');
    await fill(user, field('Reason for the correction'), 'The customer mistyped the name.');
    const save = screen.getByRole('button', { name: 'Save correction' });
    await user.click(save);

    await waitFor(() => expect(network.count(correctRoute)).toBe(1));
    expect(screen.getByRole('button', { name: 'Saving correction…' })).toHaveAttribute('aria-busy', 'true');
    const [sent] = network.calls.filter((call) => call.method === 'PATCH');
    expect(sent!.path).toBe(`/api/admin/orders/${id}`);
    expect(sent!.body).toEqual({
      order: {
        companyName1: 'Condor Trading LLC',
        companyName2: 'Cielo Imports LLC',
        companyName3: 'Cielo Global LLC',
        organizerName: current.organizerName,
        email: 'ana.perez@example.com',
        ...mexicoCity,
        addressLine2: '',
        restrictedWordsAccepted: true,
        partner,
      },
      reason: 'The customer mistyped the name.',
    });

    const reads = { order: network.count(orderRoute), timeline: network.count(timelineRoute) };
    current = { ...current, companyName1: 'Condor Trading LLC', email: 'ana.perez@example.com' };
    answer({ body: { changed: ['companyName1', 'email'] } });
    expect(await screen.findByText('Order corrected. The customer is emailed what changed.')).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('order-correction-form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Correct order' })).toHaveFocus());
    await waitFor(() => expect(network.count(orderRoute)).toBeGreaterThan(reads.order));
    expect(network.count(timelineRoute)).toBeGreaterThan(reads.timeline);
    expect(await screen.findAllByText('Condor Trading LLC')).not.toHaveLength(0);
    // the timeline says what the correction changed, and why
    expect(screen.getByTestId('order-timeline')).toHaveTextContent('Order corrected (Company name, first choice; Email): The customer mistyped the name.');
  });

  it('checks the fields and the reason before sending, and puts the server’s errors back on their fields', async () => {
    const network = api({
      [correctRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', {
        'order.organizerName': 'order.tooLong',
        'order.partner.phone': 'order.invalidPhoneInCountry',
      }),
    });
    const { user } = renderRoute();
    await openCorrection(user);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await fill(user, email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(screen.getByText('Say why the order is corrected.')).toBeVisible();
    expect(network.count(correctRoute)).toBe(0);

    await user.clear(email);
    await fill(user, email, 'ana@example.com');
    await fill(user, field('Reason for the correction'), 'Typo');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText('This is too long')).toBeVisible();
    // the partner's form opens on its own error
    expect(within(await screen.findByTestId('partner-form')).getByText(/not a valid phone number in Mexico/)).toBeVisible();
    expect(network.count(correctRoute)).toBe(1);
  });

  it('in Spanish: a nationality needing a document the order lacks is refused before sending; nothing changed is said as the server says it', async () => {
    const network = api({ [correctRoute]: apiError(400, 'validation_failed', 'admin.correction.unchanged') });
    const { user } = renderRoute('es');
    await openCorrection(user, 'Corregir pedido');
    const nationality = screen.getByRole('combobox', { name: /^Nacionalidad \(país de ciudadanía\)/ });
    await choose(user, nationality, 'Estados Unidos');
    await fill(user, field('Motivo de la corrección'), 'Es ciudadana de EE. UU.');
    await user.click(screen.getByRole('button', { name: 'Guardar corrección' }));
    expect(await screen.findByText('Para ciudadanos de EE. UU. se necesita el documento del SSN, y este pedido no lo tiene.')).toBeVisible();
    expect(network.count(correctRoute)).toBe(0);

    await choose(user, nationality, 'México');
    await user.click(screen.getByRole('button', { name: 'Guardar corrección' }));
    expect(await screen.findByText('No se pudo corregir el pedido. No cambió nada: modifique un campo antes de guardar.')).toHaveAttribute('role', 'alert');
    expect(network.count(correctRoute)).toBe(1);
    expect(screen.getByTestId('order-timeline')).toHaveTextContent(
      'Pedido corregido (Nombre de la empresa, primera opción; Correo electrónico): The customer mistyped the name.',
    );

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByTestId('order-correction-form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Corregir pedido' })).toHaveFocus());
  });
});
