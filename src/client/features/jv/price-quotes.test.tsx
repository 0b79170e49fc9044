import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPublicConfig, setPublicConfig } from '@client/lib/public-config';
import { renderWithProviders } from '@client/testing/render';
import { PartnerPage } from './partner/partner-page';
import { PresalePage } from './presale/presale-page';
import { SalesPage } from './sales/sales-page';

afterEach(() => setPublicConfig(defaultPublicConfig));

describe('the promotional pages', () => {
  it('/jv-sales quotes the price the server set everywhere, against the $549 strike price and the competition', () => {
    setPublicConfig({ ...defaultPublicConfig, priceCents: 45000, jvCheckoutUrl: 'https://shop.example.com/llc' });
    const { container } = renderWithProviders(<SalesPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Lock in $450 before the timer runs out' })).toBeVisible();
    expect(screen.getAllByTestId('checkout-link').map((link) => link.textContent)).toEqual(['Get my LLC for $450', 'Get my LLC for $450']);
    const compare = within(container.querySelector('#price')!);
    expect(compare.getByText('$700+')).toBeVisible();
    expect(compare.getByText('$549')).toBeVisible();
    expect(compare.getByText('$450')).toBeVisible();
    // the savings follow the price
    expect(compare.getByText('You save $99 on our regular price, and $250+ on the competition.')).toBeVisible();
    expect(screen.getByText('formations left at $450')).toBeVisible();
    // the promo kit partners copy quotes it too
    expect(screen.getByText('Form your US LLC from anywhere (for $450)')).toBeVisible();
    expect(container.textContent).not.toContain('$399');
    expect(container.textContent).not.toContain('{{');
    expect(document.title).toBe('Your US LLC and EIN for $450 | Frontera');
  });

  it.each([
    ['/jv-partner', PartnerPage, 'A flat $100 commission on every $450 sale'],
    ['/jv-presale', PresalePage, '$450 (regular $549)'],
  ])('%s quotes the price the server set too', (_path, Page, text) => {
    setPublicConfig({ ...defaultPublicConfig, priceCents: 45000 });
    const { container } = renderWithProviders(<Page />);
    expect(screen.getByText(text)).toBeVisible();
    expect(container.textContent).not.toContain('$399');
    expect(container.textContent).not.toContain('{{');
  });
});

describe('external links not configured', () => {
  it('the checkout and marketplace buttons are hidden while their URL is the default #', () => {
    renderWithProviders(<SalesPage />);
    expect(screen.queryByTestId('checkout-link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Get my LLC/ })).not.toBeInTheDocument();
    renderWithProviders(<PartnerPage />);
    expect(screen.queryByTestId('marketplace-link')).not.toBeInTheDocument();
  });

  it('they show, to the configured address, once set', () => {
    setPublicConfig({ ...defaultPublicConfig, jvCheckoutUrl: 'https://shop.example.com/llc', affiliateMarketplaceUrl: 'https://market.example.com/frontera' });
    renderWithProviders(<SalesPage />);
    expect(screen.getAllByTestId('checkout-link').map((link) => link.getAttribute('href'))).toEqual([
      'https://shop.example.com/llc',
      'https://shop.example.com/llc',
    ]);
    renderWithProviders(<PartnerPage />);
    const marketplace = screen.getAllByTestId('marketplace-link')[0];
    expect(marketplace).toHaveAttribute('href', 'https://market.example.com/frontera');
    expect(marketplace).toHaveAttribute('target', '_blank');
    expect(marketplace).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
