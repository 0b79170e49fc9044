import { countryName } from '../countries';
import { cityRegionZip } from '../order-model';
import { formatPercent } from '../formats';
import { usStates, type UsStateCode } from '../geo';
import { checkCompanyName } from '../name-rules/check';
import { nameRules } from '../name-rules/states';
import { defaultPurpose, isSingleMember, type FilingInput, type PostalAddress } from './facts-model';

/*
 * The state formation document of an order (Articles of Organization / Certificate of
 * Formation), as DATA: each template lists the fields of the state's own form, in the form's order
 * and in its wording, each with the answer an order gives. pdfs.ts prints them; a person copies
 * them onto the state's form or online filing. Zod-free and pure: the dashboard reads it too.
 *
 * Where the numbers come from:
 * - the filing fee, its source link and its verification date: the snapshot's `state` (taken from
 *   src/shared/state-data/states.json, the US LLC State Requirements Dataset); never typed here;
 * - the name statute: `nameRules[state].citation` (the same dataset's name-rules records);
 * - a formation statute is printed only where the state's form itself cites it (`source: 'form'`).
 */

/** Printed on every document that shows a state fee or citation (CC BY 4.0 attribution). */
export const DATASET_CREDIT = 'State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0';
/** What a document says where the dataset has no value: we never guess a fee, date or citation. */
export const NOT_IN_DATASET = "not in our dataset — check the state's form";

/* ---- shared formatting (also read by ss4.ts and the operating agreement) ---- */

/** The street part of an address on one line: "Av. Paseo de la Reforma 2620, Piso 14, Col. Lomas Altas" (the second line when there is one). */
export const streetOf = (address: PostalAddress): string => [address.line1, address.line2?.trim()].filter(Boolean).join(', ');

/** "Av. Reforma 222, Col. Juárez, Ciudad de México, CDMX 06600, Mexico"; a US address without its country. */
export function formatAddress(address: PostalAddress): string {
  const parts = [streetOf(address), cityRegionZip(address.city, address.region, address.zip)];
  if (address.country !== 'US') parts.push(countryName(address.country, 'en'));
  return parts.filter(Boolean).join(', ');
}

/** Basis points as a percentage: 5000 → "50%", 3333 → "33.33%" (a point for decimals, no space, in both languages). */
export const formatShare = (basisPoints: number) => formatPercent(basisPoints / 100, 'en');

/** The company's principal office: the organizer's own address or our registered agent's. */
export const principalOfficeOf = (input: FilingInput): PostalAddress =>
  input.facts.principalOffice === 'agent' ? input.agent.address : input.organizer.address;

/** The company's mailing address: the organizer's own address or our registered agent's. */
export const mailingAddressOf = (input: FilingInput): PostalAddress => (input.facts.mailingAddress === 'agent' ? input.agent.address : input.organizer.address);

export interface Member {
  role: 'organizer' | 'partner';
  name: string;
  /** printed as one line */
  address: string;
  /** basis points */
  share: number;
}

/** The members, the organizer first; the partner's address is the wizard's free text, its country appended. */
export function membersOf(input: FilingInput): Member[] {
  const members: Member[] = [
    { role: 'organizer', name: input.organizer.name, address: formatAddress(input.organizer.address), share: input.facts.organizerShare },
  ];
  if (input.partner) {
    const country = countryName(input.partner.country, 'en');
    const text = input.partner.address.trim();
    const address = text.toLowerCase().endsWith(country.toLowerCase()) ? text : [text, country].filter(Boolean).join(', ');
    members.push({ role: 'partner', name: input.partner.name, address, share: input.facts.partnerShare ?? 0 });
  }
  return members;
}

const organizerLine = (input: FilingInput) => `${input.organizer.name}, ${formatAddress(input.organizer.address)}`;
const agentLine = (input: FilingInput) => `${input.agent.name}, ${formatAddress(input.agent.address)}`;
const managementLine = (input: FilingInput) => (input.facts.management === 'manager' ? 'Manager-managed' : 'Member-managed');
/** The people who manage: the organizer when manager-managed, else every member. */
const managersLines = (input: FilingInput, memberTitle: string, managerTitle = 'Manager') =>
  input.facts.management === 'manager'
    ? `${managerTitle}: ${organizerLine(input)}`
    : membersOf(input)
        .map((member) => `${memberTitle}: ${member.name}, ${member.address}`)
        .join('; ');
const signatureLine = (input: FilingInput, title = 'Organizer') => `________________________  ${input.organizer.name}, ${title}`;
const purposeLine = (input: FilingInput) => input.facts.purpose.trim().replace(/\.$/, '') || defaultPurpose;

/* ---- the templates ---- */

export interface FormField {
  id: string;
  /** the state's wording */
  label: string;
  answer: (input: FilingInput) => string;
}

export interface StateFormTemplate {
  /** the state's document title */
  title: string;
  /** the form as the state names it (to find it on the state's site) */
  formName: string;
  source: { title: string; url: string | null };
  /** a formation statute the state's form itself cites (not in the dataset) */
  statute?: { citation: string; source: 'form' };
  /** in the form's order */
  fields: FormField[];
}

export const templateStates = ['WY', 'DE', 'NM', 'FL', 'TX', 'NV'] as const satisfies readonly UsStateCode[];
export type TemplateState = (typeof templateStates)[number];

/*
 * The source link of every template is the state's official page of the dataset (`officialLink`,
 * the same link the fee cites), so no URL here is typed by hand: the form named in `formName` is
 * reached from it. The labels follow each state's form as published when this was written; the
 * team re-reads the form before filing (the document says so).
 */
export const stateForms: Record<TemplateState, (input: FilingInput) => StateFormTemplate> = {
  // Wyoming Secretary of State, "Limited Liability Company Articles of Organization" (W.S. 17-29-201).
  WY: (input) => ({
    title: 'Articles of Organization',
    formName: 'Wyoming Limited Liability Company Articles of Organization',
    source: { title: 'Wyoming Secretary of State — Business Division', url: input.state.feeSource },
    fields: [
      { id: 'name', label: '1. Name of the limited liability company', answer: (i) => i.companyName },
      { id: 'agent', label: '2. Name and physical address of the registered agent of the limited liability company', answer: agentLine },
      { id: 'mailing_address', label: '3. Mailing address of the limited liability company', answer: (i) => formatAddress(mailingAddressOf(i)) },
      { id: 'principal_office', label: '4. Principal office address', answer: (i) => formatAddress(principalOfficeOf(i)) },
      { id: 'organizer', label: 'Organizer (name and address)', answer: organizerLine },
      { id: 'contact_email', label: 'Contact email', answer: (i) => i.organizer.email },
      { id: 'signature', label: 'Signature of organizer', answer: (i) => signatureLine(i) },
    ],
  }),
  // Delaware Division of Corporations, "Certificate of Formation of Limited Liability Company" (6 Del. C. § 18-201).
  // The certificate asks no principal office, mailing address or management.
  DE: (input) => ({
    title: 'Certificate of Formation',
    formName: 'State of Delaware Certificate of Formation of Limited Liability Company',
    source: { title: 'Delaware Division of Corporations', url: input.state.feeSource },
    statute: { citation: '6 Del. C. § 18-201', source: 'form' },
    fields: [
      { id: 'name', label: 'First: The name of the limited liability company is', answer: (i) => i.companyName },
      { id: 'agent_address', label: 'Second: The address of its registered office in the State of Delaware is', answer: (i) => formatAddress(i.agent.address) },
      { id: 'agent', label: 'The name of its Registered Agent at such address is', answer: (i) => i.agent.name },
      {
        id: 'duration',
        label: 'Third: The latest date on which the limited liability company is to dissolve (only if it has one)',
        answer: () => 'Not used — perpetual existence',
      },
      { id: 'other_matters', label: 'Fourth: Any other matters the members determine to include', answer: () => 'None' },
      { id: 'organizer', label: 'Authorized Person (name, typed or printed)', answer: organizerLine },
      {
        id: 'signature',
        label: 'In Witness Whereof, the undersigned have executed this Certificate of Formation — By: Authorized Person',
        answer: (i) => signatureLine(i, 'Authorized Person'),
      },
    ],
  }),
  // New Mexico Secretary of State, "Articles of Organization — Domestic Limited Liability Company"
  // (with the registered agent's statement of acceptance). No formation statute is cited here.
  NM: (input) => ({
    title: 'Articles of Organization',
    formName: 'New Mexico Articles of Organization — Domestic Limited Liability Company',
    source: { title: 'New Mexico Secretary of State — Business Services', url: input.state.feeSource },
    fields: [
      { id: 'name', label: '1. The name of the limited liability company is', answer: (i) => i.companyName },
      { id: 'agent', label: '2. The name of the registered agent and the New Mexico street address of the registered office', answer: agentLine },
      { id: 'principal_office', label: '3. The street address of the principal place of business', answer: (i) => formatAddress(principalOfficeOf(i)) },
      { id: 'mailing_address', label: '4. Mailing address of the limited liability company', answer: (i) => formatAddress(mailingAddressOf(i)) },
      { id: 'duration', label: '5. Period of duration (if not perpetual)', answer: () => 'Perpetual' },
      {
        id: 'management',
        label: '6. If management is vested in a manager or managers, a statement to that effect',
        answer: (i) =>
          i.facts.management === 'manager'
            ? 'Management of the limited liability company is vested in a manager or managers.'
            : 'Not applicable — member-managed',
      },
      { id: 'effective_date', label: '7. Effective date (if later than filing)', answer: () => 'Upon filing' },
      { id: 'organizer', label: 'Organizer (name and address)', answer: organizerLine },
      { id: 'signature', label: 'Signature of organizer', answer: (i) => signatureLine(i) },
    ],
  }),
  // Florida Division of Corporations (Sunbiz), "Articles of Organization for Florida Limited Liability Company" (s. 605.0201, F.S.).
  FL: (input) => ({
    title: 'Articles of Organization',
    formName: 'Articles of Organization for Florida Limited Liability Company',
    source: { title: 'Florida Department of State, Division of Corporations (Sunbiz)', url: input.state.feeSource },
    statute: { citation: 'Fla. Stat. § 605.0201', source: 'form' },
    fields: [
      { id: 'name', label: 'Article I — Name', answer: (i) => i.companyName },
      { id: 'principal_office', label: 'Article II — Address: Principal Office Address', answer: (i) => formatAddress(principalOfficeOf(i)) },
      { id: 'mailing_address', label: 'Article II — Address: Mailing Address', answer: (i) => formatAddress(mailingAddressOf(i)) },
      {
        id: 'agent',
        label: 'Article III — Registered Agent, Registered Office, & Registered Agent’s Signature (name and Florida street address)',
        answer: agentLine,
      },
      {
        id: 'managers',
        label:
          'Article IV — The name and address of each person authorized to manage and control the Limited Liability Company (Title: “MGR” = Manager, “AMBR” = Authorized Member)',
        answer: (i) => managersLines(i, 'AMBR', 'MGR'),
      },
      { id: 'management', label: 'Management (as the titles in Article IV show)', answer: managementLine },
      { id: 'effective_date', label: 'Article V — Effective date, if other than the date of filing (optional)', answer: () => 'Upon filing' },
      { id: 'organizer', label: 'Name of the member or authorized representative signing', answer: organizerLine },
      {
        id: 'signature',
        label: 'Signature of a member or an authorized representative of a member',
        answer: (i) => signatureLine(i, 'Authorized Representative'),
      },
    ],
  }),
  // Texas Secretary of State, Form 205 "Certificate of Formation — Limited Liability Company" (BOC §§ 3.005, 3.010).
  TX: (input) => ({
    title: 'Certificate of Formation — Limited Liability Company (Form 205)',
    formName: 'Texas Secretary of State Form 205, Certificate of Formation — Limited Liability Company',
    source: { title: 'Texas Secretary of State — Form 205 instructions', url: input.state.feeSource },
    statute: { citation: 'Tex. Bus. Orgs. Code §§ 3.005, 3.010', source: 'form' },
    fields: [
      {
        id: 'name',
        label: 'Article 1 — Entity Name and Type: The filing entity being formed is a limited liability company. The name of the entity is',
        answer: (i) => i.companyName,
      },
      { id: 'agent', label: 'Article 2 — Registered Agent (name)', answer: (i) => i.agent.name },
      {
        id: 'agent_address',
        label: 'Article 2 — C. The business address of the registered agent and the registered office address is',
        answer: (i) => formatAddress(i.agent.address),
      },
      {
        id: 'management',
        label: 'Article 3 — Governing Authority',
        answer: (i) =>
          i.facts.management === 'manager'
            ? 'A. The limited liability company will have managers.'
            : 'B. The limited liability company will not have managers. Management of the company is reserved to the members.',
      },
      {
        id: 'managers',
        label: 'Article 3 — The name and address of each initial manager or member (governing person)',
        answer: (i) => managersLines(i, 'Member'),
      },
      {
        id: 'purpose',
        label: 'Article 4 — Purpose',
        answer: (i) =>
          purposeLine(i) === defaultPurpose
            ? 'The purpose for which the company is formed is for the transaction of any and all lawful business for which limited liability companies may be organized under the Texas Business Organizations Code.'
            : purposeLine(i),
      },
      {
        id: 'mailing_address',
        label: 'Initial Mailing Address (address to be used by the Comptroller of Public Accounts)',
        answer: (i) => formatAddress(mailingAddressOf(i)),
      },
      { id: 'principal_office', label: 'Supplemental Provisions/Information — principal office', answer: (i) => formatAddress(principalOfficeOf(i)) },
      { id: 'organizer', label: 'Organizer: The name and address of the organizer', answer: organizerLine },
      {
        id: 'effective_date',
        label: 'Effectiveness of Filing',
        answer: () => 'A. This document becomes effective when the document is filed by the secretary of state.',
      },
      { id: 'signature', label: 'Execution — Signature of organizer', answer: (i) => signatureLine(i) },
    ],
  }),
  // Nevada Secretary of State, "Articles of Organization — Limited-Liability Company (Pursuant to NRS Chapter 86)".
  NV: (input) => ({
    title: 'Articles of Organization — Limited-Liability Company',
    formName: 'Nevada Articles of Organization — Limited-Liability Company (NRS Chapter 86)',
    source: { title: 'Nevada Secretary of State — Commercial Recordings forms and fees', url: input.state.feeSource },
    statute: { citation: 'NRS Chapter 86', source: 'form' },
    fields: [
      { id: 'name', label: '1. Name of Limited-Liability Company', answer: (i) => i.companyName },
      { id: 'agent', label: '2. Registered Agent for Service of Process (name and Nevada street address)', answer: agentLine },
      { id: 'duration', label: '3. Dissolution Date (optional)', answer: () => 'None — perpetual' },
      { id: 'management', label: '4. Management: Company shall be managed by', answer: (i) => (i.facts.management === 'manager' ? 'Manager(s)' : 'Member(s)') },
      { id: 'managers', label: '5. Name and Address of each Manager or Managing Member', answer: (i) => managersLines(i, 'Managing Member') },
      {
        id: 'principal_office',
        label: 'Principal office address (State Business License and Initial List)',
        answer: (i) => formatAddress(principalOfficeOf(i)),
      },
      { id: 'mailing_address', label: 'Mailing address', answer: (i) => formatAddress(mailingAddressOf(i)) },
      { id: 'organizer', label: '6. Name and Address of Organizer', answer: organizerLine },
      { id: 'effective_date', label: 'Effective date and time (optional)', answer: () => 'Upon filing' },
      { id: 'signature', label: '6. Organizer Signature', answer: (i) => signatureLine(i) },
    ],
  }),
};

export const hasTemplate = (state: UsStateCode): state is TemplateState => (templateStates as readonly string[]).includes(state);

/* ---- the document ---- */

export interface StatuteLine {
  label: string;
  citation: string;
  /** 'dataset': the US LLC State Requirements Dataset; 'form': cited by the state's form */
  source: 'dataset' | 'form';
  url: string | null;
}

export interface ArticlesDocument {
  kind: 'articles' | 'filing_sheet';
  title: string;
  formName: string | null;
  stateName: string;
  source: { title: string; url: string | null };
  statutes: StatuteLine[];
  /** null: the dataset has no fee for the state (the document says NOT_IN_DATASET) */
  fee: { usd: number; source: string; verified: string } | null;
  /** the fee line as printed */
  feeText: string;
  rows: { label: string; value: string }[];
  /** printed under the rows */
  notes: string[];
  credit: string;
}

function feeOf(input: FilingInput): ArticlesDocument['fee'] {
  const { formationFeeUsd, feeSource, feeVerified } = input.state;
  return formationFeeUsd === null || !feeSource || !feeVerified ? null : { usd: formationFeeUsd, source: feeSource, verified: feeVerified };
}

function statuteLines(input: FilingInput, template: StateFormTemplate | null): StatuteLine[] {
  const citation = input.state.nameCitation ?? nameRules[input.llcState]?.citation ?? null;
  const lines: StatuteLine[] = [{ label: 'Name statute (designator)', citation: citation ?? NOT_IN_DATASET, source: 'dataset', url: null }];
  if (template?.statute)
    lines.push({ label: 'Formation statute (as cited on the state’s form)', citation: template.statute.citation, source: 'form', url: template.source.url });
  return lines;
}

/** "Yes — “Cañón Ágil LLC” carries an accepted designator (…)" or what to fix, from the name rules. */
function designatorCheck(input: FilingInput): string {
  const issues = checkCompanyName(input.companyName, input.llcState).filter(
    (issue) => issue.code === 'designatorMissing' || issue.code === 'designatorNotAtEnd',
  );
  const accepted = nameRules[input.llcState].designators.slice(0, 3).join(', ');
  if (!issues.length) return `Yes — the name carries a designator the state accepts (${accepted}…)`;
  return `CHECK — the name needs one of: ${accepted}${issues[0]!.fix ? ` (e.g. “${issues[0]!.fix}”)` : ''}`;
}

/*
 * The filing sheet of a state without a template: the fields every state's online LLC formation
 * asks (name, registered agent, principal office, mailing address, organizer, management,
 * members/managers, purpose, effective date, contact), taken together from the six templates
 * above, so a person fills the state's own form in one pass.
 */
function filingSheetRows(input: FilingInput): { label: string; value: string }[] {
  return [
    { label: 'Name of the limited liability company', value: input.companyName },
    { label: 'Designator check (the name must include one the state accepts)', value: designatorCheck(input) },
    { label: 'Registered agent name', value: input.agent.name },
    { label: 'Registered agent address (registered office, street address in the state)', value: formatAddress(input.agent.address) },
    { label: 'Principal office address', value: formatAddress(principalOfficeOf(input)) },
    { label: 'Mailing address', value: formatAddress(mailingAddressOf(input)) },
    { label: 'Organizer name and address', value: organizerLine(input) },
    { label: 'Management', value: managementLine(input) },
    { label: 'Members / managers (name and address, if the form asks)', value: managersLines(input, 'Member') },
    { label: 'Purpose (if the form asks)', value: purposeLine(input) },
    { label: 'Duration', value: 'Perpetual' },
    { label: 'Effective date', value: 'Upon filing' },
    { label: 'Contact email', value: input.organizer.email },
    { label: 'Signature', value: signatureLine(input) },
  ];
}

/** The state's name: the dataset's, else geo.ts's (the dataset has no District of Columbia record). */
const stateNameOf = (input: FilingInput) =>
  input.state.name && input.state.name !== input.llcState ? input.state.name : (usStates.find(([code]) => code === input.llcState)?.[1] ?? input.llcState);

/** The formation document of the order's state: a template's rows, or the filing sheet. */
export function articlesFor(input: FilingInput): ArticlesDocument {
  const fee = feeOf(input);
  const stateName = stateNameOf(input);
  const feeText = fee ? `Filing fee: $${fee.usd} — Source: ${fee.source}, verified ${fee.verified}` : `Filing fee: ${NOT_IN_DATASET}`;
  const common = { stateName, fee, feeText, credit: DATASET_CREDIT };
  const single = isSingleMember(input);
  if (hasTemplate(input.llcState)) {
    const template = stateForms[input.llcState](input);
    return {
      kind: 'articles',
      title: template.title,
      formName: template.formName,
      source: template.source,
      statutes: statuteLines(input, template),
      rows: template.fields.map((field) => ({ label: field.label, value: field.answer(input) })),
      notes: [
        `The answers below follow the ${template.formName}, in its order and wording. Re-read the state's current form before filing${template.source.url ? ` (${template.source.url})` : ''}.`,
        single ? 'The company has one member.' : 'The company has two members.',
      ],
      ...common,
    };
  }
  const url = input.state.feeSource;
  return {
    kind: 'filing_sheet',
    title: `Filing sheet — ${stateName} LLC formation`,
    formName: null,
    source: { title: `${stateName} — official page (dataset)`, url },
    statutes: statuteLines(input, null),
    rows: filingSheetRows(input),
    notes: [
      `We have no template of ${stateName}'s formation form. Check the state's form at ${url ?? NOT_IN_DATASET} and copy each answer below into the field that asks it.`,
      single ? 'The company has one member.' : 'The company has two members.',
    ],
    ...common,
  };
}
