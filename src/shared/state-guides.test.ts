import { describe, expect, it } from 'vitest';
import { usStateCodes } from './geo';
import { isClientPath, pageOfPath, prerenderedPaths } from './routes';
import compliance from './state-data/compliance.json';
import stateData from './state-data/states.json';
import { stateGuideFacts } from './state-guide-facts';
import { stateGuidePath, stateGuidePaths, stateGuideSlug, stateOfGuideSlug } from './state-guides';

/** The dataset's own slugs, from its name-rules records (copied unchanged). */
const nameRecords = import.meta.glob<{ stateAbbr: string; stateSlug: string }>('./state-data/name-rules/*.json', { eager: true, import: 'default' });
const datasetSlugs = Object.fromEntries(Object.values(nameRecords).map((r) => [r.stateAbbr, r.stateSlug]));

type Record = {
  formationFeeUsd: number;
  annualReport: { feeUsd: number; due: string; sourceUrl: string; lastVerified: string };
  tax: { minimumAnnualUsd: number };
};
const dataset = (code: string) => (compliance.states as unknown as { [code: string]: Record })[code]!;
const feePage = (code: string) =>
  (stateData.states as unknown as { [code: string]: { formationFeeUsd: number; officialLink: string; lastVerified: string } })[code]!;

describe('state guide slugs', () => {
  it('give every state and DC one unique slug, the dataset’s own (DC spelled out)', () => {
    const slugs = usStateCodes.map(stateGuideSlug);
    expect(slugs).toHaveLength(51);
    expect(new Set(slugs).size).toBe(51);
    for (const code of usStateCodes) {
      expect(stateGuideSlug(code)).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(stateOfGuideSlug(stateGuideSlug(code))).toBe(code);
      if (code !== 'DC') expect(stateGuideSlug(code), code).toBe(datasetSlugs[code]);
    }
    expect(stateGuidePath('DC')).toBe('/states/district-of-columbia');
    expect(stateGuidePath('NH')).toBe('/states/new-hampshire');
  });

  it('know no other slug: undefined, and the server answers 404', () => {
    for (const slug of ['atlantis', '', 'Wyoming', 'WY', 'wyoming-', 'washington-d-c']) expect(stateOfGuideSlug(slug), slug).toBeUndefined();
    expect(isClientPath('/states/wyoming')).toBe(true);
    expect(isClientPath('/states/wyoming/')).toBe(true);
    expect(pageOfPath('/states/district-of-columbia')).toBe('stateGuide');
    for (const path of ['/states/atlantis', '/states', '/states/', '/states/wyoming/more', '/states/Wyoming']) expect(isClientPath(path), path).toBe(false);
  });

  it('are all prerendered', () => {
    expect(stateGuidePaths).toHaveLength(51);
    for (const path of stateGuidePaths) expect(prerenderedPaths).toContain(path);
  });
});

describe('what a guide shows', () => {
  it.each(['WY', 'DE', 'CA', 'NY'] as const)('%s: the filing fee and the annual report fee are the dataset’s, with their sources and dates', (code) => {
    const facts = stateGuideFacts(code);
    expect(facts.formation).toEqual({
      cents: Math.round(feePage(code).formationFeeUsd * 100),
      sourceUrl: feePage(code).officialLink,
      lastVerified: feePage(code).lastVerified,
    });
    expect(facts.formation!.cents).toBe(dataset(code).formationFeeUsd * 100);
    const report = dataset(code).annualReport;
    expect(facts.annualReport).toMatchObject({ ruleText: report.due, sourceUrl: report.sourceUrl, lastVerified: report.lastVerified });
    expect(facts.annualReport!.amount!.cents).toBe(Math.round(report.feeUsd * 100));
  });

  it('pins the figures a reader sees for WY, DE, CA and NY', () => {
    const wy = stateGuideFacts('WY');
    expect([wy.formation!.cents, wy.annualReport!.amount, wy.annualReport!.taxName, wy.separateTax, wy.yearly]).toEqual([
      10000,
      { cents: 6000, method: 'minimum', basis: 'hybrid' },
      'License Fee',
      null,
      { cents: 6000, atLeast: true },
    ]);
    expect(wy.costs.anonymous).toBe(true);
    expect(wy.processing).toMatchObject({ online: null, mail: { min: 0, max: 15 } });
    expect(wy.names.source).toEqual({ sourceUrl: 'https://wyoleg.gov/statutes/compress/title17.pdf', lastVerified: '2026-08-06' });

    const de = stateGuideFacts('DE');
    expect([de.formation!.cents, de.annualReport!.amount!.cents, de.yearly]).toEqual([11000, 40000, { cents: 40000, atLeast: false }]);

    // California: $70 to form, the $20 statement every two years, the $800 tax apart
    const ca = stateGuideFacts('CA');
    expect([ca.formation!.cents, ca.annualReport!.amount!.cents, ca.annualReport!.everyYears]).toEqual([7000, 2000, 2]);
    expect(ca.separateTax).toMatchObject({ taxName: 'Annual Tax', amount: { cents: dataset('CA').tax.minimumAnnualUsd * 100 } });

    const ny = stateGuideFacts('NY');
    expect([ny.formation!.cents, ny.annualReport!.amount!.cents, ny.annualReport!.everyYears]).toEqual([20000, 900, 2]);
    expect(ny.separateTax).toMatchObject({ amount: { cents: 0, method: 'minimum', basis: 'revenue' } });
  });

  it('invents nothing the dataset lacks: DC has no filing fee and no annual report rule', () => {
    const dc = stateGuideFacts('DC');
    expect(dc.formation).toBeNull();
    expect(dc.annualReport).toMatchObject({ amount: null, rule: { kind: 'unknown' }, sourceUrl: null });
    expect(dc.processing).toBeNull();
  });
});
