/** The all-inclusive price (SPEC section 9), in cents. Also the fallback shown while loading. */
export const standardFormationSlug = 'standard-formation';
export const standardFormationPriceCents = 39900;
