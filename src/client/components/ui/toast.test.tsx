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

  // sonner's own names are English ("Notifications alt+T", "Close toast")
  it("names the region and the close buttons in the reader's language", async () => {
    renderWithProviders(<p>página</p>, { toasts: true, language: 'es' });
    const region = await screen.findByRole('region', { name: 'Notificaciones (Alt+T)' });
    await toast('error', 'Error de pago', 'No pudimos iniciar el pago.');
    expect(await screen.findByText('Error de pago')).toBeInTheDocument();
    expect(region.querySelector('button[aria-label]')).toHaveAttribute('aria-label', 'Cerrar notificación');
  });
});
