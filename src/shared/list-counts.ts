import { formatNumber } from './formats';
import type { Language } from './languages';

/**
 * The admin lists count their matches up to this many (issue 39). Counting every match read the
 * whole orders table at a million orders (1.8–2.5 s for a first page); counting stops here, so a
 * first page costs the same at any size. A count at the cap means "at least this many".
 */
export const countCap = 10_000;

/** "9,999", or "10,000+" for a count that reached the cap (the same in both languages). */
export function formatCount(count: number, language: Language): string {
  return count >= countCap ? `${formatNumber(countCap, language)}+` : formatNumber(count, language);
}
