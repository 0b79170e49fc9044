/** The all-inclusive price (docs/product.md, "Constants and limits"), in cents. Also the fallback shown while loading. */
export const standardFormationSlug = 'standard-formation';
export const standardFormationPriceCents = 39900;
