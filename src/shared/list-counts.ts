import type { TAdminOrderFilters } from './admin';
import { formatNumber } from './formats';
import type { Language } from './languages';

/**
 * The admin lists count their matches up to this many. Counting every match read the
 * whole orders table at a million orders (1.8–2.5 s for a first page); counting stops here, so a
 * first page costs the same at any size. A count at the cap means "at least this many".
 */
export const countCap = 10_000;

/**
 * The orders list's cap when it is filtered by more than its status and dates (a search, a state,
 * a nationality, an owner…). Only the status and the dates have an index that counts in one read;
 * the other filters' matches are read row by row, as many rows as it takes to find the cap's worth:
 * 100,000 for a search of "proton.me" (a tenth of the orders, 65 ms at a million) and 163,000 for
 * WY + Mexican (90 ms); 1,000 matches take 6–9 ms. A filter is for finding orders: past a thousand
 * the exact figure helps no one.
 */
export const filteredCountCap = 1_000;

/** Whether the orders list is filtered by more than its status and dates. */
export function narrowedBeyondDates(filters: Partial<Pick<TAdminOrderFilters, 'q' | 'state' | 'nationality' | 'requests' | 'refund' | 'owner'>>): boolean {
  return Boolean(filters.q || filters.state || filters.nationality || filters.requests || filters.refund || filters.owner);
}

/** The cap the orders list counts its matches to with these filters. */
export const orderCountCap = (filters: Parameters<typeof narrowedBeyondDates>[0]): number => (narrowedBeyondDates(filters) ? filteredCountCap : countCap);

/** "9,999", or "10,000+" for a count that reached the cap (the same in both languages). */
export function formatCount(count: number, language: Language, cap = countCap): string {
  return count >= cap ? `${formatNumber(cap, language)}+` : formatNumber(count, language);
}
