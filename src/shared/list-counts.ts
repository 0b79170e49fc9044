import { formatNumber } from './formats';
import type { Language } from './languages';

/**
 * The admin lists count their matches up to this many (issue 39). Counting every match read the
 * whole orders table at a million orders (1.8–2.5 s for a first page); counting stops here, so a
 * first page costs the same at any size. A count at the cap means "at least this many".
 */
export const countCap = 10_000;

/**
 * The orders list's cap when it is searched by text. A broad search ("proton.me", a tenth of the
 * orders) has no index that finds its matches in any order: counting 10,000 of them read 100,000
 * rows (65 ms of the request's 100 ms p95 at a million orders); 1,000 take 6 ms. A search is for
 * finding an order: past a thousand matches the exact figure helps no one.
 */
export const searchCountCap = 1_000;

/** The cap the orders list counts its matches to with these filters. */
export const orderCountCap = (filters: { q?: string | undefined }): number => (filters.q ? searchCountCap : countCap);

/** "9,999", or "10,000+" for a count that reached the cap (the same in both languages). */
export function formatCount(count: number, language: Language, cap = countCap): string {
  return count >= cap ? `${formatNumber(cap, language)}+` : formatNumber(count, language);
}
