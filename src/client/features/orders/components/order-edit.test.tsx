import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer as account, orderDetail, pdf } from '@client/testing/builders';
import { clearToasts, renderWithProviders } from '@client/testing/render';
import { OrderWizard } from './order-wizard';

const order = orderDetail({ id: '3f2a9c1b-77d0-4c55-9a53-0c8b2b1e9f10', documents: { ssnDoc: false, passport: true, otherId: true } });
const updateRoute = 'PUT /api/orders/:id';
const renderEditor = () =>
  renderWithProviders(<OrderWizard account={account} editing={order} />, { route: `/order?edit=${order.id}`, path: '/order', toasts: true });
const save = () => screen.getByRole('button', { name: /^(Save changes|Saving\.\.\.)$/ });

beforeEach(() => sessionStorage.clear());
afterEach(() => clearToasts());

describe('<OrderWizard editing> (fixing an unpaid order)', () => {
  it('opens prefilled with every step reachable, keeps the files on file, and saves the same order with what it keeps', async () => {
    const api = stubApi({ [updateRoute]: { body: { order: { id: order.id, held: false } } } });
    const { user, location } = renderEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Fix your order' })).toBeVisible();
    expect(screen.getByText('Order #3F2A9C1B')).toBeVisible();
    const first = screen.getByLabelText(/First choice/);
    expect(first).toHaveValue('Andes Trading LLC');
    await user.clear(first);
    await user.type(first, 'Condor Andino LLC');

    await user.click(screen.getByTestId('step-tab-verification'));
    const passport = screen.getByTestId('upload-passport');
    expect(passport).toHaveTextContent('Uploaded with your order');
    // the other id goes; a new passport is not needed
    await user.click(screen.getByRole('button', { name: 'Remove the Other photo ID (optional) uploaded with your order' }));
    expect(screen.getByTestId('upload-otherId')).toHaveTextContent('Choose file');
    await user.click(save());

    await waitFor(() => expect(location()).toBe(`/order/confirm?orderId=${order.id}`));
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`PUT /api/orders/${order.id}`]);
    const body = api.calls[0]!.body as FormData;
    expect([...body.keys()]).toEqual(['order', 'keep']);
    expect(JSON.parse(body.get('keep') as string)).toEqual(['passport']);
    expect(JSON.parse(body.get('order') as string)).toMatchObject({ companyName1: 'Condor Andino LLC', nationality: 'PE' });
  });

  it("opens at the step a summary's Change link names", async () => {
    renderWithProviders(<OrderWizard account={account} editing={order} />, { route: `/order?edit=${order.id}&step=address`, path: '/order' });
    expect(screen.getByTestId('wizard-position')).toHaveTextContent(/^Step 3 of 4$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Mailing Address' })).toBeVisible();
    // the keyboard starts at what she came to change
    expect(screen.getByRole('heading', { level: 2, name: 'Mailing Address' })).toHaveFocus();
  });

  it('sends a replacing file and does not keep the one it replaces', async () => {
    const api = stubApi({ [updateRoute]: { body: { order: { id: order.id, held: false } } } });
    const { user } = renderEditor();
    await user.click(screen.getByTestId('step-tab-verification'));
    await user.upload(screen.getByLabelText(/^Passport/, { selector: 'input[type="file"]' }), pdf('new-passport.pdf'));
    expect(screen.getByTestId('upload-passport')).toHaveTextContent('new-passport.pdf');
    await user.click(save());
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const body = api.calls[0]!.body as FormData;
    expect(JSON.parse(body.get('keep') as string)).toEqual(['otherId']);
    expect((body.get('passport') as File).name).toBe('new-passport.pdf');
  });

  it('asks for the passport again once the one on file is removed, without a request', async () => {
    const api = stubApi({});
    const { user } = renderEditor();
    await user.click(screen.getByTestId('step-tab-verification'));
    await user.click(screen.getByRole('button', { name: 'Remove the Passport uploaded with your order' }));
    await user.click(save());
    expect(await screen.findByText('Please upload your passport')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('says so when the order was paid meanwhile (409), and stays on the form', async () => {
    stubApi({ [updateRoute]: apiError(409, 'conflict', 'order.notEditable') });
    const { user, location } = renderEditor();
    await user.click(screen.getByTestId('step-tab-verification'));
    await user.click(save());
    expect(await screen.findByTestId('action-error')).toHaveTextContent(/can no longer be changed/);
    expect(location()).toBe(`/order?edit=${order.id}`);
  });
});
