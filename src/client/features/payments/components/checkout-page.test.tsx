import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@client/components/ui/toast';
import { defaultPublicConfig, setPublicConfig } from '@client/lib/public-config';
import { takeConsoleOutput } from '../../../../test-setup/fail-on-console';
import { leaveForCheckout } from '../leave-for-checkout';
import { stubFetch, type Reply } from '../testing/fetch-stub';
import { orderDetail, price, priceRoute } from '../testing/orders';
import { renderPaymentPage } from '../testing/render-payment-page';

vi.mock('@client/components/ui/toast', () => ({ toast: vi.fn(async () => 1) }));
vi.mock('../leave-for-checkout', () => ({ leaveForCheckout: vi.fn() }));

const order = orderDetail();
const orderRoute = `GET /api/orders/${order.id}`;
const checkoutRoute = `POST /api/orders/${order.id}/checkout`;
const url = `/checkout?orderId=${order.id}`;

const payButton = () => screen.findByRole('button', { name: /Complete Payment/ });

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.mocked(leaveForCheckout).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setPublicConfig(defaultPublicConfig);
});

describe('<CheckoutPage>', () => {
  it('shows the order, the package, the fees and the total from the price lookup', async () => {
    stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: price(45000) });
    renderPaymentPage(url);
    expect(await screen.findByTestId('company-name')).toHaveProperty('textContent', 'Andes Trading LLC');
    expect(screen.getByText('Wyoming LLC')).toBeTruthy();
    expect(screen.getByText('Order #A1B2C3D4')).toBeTruthy();
    for (const item of ['Federal EIN from the IRS', 'Registered agent for 1 year', 'Legal documents, including the Articles of Organization']) expect(screen.getByText(item)).toBeTruthy();
    expect(screen.getByText('Included')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('$450'));
    expect(screen.getByTestId('service-fee').textContent).toBe('$450');
    expect(screen.getByRole('img', { name: 'Rated 4.9 out of 5 from more than 500 reviews' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('shows $399 while the price is loading', async () => {
    stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: 'never' });
    renderPaymentPage(url);
    await payButton();
    expect(screen.getByTestId('service-fee').textContent).toBe('$399');
    expect(screen.getByTestId('total').textContent).toBe('$399');
  });

  it('shows the price the page came with while the lookup loads', async () => {
    setPublicConfig({ ...defaultPublicConfig, priceCents: 42000 });
    stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: 'never' });
    renderPaymentPage(url);
    await payButton();
    expect(screen.getByTestId('total').textContent).toBe('$420');
  });

  it('shows $399 when the price lookup fails, and logs the failure', async () => {
    const api = stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: { status: 500, body: { error: { code: 'internal', message: 'errors.internal' } } } });
    renderPaymentPage(url);
    await payButton();
    await waitFor(() => expect(api.count(priceRoute)).toBe(1));
    await waitFor(() => expect(takeConsoleOutput()).toEqual([expect.stringContaining('price lookup failed')]));
    expect(screen.getByTestId('total').textContent).toBe('$399');
  });

  it('asks the server for a session without sending a price, then leaves for its url', async () => {
    const api = stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: { body: { url: 'https://pay.example/session/1' } } });
    const { user } = renderPaymentPage(url);
    await user.click(await payButton());
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('https://pay.example/session/1'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toBeUndefined();
    // busy until the browser has gone
    expect(screen.getByRole('button', { name: /Taking you to secure payment/ })).toHaveProperty('disabled', true);
  });

  it('on failure shows the destructive toast and enables the button again', async () => {
    // the checkout answers when the test says so, to see the busy state first
    let fail = () => {};
    const failure = new Promise<Reply>((resolve) => (fail = () => resolve({ status: 500, body: { error: { code: 'internal', message: 'errors.internal' } } })));
    stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: () => failure });
    const { user } = renderPaymentPage(url);
    const button = await payButton();
    await user.click(button);
    expect(button).toHaveProperty('disabled', true);
    fail();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Payment error', 'We could not start the payment. Please try again.'));
    expect(await payButton()).toHaveProperty('disabled', false);
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('treats an answer without a url as a failure', async () => {
    stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: { body: {} } });
    const { user } = renderPaymentPage(url);
    await user.click(await payButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Payment error', 'We could not start the payment. Please try again.'));
    expect(await payButton()).toHaveProperty('disabled', false);
  });

  it('says so when the order was paid meanwhile (409), and shows it as paid', async () => {
    let current = order;
    stubFetch({
      [orderRoute]: () => ({ body: { order: current } }),
      [priceRoute]: price(),
      [checkoutRoute]: () => {
        current = { ...order, status: 'paid' };
        return { status: 409, body: { error: { code: 'conflict', message: 'payment.alreadyPaid' } } };
      },
    });
    const { user } = renderPaymentPage(url);
    await user.click(await payButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Payment error', 'This order has already been paid.'));
    expect(await screen.findByText('This order is already paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Complete Payment/ })).toBeNull();
  });

  it('shows a paid order as paid, with a link to the dashboard instead of the button', async () => {
    stubFetch({ [orderRoute]: { body: { order: { ...order, status: 'processing' } } }, [priceRoute]: price() });
    renderPaymentPage(url);
    expect(await screen.findByText('This order is already paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: /Complete Payment/ })).toBeNull();
  });

  it("goes to /order without an order id, and for an order that is not the user's", async () => {
    stubFetch({ [priceRoute]: price() });
    const first = renderPaymentPage('/checkout');
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/order');
    first.unmount();

    renderPaymentPage(`/checkout?orderId=${order.id}`); // the stub answers 404 for this order
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/order');
  });

  it('Back goes to the confirmation of the order when checkout was the first page', async () => {
    stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: price() });
    const { user } = renderPaymentPage(url);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('elsewhere').textContent).toBe(`/order/confirm?orderId=${order.id}`);
  });

  it('speaks Spanish', async () => {
    stubFetch({ [orderRoute]: { body: { order } }, [priceRoute]: price() });
    renderPaymentPage(url, { language: 'es' });
    expect(await screen.findByRole('button', { name: /Completar pago/ })).toBeTruthy();
    expect(screen.getByText('Incluidas')).toBeTruthy();
    expect(screen.getByText('LLC en Wyoming')).toBeTruthy();
  });
});
