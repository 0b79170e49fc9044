import { describe, expect, it } from 'vitest';
import { countCap, formatCount } from './list-counts';

describe('a list count (issue 39)', () => {
  it('reads exactly below the cap and "10,000+" at it, in both languages', () => {
    expect(countCap).toBe(10_000);
    for (const language of ['en', 'es'] as const) {
      expect(formatCount(0, language)).toBe('0');
      expect(formatCount(9_999, language)).toBe('9,999');
      expect(formatCount(countCap, language)).toBe('10,000+');
      expect(formatCount(countCap + 5, language)).toBe('10,000+');
    }
  });
});
