import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { toast } from './toast';

describe('<ToastHost>', () => {
  it('puts the polite live region in the page before the first toast, so that toast is announced', async () => {
    renderWithProviders(<p>page</p>, { toasts: true });
    // no toast yet: the region (sonner's, loaded once the page is idle) is already there, empty
    const region = await screen.findByRole('region', { name: /Notifications/ });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    await toast('error', 'Payment error', 'We could not start the payment. Please try again.');
    expect(await screen.findByText('Payment error')).toBeInTheDocument();
    // the toast went into the region that was already there
    expect(screen.getByRole('region', { name: /Notifications/ })).toBe(region);
    expect(region).toHaveTextContent(/We could not start the payment/);
  });
});
