import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@shared/languages';
import { toast } from '@client/components/ui/toast';
import { defaultPublicConfig, setPublicConfig } from '@client/lib/public-config';
import { apiError, stubApi, type ApiReply } from '@client/testing/api-stub';
import { orderDetail, price, priceRoute } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { takeConsoleOutput } from '../../../../shared/testing/fail-on-console';
import { leaveForCheckout } from '../leave-for-checkout';
import { CheckoutPage } from './checkout-page';

vi.mock('@client/components/ui/toast', () => ({ toast: vi.fn(async () => 1) }));
vi.mock('../leave-for-checkout', () => ({ leaveForCheckout: vi.fn() }));

const order = orderDetail();
const orderRoute = `GET /api/orders/${order.id}`;
const checkoutRoute = `POST /api/orders/${order.id}/checkout`;
const url = `/checkout?orderId=${order.id}`;
const failed = apiError(500, 'internal', 'errors.internal');

const renderCheckout = (route = url, language: Language = 'en') => renderWithProviders(<CheckoutPage />, { route, path: '/checkout', language });

const payButton = () => screen.findByRole('button', { name: /Complete Payment/ });
const termsBox = () => screen.findByRole('checkbox', { name: 'I accept the Terms & Conditions and the Refund Policy' });
const adultBox = () => screen.findByRole('checkbox', { name: 'I am 18 or older' });
/** docs/product.md, "Constants and limits": both boxes, before Complete Payment. */
const tickConsents = async (user: ReturnType<typeof renderCheckout>['user']) => {
  await user.click(await termsBox());
  await user.click(await adultBox());
};

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.mocked(leaveForCheckout).mockClear();
});
afterEach(() => setPublicConfig(defaultPublicConfig));

describe('<CheckoutPage>', () => {
  it('has headings that go down one level at a time (h1, then h2s)', async () => {
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price() });
    renderCheckout();
    await screen.findByTestId('company-name');
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (const [index, level] of levels.entries()) if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
    expect(screen.getByRole('heading', { name: 'Your LLC formation package', level: 2 })).toBeVisible();
  });

  it('shows the order, the package, the fees and the total from the price lookup', async () => {
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price(45000) });
    renderCheckout();
    expect(await screen.findByTestId('company-name')).toHaveTextContent(/^Andes Trading LLC$/);
    for (const text of [
      'Wyoming LLC',
      'Order #A1B2C3D4',
      'Federal EIN from the IRS',
      'Registered agent for 1 year',
      'Legal documents, including the Articles of Organization',
      'Included',
    ]) {
      expect(screen.getByText(text)).toBeVisible();
    }
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent(/^\$450$/));
    expect(screen.getByTestId('service-fee')).toHaveTextContent(/^\$450$/);
    expect(screen.getByRole('img', { name: 'Rated 4.9 out of 5 from more than 500 reviews' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('shows $399 while the price is loading', async () => {
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: 'never' });
    renderCheckout();
    await payButton();
    expect(screen.getByTestId('service-fee')).toHaveTextContent(/^\$399$/);
    expect(screen.getByTestId('total')).toHaveTextContent(/^\$399$/);
  });

  it('shows the price the page came with while the lookup loads', async () => {
    setPublicConfig({ ...defaultPublicConfig, priceCents: 42000 });
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: 'never' });
    renderCheckout();
    await payButton();
    expect(screen.getByTestId('total')).toHaveTextContent(/^\$420$/);
  });

  it('shows $399 when the price lookup fails, and logs the failure', async () => {
    const api = stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: failed });
    renderCheckout();
    await payButton();
    await waitFor(() => expect(api.count(priceRoute)).toBe(1));
    await waitFor(() => expect(takeConsoleOutput()).toEqual([expect.stringContaining('price lookup failed')]));
    expect(screen.getByTestId('total')).toHaveTextContent(/^\$399$/);
  });

  it('asks the server for a session with the consents and no price, then leaves for its url', async () => {
    const api = stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: { body: { url: 'https://pay.example/session/1' } } });
    const { user } = renderCheckout();
    await tickConsents(user);
    await user.click(await payButton());
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('https://pay.example/session/1'));
    expect(api.writes().map((request) => [request.path, request.body])).toEqual([
      [`/api/orders/${order.id}/checkout`, { acceptTerms: true, confirmAdult: true }],
    ]);
    // busy until the browser has gone
    expect(screen.getByRole('button', { name: /Taking you to secure payment/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('keeps the keyboard on the busy button; on failure shows the destructive toast and the reason by the button, and enables it again', async () => {
    // the checkout answers when the test says so, to see the busy state first
    let fail = () => {};
    const failure = new Promise<ApiReply>((resolve) => (fail = () => resolve(failed)));
    const api = stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: () => failure });
    const { user } = renderCheckout();
    await tickConsents(user);
    const button = await payButton();
    button.focus();
    await user.keyboard('{Enter}');
    // busy, and still the focused element: a disabled button would have dropped focus to <body>
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleName(/Taking you to secure payment/);
    expect(button).toHaveFocus();
    // pressing again while busy asks for no second session
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(api.count(checkoutRoute)).toBe(1);
    fail();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Payment error', 'We could not start the payment. Please try again.'));
    const again = await payButton();
    expect(again).not.toHaveAttribute('aria-disabled');
    expect(again).toHaveFocus();
    expect(screen.getByTestId('action-error')).toHaveTextContent(/^We could not start the payment\. Please try again\.$/);
    expect(again).toHaveAccessibleDescription('We could not start the payment. Please try again.');
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('treats an answer without a url as a failure', async () => {
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: { body: {} } });
    const { user } = renderCheckout();
    await tickConsents(user);
    await user.click(await payButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Payment error', 'We could not start the payment. Please try again.'));
    expect(await payButton()).toBeEnabled();
  });

  it('says so when the order was paid meanwhile (409), and shows it as paid', async () => {
    let current = order;
    stubApi({
      [orderRoute]: () => ({ body: { order: current } }),
      [priceRoute]: price(),
      [checkoutRoute]: () => {
        current = { ...order, status: 'paid' };
        return { status: 409, body: { error: { code: 'conflict', message: 'payment.alreadyPaid' } } };
      },
    });
    const { user } = renderCheckout();
    await tickConsents(user);
    await user.click(await payButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Payment error', 'This order has already been paid.'));
    expect(await screen.findByText('This order is already paid')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Complete Payment/ })).not.toBeInTheDocument();
  });

  it('with a box unticked, says which under it, moves focus there and asks the server nothing', async () => {
    const api = stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: { body: { url: 'https://pay.example/session/1' } } });
    const { user } = renderCheckout();
    await user.click(await payButton());
    expect(await termsBox()).toHaveFocus();
    expect(await termsBox()).toHaveAccessibleDescription('Accept the Terms & Conditions and the Refund Policy to continue.');
    expect(await adultBox()).toHaveAccessibleDescription('Confirm that you are 18 or older to continue.');
    expect(await termsBox()).toBeInvalid();
    // the words name the pages they open
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');

    await user.click(await termsBox());
    expect(await termsBox()).not.toHaveAccessibleDescription();
    await user.click(await payButton());
    expect(await adultBox()).toHaveFocus();
    expect(api.count(checkoutRoute)).toBe(0);
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('links the Terms & Conditions and the Refund Policy from the box', async () => {
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price() });
    renderCheckout();
    await termsBox();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');
  });

  it("shows the server's refusal of a consent under its box", async () => {
    const refusal = apiError(400, 'validation_failed', 'errors.validation_failed', { confirmAdult: 'payment.confirmAdultRequired' });
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price(), [checkoutRoute]: refusal });
    const { user } = renderCheckout();
    await tickConsents(user);
    await user.click(await payButton());
    await waitFor(async () => expect(await adultBox()).toHaveAccessibleDescription('Confirm that you are 18 or older to continue.'));
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows a paid order as paid, with a link to the dashboard instead of the button', async () => {
    stubApi({ [orderRoute]: { body: { order: { ...order, status: 'processing' } } }, [priceRoute]: price() });
    renderCheckout();
    expect(await screen.findByText('This order is already paid')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: /Complete Payment/ })).not.toBeInTheDocument();
  });

  it("goes to /order without an order id, and for an order that is not the user's", async () => {
    stubApi({ [priceRoute]: price(), [orderRoute]: apiError(404, 'not_found', 'errors.not_found') });
    const first = renderCheckout('/checkout');
    await waitFor(() => expect(first.location()).toBe('/order'));
    first.unmount();

    const second = renderCheckout();
    await waitFor(() => expect(second.location()).toBe('/order'));
  });

  it('Back goes to the confirmation of the order when checkout was the first page', async () => {
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price() });
    const { user, location } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(location()).toBe(`/order/confirm?orderId=${order.id}`);
  });

  it('speaks Spanish', async () => {
    stubApi({ [orderRoute]: { body: { order } }, [priceRoute]: price() });
    renderCheckout(url, 'es');
    expect(await screen.findByRole('button', { name: /Completar pago/ })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Acepto los Términos y condiciones y la Política de reembolso' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tengo 18 años o más' })).not.toBeChecked();
    expect(screen.getByText('Incluidas')).toBeVisible();
    expect(screen.getByText('LLC en Wyoming')).toBeVisible();
  });
});
