import { describe, expect, it } from 'vitest';
import { defaultLlcState, isUsStateCode, llcStateFromQuery, popularStates, usStateCodes, usStates } from './geo';
import stateData from './state-data/states.json';

describe('geo lists', () => {
  it('has the 50 states plus DC, codes unique, popular DE WY NV', () => {
    expect(usStates).toHaveLength(51);
    expect(new Set(usStateCodes).size).toBe(51);
    expect(usStateCodes).toContain('DC');
    expect(popularStates).toEqual(['DE', 'WY', 'NV']);
    expect(isUsStateCode('NV')).toBe(true);
    expect(isUsStateCode('nv')).toBe(false);
  });

  it('the state dataset covers the 50 states (not DC) with the names we use', () => {
    const names = Object.fromEntries(usStates);
    const codes = Object.keys(stateData.states);
    expect(codes).toHaveLength(50);
    expect(codes).not.toContain('DC');
    for (const [code, facts] of Object.entries(stateData.states)) expect(facts.name).toBe(names[code as keyof typeof names]);
  });
});

describe('llcStateFromQuery', () => {
  it('preselects a known code, in any case and with spaces', () => {
    expect(llcStateFromQuery('DE')).toBe('DE');
    expect(llcStateFromQuery(' nv ')).toBe('NV');
    expect(llcStateFromQuery('dc')).toBe('DC');
  });

  it('falls back to Wyoming when missing or unknown', () => {
    expect(defaultLlcState).toBe('WY');
    for (const value of [null, undefined, '', 'ZZ', 'Delaware', 'D']) expect(llcStateFromQuery(value)).toBe('WY');
  });
});
