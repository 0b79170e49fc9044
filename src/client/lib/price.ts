import { useTranslation } from '@client/lib/i18n';
import { publicConfig } from './public-config';
import { formatUsd } from '@shared/formats';

/**
 * The standard package's price for display, and as `{{price}}` for the texts that quote it: the
 * one the server embedded in the page (read from the services row for every page it sends, and
 * the one a prerendered page was rendered with, so hydration matches and nothing flashes), $399
 * without it (docs/product.md). Only a display: the server decides what the checkout charges. `usd` formats
 * other amounts the same way.
 */
export function usePrice(): { cents: number; price: string; usd: (cents: number) => string } {
  const { i18n } = useTranslation();
  const usd = (cents: number) => formatUsd(cents, i18n.language === 'es' ? 'es' : 'en');
  const cents = publicConfig.priceCents;
  return { cents, price: usd(cents), usd };
}
