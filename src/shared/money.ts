/** The all-inclusive price (SPEC section 9), in cents. Also the fallback shown while loading. */
export const standardFormationSlug = 'standard-formation';
export const standardFormationPriceCents = 39900;

/**
 * Money is integer cents end to end; shown as whole US dollars when there are no cents. en-US and
 * es-US write US dollars alike ("$1,234.50"), so this is written out rather than asked of
 * Intl.NumberFormat: a browser's first NumberFormat loads its number data, 20–80 ms of main thread
 * on a phone, and the footer of every page shows the price. money.test.ts holds it to Intl's output.
 */
export function formatUsd(cents: number, _language: 'en' | 'es' = 'en'): string {
  const rounded = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(rounded / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = rounded % 100;
  return `${cents < 0 && rounded > 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}
