import { describe, expect, it } from 'vitest';
import { formatUsd, standardFormationPriceCents } from './money';

/** What the product wrote before: Intl's currency format, whole dollars without cents. */
function intlUsd(cents: number, language: 'en' | 'es'): string {
  const dollars = cents / 100;
  return new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(dollars);
}

describe('money', () => {
  it('is $399 in integer cents', () => {
    expect(standardFormationPriceCents).toBe(39900);
    expect(formatUsd(39900)).toBe('$399');
    expect(formatUsd(54900, 'es')).toBe('$549');
    expect(formatUsd(1999)).toBe('$19.99');
    expect(formatUsd(123456705)).toBe('$1,234,567.05');
    expect(formatUsd(-250)).toBe('-$2.50');
  });

  it("writes every amount as Intl's en-US and es-US currency formats do", () => {
    const amounts = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 1050, 9999, 10000, 39900, 99999, 100000, 123456, 1000000, 100000000, 123456789, 99999999999];
    for (const cents of [...amounts, ...amounts.filter((c) => c > 0).map((c) => -c)])
      for (const language of ['en', 'es'] as const) expect(formatUsd(cents, language), `${cents} ${language}`).toBe(intlUsd(cents, language));
  });
});
