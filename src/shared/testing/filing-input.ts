import type { FilingInput } from '../filing/facts-model';

/*
 * One filing input for the packet's tests: a Mexican organizer alone in Wyoming, with
 * our agent in Sheridan and names holding accents, ñ and Latin Extended letters. A test takes it
 * and overrides what it is about (a partner, the shares, another state).
 */
export const sampleFilingInput: FilingInput = {
  orderNumber: 'AB12CD34',
  companyName: 'Cañón Ágil LLC',
  llcState: 'WY',
  organizer: {
    name: 'José Ñúñez Łukasiewicz',
    email: 'jose@example.com',
    nationality: 'MX',
    address: { line1: 'Av. Reforma 222', city: 'Ciudad de México', region: 'CDMX', zip: '06600', country: 'MX' },
  },
  partner: null,
  facts: {
    purpose: 'Any lawful purpose',
    management: 'member',
    principalOffice: 'agent',
    mailingAddress: 'own',
    organizerShare: 10_000,
    partnerShare: null,
    tradeName: null,
    fiscalYearEndMonth: 12,
    reason: 'started_new_business',
    startDate: '2026-03-05',
    employeesExpected: 0,
    firstWagesDate: null,
    principalActivity: 'other',
    activityDescription: 'Software consulting',
  },
  agent: {
    name: 'Acme Registered Agents Inc.',
    address: { line1: '30 N Gould St Ste R', city: 'Sheridan', region: 'WY', zip: '82801', country: 'US' },
    county: 'Sheridan County',
    placeholder: false,
  },
  state: {
    name: 'Wyoming',
    formationFeeUsd: 100,
    feeSource: 'https://sos.wyo.gov/Business/docs/BusinessFees.pdf',
    feeVerified: '2026-07-17',
    nameCitation: 'W.S. § 17-29-108',
  },
};

/** The sample with a Brazilian partner holding a third. */
export const sampleFilingPair: FilingInput = {
  ...sampleFilingInput,
  partner: { name: 'Zoë Gonçalves', email: 'zoe@example.com', country: 'BR', address: 'Rua Augusta 100, São Paulo' },
  facts: { ...sampleFilingInput.facts, organizerShare: 6_667, partnerShare: 3_333 },
};
