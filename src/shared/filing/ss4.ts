import { countryName, usCountryCode } from '../countries';
import { isSingleMember, type FilingInput, type PostalAddress, type PrincipalActivity } from './facts-model';
import { mailingAddressOf, principalOfficeOf, streetOf } from './state-forms';

/*
 * The answers to IRS Form SS-4 (Rev. December 2023), lines 1–18 as the IRS numbers
 * them, for the worksheet the team reads on the phone or faxes. Pure and zod-free.
 *
 * Rules from the Instructions for Form SS-4 (Rev. December 2023):
 * - 7a: the responsible party is an individual who owns or controls the entity: our organizer.
 * - 7b: a foreign responsible party without an SSN or ITIN writes "Foreign" (we write
 *   "Foreign — none"); a US national's SSN comes from the identity document on file and is never
 *   printed or stored by us.
 * - 8a–8c: an LLC, its number of members, organized in the United States.
 * - 9a: a domestic LLC with two members that files no Form 8832 is a partnership ("Partnership");
 *   a single-member LLC is disregarded: "Other" with "Disregarded entity — sole proprietorship"
 *   when the owner is an individual; a foreign-owned one: "Other" with "Foreign-owned U.S.
 *   disregarded entity" (instructions, line 9a, "Limited liability company (LLC)" and
 *   "Foreign-owned U.S. disregarded entity"; also Treas. Reg. § 301.7701-2(c)(2)(vi)). Some
 *   preparers add "— Form 5472" to the write-in; we keep the instructions' words.
 */

export interface Ss4Answer {
  line: string;
  label: string;
  answer: string;
}

const source = 'Instructions for Form SS-4 (Rev. December 2023)';

/** How a foreign applicant (no legal residence, principal place of business or office in the US) reaches the IRS. */
export const IRS_CONTACT = {
  phone: {
    number: '267-941-1099',
    tollFree: false,
    hours: 'Monday–Friday, 6 a.m. to 11 p.m. Eastern time',
    note: 'not a toll-free number',
    for: 'applicants with no legal residence, principal place of business or principal office or agency in the United States',
    source: `${source}, How To Apply for an EIN — Telephone (international applicants)`,
  },
  faxFromUs: { number: '855-215-1627', note: 'from within the United States', source: `${source}, Where to File or Fax` },
  faxFromAbroad: { number: '304-707-9471', note: 'from outside the United States', source: `${source}, Where to File or Fax` },
  mail: { address: 'Internal Revenue Service, Attn: EIN International Operation, Cincinnati, OH 45999', source: `${source}, Where to File or Fax` },
} as const;

/** Line 16's boxes, labelled as the form prints them. */
export const principalActivityLabels: Record<PrincipalActivity, string> = {
  construction: 'Construction',
  rental_leasing: 'Rental & leasing',
  transportation_warehousing: 'Transportation & warehousing',
  health_care: 'Health care & social assistance',
  accommodation_food: 'Accommodation & food service',
  wholesale_broker: 'Wholesale—agent/broker',
  wholesale_trade: 'Wholesale—other',
  retail: 'Retail',
  real_estate: 'Real estate',
  manufacturing: 'Manufacturing',
  finance_insurance: 'Finance & insurance',
  other: 'Other (specify)',
};

export const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** "2026-03-05" → "March 5, 2026" (month, day, year, as the form asks), without time zones. */
export function formatIsoDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  if (!year || !month || !day || month > 12) return isoDay;
  return `${monthNames[month - 1]} ${day}, ${year}`;
}

/** The responsible party has no US nationality: no SSN to give. */
export const isForeignResponsibleParty = (input: FilingInput) => input.organizer.nationality !== usCountryCode;

/** Line 4b / 5b: "City, ST ZIP"; a foreign address adds the country's full name (the instructions: don't abbreviate it). */
function cityLine(address: PostalAddress): string {
  const line = `${address.city}, ${[address.region, address.zip].filter(Boolean).join(' ')}`.trim();
  return address.country === usCountryCode ? line : `${line}, ${countryName(address.country, 'en')}`;
}

const sameAddress = (a: PostalAddress, b: PostalAddress) =>
  streetOf(a) === streetOf(b) && a.city === b.city && a.region === b.region && a.zip === b.zip && a.country === b.country;

/** Line 6: the county and state of the principal office; a foreign one gives its city, region and country. */
function county(input: FilingInput): string {
  if (input.facts.principalOffice === 'agent') return `${input.agent.county}, ${input.state.name}`;
  const address = input.organizer.address;
  if (address.country === usCountryCode) return `${address.city}, ${address.region}`;
  return `${address.city}, ${address.region}, ${countryName(address.country, 'en')}`;
}

function entityType(input: FilingInput): string {
  if (!isSingleMember(input)) return 'Partnership';
  return isForeignResponsibleParty(input)
    ? 'Other (specify): Foreign-owned U.S. disregarded entity'
    : 'Other (specify): Disregarded entity — sole proprietorship';
}

/** The SS-4's lines 1–18, in the form's order. */
export function ss4Answers(input: FilingInput): Ss4Answer[] {
  const { facts } = input;
  const mailing = mailingAddressOf(input);
  const street = principalOfficeOf(input);
  const members = isSingleMember(input) ? 1 : 2;
  const employees = facts.employeesExpected;
  const activity = facts.activityDescription.trim();
  return [
    { line: '1', label: 'Legal name of entity (or individual) for whom the EIN is being requested', answer: input.companyName },
    { line: '2', label: 'Trade name of business (if different from name on line 1)', answer: facts.tradeName ?? 'None' },
    { line: '3', label: 'Executor, administrator, trustee, “care of” name', answer: facts.mailingAddress === 'agent' ? `c/o ${input.agent.name}` : 'None' },
    { line: '4a', label: 'Mailing address (room, apt., suite no. and street, or P.O. box)', answer: streetOf(mailing) },
    { line: '4b', label: 'City, state, and ZIP code (if foreign, see instructions)', answer: cityLine(mailing) },
    {
      line: '5a',
      label: 'Street address (if different) (Don’t enter a P.O. box.)',
      answer: sameAddress(street, mailing) ? 'Same as line 4a' : streetOf(street),
    },
    {
      line: '5b',
      label: 'City, state, and ZIP code (if foreign, see instructions)',
      answer: sameAddress(street, mailing) ? 'Same as line 4b' : cityLine(street),
    },
    { line: '6', label: 'County and state where principal business is located', answer: county(input) },
    { line: '7a', label: 'Name of responsible party', answer: input.organizer.name },
    {
      line: '7b',
      label: 'SSN, ITIN, or EIN',
      answer: isForeignResponsibleParty(input) ? 'Foreign — none' : 'SSN — from the identity document on file (not printed on this worksheet)',
    },
    { line: '8a', label: 'Is this application for a limited liability company (LLC) (or a foreign equivalent)?', answer: 'Yes' },
    { line: '8b', label: 'If 8a is “Yes,” enter the number of LLC members', answer: String(members) },
    { line: '8c', label: 'If 8a is “Yes,” was the LLC organized in the United States?', answer: `Yes (${input.state.name})` },
    { line: '9a', label: 'Type of entity (check only one box)', answer: entityType(input) },
    {
      line: '9b',
      label: 'If a corporation, name the state or foreign country (if applicable) where incorporated',
      answer: 'Not applicable — not a corporation',
    },
    {
      line: '10',
      label: 'Reason for applying (check only one box)',
      answer:
        facts.reason === 'started_new_business'
          ? `Started new business (specify type): ${activity}`
          : 'Banking purpose (specify purpose): opening the company’s U.S. bank account',
    },
    { line: '11', label: 'Date business started or acquired (month, day, year)', answer: formatIsoDay(facts.startDate) },
    { line: '12', label: 'Closing month of accounting year', answer: monthNames[facts.fiscalYearEndMonth - 1] ?? 'December' },
    {
      line: '13',
      label: 'Highest number of employees expected in the next 12 months (enter -0- if none)',
      answer: `Agricultural: 0 · Household: 0 · Other: ${employees}`,
    },
    {
      line: '14',
      label:
        'If you expect your employment tax liability to be $1,000 or less in a full calendar year and want to file Form 944 annually instead of Forms 941 quarterly, check here',
      answer: employees === 0 ? 'Not applicable' : 'Not checked',
    },
    {
      line: '15',
      label: 'First date wages or annuities were paid (month, day, year)',
      answer: employees > 0 && facts.firstWagesDate ? formatIsoDay(facts.firstWagesDate) : 'N/A',
    },
    {
      line: '16',
      label: 'Check one box that best describes the principal activity of your business',
      answer: facts.principalActivity === 'other' ? `Other (specify): ${activity}` : principalActivityLabels[facts.principalActivity],
    },
    {
      line: '17',
      label: 'Indicate principal line of merchandise sold, specific construction work done, products produced, or services provided',
      answer: activity,
    },
    { line: '18', label: 'Has the applicant entity shown on line 1 ever applied for and received an EIN?', answer: 'No' },
  ];
}

/**
 * The lines' labels in Spanish, for the customer's authorization: the form's own words, in
 * plain Spanish (the answers stay as the IRS gets them, in English).
 */
export const ss4LabelsEs: Record<string, string> = {
  '1': 'Nombre legal de la entidad que solicita el EIN',
  '2': 'Nombre comercial (si es distinto del de la línea 1)',
  '3': 'Nombre “a cargo de” (care of)',
  '4a': 'Dirección postal',
  '4b': 'Ciudad, estado y código postal',
  '5a': 'Dirección física (si es distinta)',
  '5b': 'Ciudad, estado y código postal de la dirección física',
  '6': 'Condado y estado donde está la actividad principal',
  '7a': 'Nombre de la persona responsable',
  '7b': 'SSN, ITIN o EIN de la persona responsable',
  '8a': '¿Es una sociedad de responsabilidad limitada (LLC)?',
  '8b': 'Número de miembros de la LLC',
  '8c': '¿Se constituyó la LLC en los Estados Unidos?',
  '9a': 'Tipo de entidad',
  '9b': 'Estado o país de constitución, si es una corporación',
  '10': 'Motivo de la solicitud',
  '11': 'Fecha de inicio de la actividad',
  '12': 'Mes de cierre del año contable',
  '13': 'Número máximo de empleados previsto en los próximos 12 meses',
  '14': 'Declaración anual de impuestos sobre la nómina (Formulario 944)',
  '15': 'Primera fecha de pago de salarios',
  '16': 'Actividad principal',
  '17': 'Productos o servicios principales',
  '18': '¿La entidad solicitó o recibió antes un EIN?',
};
