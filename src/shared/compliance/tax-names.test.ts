import { describe, expect, it } from 'vitest';
import compliance from '../state-data/compliance.json';
import { spanishStyleProblems } from '../glossary';
import { explainedTaxNames, taxNameFor } from './tax-names';

const datasetNames = [
  ...new Set(
    Object.values(compliance.states as Record<string, { tax?: { taxName?: string | null } | null }>).flatMap((state) =>
      state.tax?.taxName ? [state.tax.taxName] : [],
    ),
  ),
];

describe('tax names', () => {
  it('explains every tax name of the dataset in Spanish, and only those', () => {
    expect(datasetNames.length).toBeGreaterThan(10);
    expect([...explainedTaxNames].sort()).toEqual([...datasetNames].sort());
  });

  it("keeps the state's English name, with what it is in Spanish beside it", () => {
    expect(taxNameFor('License Fee', 'en')).toBe('License Fee');
    expect(taxNameFor('License Fee', 'es')).toBe('License Fee (tarifa anual de licencia)');
    for (const name of datasetNames) expect(spanishStyleProblems(taxNameFor(name, 'es').replace(name, ''))).toEqual([]);
  });
});
