/** The all-inclusive price (SPEC section 9), in cents. Also the fallback shown while loading. */
export const standardFormationSlug = 'standard-formation';
export const standardFormationPriceCents = 39900;

/** Money is integer cents end to end; shown as whole US dollars when there are no cents. */
export function formatUsd(cents: number, language: 'en' | 'es' = 'en'): string {
  const dollars = cents / 100;
  return new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(dollars);
}
