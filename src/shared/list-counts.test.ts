import { describe, expect, it } from 'vitest';
import { countCap, formatCount, orderCountCap, filteredCountCap } from './list-counts';

describe('a list count', () => {
  it('reads exactly below the cap and "10,000+" at it, in both languages', () => {
    expect(countCap).toBe(10_000);
    for (const language of ['en', 'es'] as const) {
      expect(formatCount(0, language)).toBe('0');
      expect(formatCount(9_999, language)).toBe('9,999');
      expect(formatCount(countCap, language)).toBe('10,000+');
      expect(formatCount(countCap + 5, language)).toBe('10,000+');
    }
  });

  it('counts the orders filtered by more than status and dates to 1,000, and reads "1,000+" at that cap', () => {
    expect(orderCountCap({})).toBe(countCap);
    expect(orderCountCap({ q: undefined })).toBe(countCap);
    for (const filter of [
      { q: 'proton.me' },
      { state: 'WY' },
      { nationality: 'MX' },
      { requests: 'open' },
      { refund: 'requested' },
      { owner: 'unassigned' },
    ] as const)
      expect(orderCountCap(filter), JSON.stringify(filter)).toBe(filteredCountCap);
    for (const language of ['en', 'es'] as const) {
      expect(formatCount(999, language, filteredCountCap)).toBe('999');
      expect(formatCount(1_000, language, filteredCountCap)).toBe('1,000+');
    }
  });
});
