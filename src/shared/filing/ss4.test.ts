import { describe, expect, it } from 'vitest';
import type { FilingInput } from './facts-model';
import { sampleFilingInput } from '../testing/filing-input';
import { formatIsoDay, IRS_CONTACT, ss4Answers } from './ss4';

const { agent, state: wyoming } = sampleFilingInput;
const facts: FilingInput['facts'] = { ...sampleFilingInput.facts, mailingAddress: 'agent' };

/** A Mexican organizer alone, the company at our agent's address. */
const mexicanSingle: FilingInput = { ...sampleFilingInput, facts };

/** A Mexican organizer and a Brazilian partner, the office at the organizer's home, a retail business with employees. */
const foreignPair: FilingInput = {
  ...mexicanSingle,
  partner: { name: 'Zoë Gonçalves', email: 'zoe@example.com', country: 'BR', address: 'Rua Augusta 100, São Paulo' },
  facts: {
    ...facts,
    principalOffice: 'own',
    mailingAddress: 'own',
    organizerShare: 6_667,
    partnerShare: 3_333,
    tradeName: 'Ágil Store',
    fiscalYearEndMonth: 6,
    reason: 'banking_purpose',
    employeesExpected: 3,
    firstWagesDate: '2026-04-01',
    principalActivity: 'retail',
    activityDescription: 'Online sale of handmade goods',
  },
};

/** A US citizen alone in Texas. */
const usSingle: FilingInput = {
  ...mexicanSingle,
  companyName: 'Lone Star Widgets LLC',
  llcState: 'TX',
  organizer: {
    name: 'Jane Doe',
    email: 'jane@example.com',
    nationality: 'US',
    address: { line1: '100 Congress Ave', city: 'Austin', region: 'TX', zip: '78701', country: 'US' },
  },
  facts: { ...facts, principalOffice: 'own', mailingAddress: 'agent', principalActivity: 'construction', activityDescription: 'Residential remodeling' },
  agent: { ...agent, address: { line1: '1 Main St', city: 'Dallas', region: 'TX', zip: '75201', country: 'US' }, county: 'Dallas County' },
  state: { ...wyoming, name: 'Texas' },
};

const table: { name: string; input: FilingInput; expected: Record<string, string> }[] = [
  {
    name: 'foreign single-member (Mexican)',
    input: mexicanSingle,
    expected: {
      '1': 'Cañón Ágil LLC',
      '2': 'None',
      '3': 'c/o Acme Registered Agents Inc.',
      '4a': '30 N Gould St Ste R',
      '4b': 'Sheridan, WY 82801',
      '5a': 'Same as line 4a',
      '6': 'Sheridan County, Wyoming',
      '7a': 'José Ñúñez Łukasiewicz',
      '7b': 'Foreign — none',
      '8a': 'Yes',
      '8b': '1',
      '8c': 'Yes (Wyoming)',
      '9a': 'Other (specify): Foreign-owned U.S. disregarded entity',
      '10': 'Started new business (specify type): Software consulting',
      '11': 'March 5, 2026',
      '12': 'December',
      '13': 'Agricultural: 0 · Household: 0 · Other: 0',
      '14': 'Not applicable',
      '15': 'N/A',
      '16': 'Other (specify): Software consulting',
      '17': 'Software consulting',
      '18': 'No',
    },
  },
  {
    name: 'foreign two-member',
    input: foreignPair,
    expected: {
      '2': 'Ágil Store',
      '3': 'None',
      '4a': 'Av. Reforma 222',
      '4b': 'Ciudad de México, CDMX 06600, Mexico',
      '5a': 'Same as line 4a',
      '6': 'Ciudad de México, CDMX, Mexico',
      '7b': 'Foreign — none',
      '8b': '2',
      '9a': 'Partnership',
      '10': 'Banking purpose (specify purpose): opening the company’s U.S. bank account',
      '12': 'June',
      '13': 'Agricultural: 0 · Household: 0 · Other: 3',
      '14': 'Not checked',
      '15': 'April 1, 2026',
      '16': 'Retail',
      '17': 'Online sale of handmade goods',
      '18': 'No',
    },
  },
  {
    name: 'US single-member',
    input: usSingle,
    expected: {
      '1': 'Lone Star Widgets LLC',
      '4a': '1 Main St',
      '4b': 'Dallas, TX 75201',
      '5a': '100 Congress Ave',
      '5b': 'Austin, TX 78701',
      '6': 'Austin, TX',
      '7a': 'Jane Doe',
      '7b': 'SSN — from the identity document on file (not printed on this worksheet)',
      '8b': '1',
      '8c': 'Yes (Texas)',
      '9a': 'Other (specify): Disregarded entity — sole proprietorship',
      '12': 'December',
      '16': 'Construction',
      '17': 'Residential remodeling',
      '18': 'No',
    },
  },
];

describe('ss4Answers', () => {
  it('answers lines 1–18 in the IRS numbering and order', () => {
    expect(ss4Answers(mexicanSingle).map((answer) => answer.line)).toEqual([
      '1',
      '2',
      '3',
      '4a',
      '4b',
      '5a',
      '5b',
      '6',
      '7a',
      '7b',
      '8a',
      '8b',
      '8c',
      '9a',
      '9b',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
    ]);
    for (const answer of ss4Answers(foreignPair)) expect(answer.answer.trim(), answer.line).not.toBe('');
  });

  for (const { name, input, expected } of table) {
    it(name, () => {
      const answers = Object.fromEntries(ss4Answers(input).map((answer) => [answer.line, answer.answer]));
      for (const [line, answer] of Object.entries(expected)) expect(answers[line], `line ${line}`).toBe(answer);
    });
  }

  it('prints the second address line with the first on lines 4a and 5a, and tells two addresses apart by it', () => {
    const reforma = {
      line1: 'Av. Paseo de la Reforma 2620',
      line2: 'Piso 14, Col. Lomas Altas',
      city: 'Ciudad de México',
      region: 'CDMX',
      zip: '11950',
      country: 'MX',
    };
    const own: FilingInput = { ...foreignPair, organizer: { ...foreignPair.organizer, address: reforma } };
    const answers = Object.fromEntries(ss4Answers(own).map((answer) => [answer.line, answer.answer]));
    expect(answers['4a']).toBe('Av. Paseo de la Reforma 2620, Piso 14, Col. Lomas Altas');
    expect(answers['5a']).toBe('Same as line 4a');
    const office: FilingInput = {
      ...own,
      facts: { ...own.facts, principalOffice: 'own', mailingAddress: 'agent' },
      agent: { ...agent, address: { ...reforma, line2: 'Piso 15' } },
    };
    expect(Object.fromEntries(ss4Answers(office).map((answer) => [answer.line, answer.answer]))['5a']).toBe(
      'Av. Paseo de la Reforma 2620, Piso 14, Col. Lomas Altas',
    );
  });

  it('never prints a taxpayer number', () => {
    for (const { input } of table)
      expect(
        ss4Answers(input)
          .map((answer) => answer.answer)
          .join(' '),
      ).not.toMatch(/\d{3}-\d{2}-\d{4}/);
  });

  it('formats dates without time zones', () => {
    expect(formatIsoDay('2026-12-31')).toBe('December 31, 2026');
    expect(formatIsoDay('2026-01-01')).toBe('January 1, 2026');
  });

  it('carries the IRS international phone and fax numbers with their source', () => {
    expect(IRS_CONTACT.phone.number).toBe('267-941-1099');
    expect(IRS_CONTACT.phone.tollFree).toBe(false);
    expect(IRS_CONTACT.faxFromUs.number).toBe('855-215-1627');
    expect(IRS_CONTACT.faxFromAbroad.number).toBe('304-707-9471');
    expect(IRS_CONTACT.faxFromUs.source).toBe('Instructions for Form SS-4 (Rev. December 2023), Where to File or Fax');
  });
});
