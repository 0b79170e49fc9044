import { describe, expect, it } from 'vitest';
import { formatUsd, standardFormationPriceCents } from './money';

describe('money', () => {
  it('is $399 in integer cents', () => {
    expect(standardFormationPriceCents).toBe(39900);
    expect(formatUsd(39900)).toBe('$399');
    expect(formatUsd(54900, 'es')).toContain('549');
    expect(formatUsd(1999)).toBe('$19.99');
  });
});
