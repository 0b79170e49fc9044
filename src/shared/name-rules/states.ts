/**
 * Each state's LLC naming rules, extracted by hand from the name-rules records of the
 * US LLC State Requirements Dataset (StartupSole LLC, CC BY 4.0; copy in
 * src/shared/state-data/name-rules/, licence and NOTICE in src/shared/state-data/).
 * Credit wherever the rules are shown: "State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0".
 *
 * Only the extracted rules live here (the wizard runs in the browser); README.md beside this file
 * says how they were read and how to update them. Matching ignores case, accents and
 * punctuation, so "L.L.C." also stands for "LLC" and "L.P." for "LP".
 */
import type { UsStateCode } from '../geo';

export type RestrictedWordKind = 'approval' | 'forbidden';

export interface StateNameRules {
  /** Accepted designators as a customer would write them, the usual form first ("LLC" wherever the statute lists it). */
  readonly designators: readonly string[];
  /** The statute says the name must END with the designator (KY, RI). */
  readonly designatorAtEnd?: boolean;
  /** Allowed only with a regulator's approval, a licence or an extra filing: the customer confirms. */
  readonly approval?: readonly string[];
  /** Never allowed in an LLC name (mostly other entity types' words). */
  readonly forbidden?: readonly string[];
  /** Letters must be those of the English alphabet (no accents). */
  readonly englishLettersOnly?: boolean;
  /** Maximum length of the whole name, spaces and punctuation included. */
  readonly maxLength?: number;
  /** The statute (or rule) setting the designator, e.g. "W.S. § 17-29-108". */
  readonly citation: string;
}

const LLC = ['LLC', 'L.L.C.', 'Limited Liability Company'];
const LC = ['Limited Company', 'LC', 'L.C.'];

/** "The word 'Limited' may be abbreviated 'Ltd.' and 'Company' may be abbreviated 'Co.'": every combination. */
function withLtdCo(designators: readonly string[]): string[] {
  const out = designators.flatMap((d) => {
    const forms = [d];
    if (/\bLimited\b/.test(d)) forms.push(...forms.map((f) => f.replace(/\bLimited\b/, 'Ltd.')));
    if (/\bCompany\b/.test(d)) forms.push(...forms.map((f) => f.replace(/\bCompany\b/, 'Co.')));
    return forms;
  });
  return [...new Set(out)];
}

/** The states whose rule reads "limited liability company / limited company, LLC, L.L.C., LC, L.C." plus the Ltd./Co. sentence. */
const STANDARD = withLtdCo([...LLC, ...LC]);
const CORPORATE = ['corporation', 'corp.', 'incorporated', 'inc.'];
const LIMITED_PARTNERSHIP = ['limited partnership', 'L.P.'];
const LLP = ['limited liability partnership', 'L.L.P.'];

/*
 * Banking, insurance and trust words, in English and in Spanish: whatever a state's LLC statute
 * lists, its banking and insurance codes govern them (the WY record: "words implying banking or
 * insurance are policed by other codes, not the LLC name section"), and 18 U.S.C. § 709 bars
 * "federal", "national" and "reserve" from the name of a bank, lender, insurer or trust business.
 * Every state warns and asks to confirm them (`approval`) unless its own list names the word;
 * then the state's kind wins, so CA and MS still refuse "bank" and "trust". Plurals match as for
 * every rule ("Banks", "Seguros", "Nacionales"); only the last word of a phrase takes one, hence
 * the plural Spanish phrases.
 */
export const regulatedEverywhere: readonly string[] = [
  'bank',
  'banker',
  'banking',
  'trust',
  'insurance',
  'insurer',
  'credit union',
  'federal',
  'national',
  'reserve',
  'banco',
  'banca',
  'bancario',
  'bancaria',
  'fideicomiso',
  'seguro',
  'aseguradora',
  'asegurador',
  'cooperativa de crédito',
  'cooperativas de crédito',
  'unión de crédito',
  'uniones de crédito',
  'nacional',
  'reserva',
];

/*
 * Where a state bars "corporation"/"incorporated" (or words implying a corporation), their
 * abbreviations "corp."/"inc." are barred too: several records say so outright (MN, MS, MT, TN, VA).
 */
export const nameRules: Readonly<Record<UsStateCode, StateNameRules>> = {
  // Banking/insurance clearances and professional designations need a letter or licence (notes).
  AL: {
    designators: LLC,
    approval: ['bank', 'trust', 'insurance', 'engineer', 'engineering', 'landscaping', 'architect', 'attorney', 'doctor'],
    citation: 'Ala. Code § 10A-1-5.06',
  },
  AK: { designators: withLtdCo(LLC), citation: 'AS 10.50.020' },
  AZ: { designators: [...LLC, ...LC], citation: 'A.R.S. § 29-3112(A)' },
  AR: { designators: STANDARD, approval: ['bank', 'trust'], citation: 'Ark. Code § 4-38-112(a), (f)' },
  // "may not contain the listed banking/corporate/insurance terms at all" (§ 17701.08(e)).
  CA: {
    designators: withLtdCo(LLC),
    forbidden: ['bank', 'trust', 'trustee', 'incorporated', 'inc.', 'corporation', 'corp.', 'insurer', 'insurance company'],
    citation: 'Cal. Corp. Code § 17701.08(a)',
  },
  CO: {
    designators: [...withLtdCo(LLC), 'Limited', 'Ltd.'],
    approval: ['bank', 'trust', 'credit union', 'savings and loan', 'insurance', 'casualty', 'surety'],
    citation: 'C.R.S. § 7-90-601(3)(c)',
  },
  CT: { designators: withLtdCo(LLC), approval: ['bank', 'trust', 'insurance'], citation: 'Conn. Gen. Stat. § 34-243k' },
  DE: { designators: LLC, citation: '6 Del. C. § 18-102' },
  DC: { designators: LLC, citation: 'D.C. Code § 29-103.02' },
  FL: { designators: LLC, citation: 'Fla. Stat. § 605.0112(1)(a)' },
  // No entitySuffixCitation in the record: its naming rule is Ga. Comp. R. & Regs. 590-7-20 (distinguishabilityCitation),
  // which also bars "words indicating ... another entity type (e.g. corporation, incorporated, limited partnership)".
  GA: {
    designators: STANDARD,
    approval: [
      'bank',
      'banc',
      'banque',
      'banker',
      'bancorp',
      'bankshares',
      'credit union',
      'savings & loan',
      'trust',
      'insurance',
      'assurance',
      'surety',
      'fidelity',
      'reinsurance',
      'reassurance',
      'indemnity',
      'college',
      'university',
    ],
    forbidden: [...CORPORATE, ...LIMITED_PARTNERSHIP],
    maxLength: 80,
    citation: 'Ga. Comp. R. & Regs. 590-7-20',
  },
  HI: { designators: withLtdCo(LLC), englishLettersOnly: true, citation: 'HRS § 428-105(a)' },
  ID: { designators: STANDARD, approval: ['bank', 'trust'], citation: 'Idaho Code § 30-21-302(d)' },
  // Section 1-10(a)(4) bars other entity types' words, "Ltd." and "Co." included; trust words need the Corporate Fiduciary Act.
  IL: {
    designators: LLC,
    approval: ['trust', 'trustee', 'fiduciary'],
    forbidden: [...CORPORATE, 'Ltd.', 'Co.', ...LIMITED_PARTNERSHIP],
    englishLettersOnly: true,
    citation: '805 ILCS 180/1-10(a)',
  },
  IN: { designators: LLC, approval: ['bank', 'banking', 'trust', 'insurance'], citation: 'Ind. Code § 23-0.5-3-2(d)' },
  IA: { designators: STANDARD, citation: 'Iowa Code § 489.112(1)' },
  KS: { designators: [...LLC, ...LC], citation: 'K.S.A. 17-7920' },
  // "shall end with"; "Cooperative" may not be used (KRS 14A.3-010(13)); bank words need authorization.
  KY: {
    designators: withLtdCo(['LLC', 'Limited Liability Company', 'LC', 'Limited Company']),
    designatorAtEnd: true,
    approval: ['bank', 'banker', 'banking', 'trust', 'insurance'],
    forbidden: ['cooperative'],
    citation: 'KRS 14A.3-010(3)',
  },
  // Every listed word is allowed with a regulator's approval, notice to a board, or (insurance) as an agency.
  LA: {
    designators: ['L.L.C.', 'Limited Liability Company', 'L.C.'],
    approval: [
      'bank',
      'banker',
      'banking',
      'savings',
      'safe deposit',
      'trust',
      'trustee',
      'building and loan',
      'homestead',
      'credit union',
      'insurance',
      'engineer',
      'engineering',
      'surveyor',
      'surveying',
      'architect',
      'architectural',
      'architecture',
    ],
    forbidden: ['doing business as', 'd/b/a'],
    citation: 'La. R.S. 12:1306(A)(1)',
  },
  ME: {
    designators: STANDARD,
    approval: ['savings', 'savings bank', 'bank', 'banker', 'banking', 'trust', 'trust company', 'trust and banking company', 'credit union'],
    citation: '31 M.R.S. § 1508(1)',
  },
  MD: { designators: [...LLC, 'LC', 'L.C.'], citation: "Md. Code, Corps. & Ass'ns § 1-502" },
  MA: { designators: [...LLC, ...LC], approval: ['bank', 'trust', 'insurance'], citation: 'M.G.L. c. 156C, § 3' },
  // MCL 450.4204(3)(b) bars the corporate designators outright.
  MI: { designators: [...LLC, 'LC', 'L.C.'], forbidden: CORPORATE, citation: 'MCL 450.4204(1), (2)' },
  MN: {
    designators: ['LLC', 'Limited Liability Company'],
    approval: ['bank', 'insurance', 'trust'],
    forbidden: CORPORATE,
    citation: 'Minn. Stat. § 322C.0108, subd. 1',
  },
  // (1)(d) bars all nine words "plus any combination or abbreviation of them".
  MS: {
    designators: LLC,
    forbidden: ['bank', 'banker', 'bankers', 'banking', 'trust company', 'insurance', 'trust', ...CORPORATE],
    citation: 'Miss. Code § 79-29-109(1)(a)',
  },
  MO: {
    designators: [...LLC, ...LC],
    approval: ['bank', 'trust'],
    forbidden: [...CORPORATE, ...LIMITED_PARTNERSHIP, ...LLP, 'limited liability limited partnership', 'L.L.L.P.', 'Ltd.'],
    citation: 'Mo. Rev. Stat. § 347.020',
  },
  // § 35-8-103(1)(b): no other entity type's "business name identifiers" ("Inc.," "Corp.," "LP" ...).
  MT: {
    designators: STANDARD,
    forbidden: [...CORPORATE, 'partnership', ...LIMITED_PARTNERSHIP, ...LLP, 'association'],
    citation: 'Mont. Code Ann. § 35-8-103(1)',
  },
  NE: { designators: STANDARD, citation: 'Neb. Rev. Stat. § 21-108(a)' },
  // "Limited" or "Ltd." alone is enough; only "Company" may be abbreviated. Bank/trust need the Commissioner's approval.
  NV: {
    designators: [...LLC, 'Limited-Liability Company', 'Limited Liability Co.', 'Limited Company', 'Limited Co.', 'LC', 'L.C.', 'Limited', 'Ltd.'],
    approval: ['bank', 'trust', 'accountant', 'auditor', 'engineer', 'architect'],
    citation: 'NRS 86.171',
  },
  // "farmers' market" only if the company meets the RSA 21:34-a definition.
  NH: { designators: LLC, approval: ["farmers' market"], citation: 'RSA 304-C:32, I and II' },
  NJ: { designators: withLtdCo(LLC), citation: 'N.J.S.A. 42:2C-8(a)' },
  NM: { designators: STANDARD, citation: 'NMSA 1978 § 53-19-3(A)' },
  // Words needing an agency's consent, and phrases that "cannot be used at all".
  NY: {
    designators: LLC,
    approval: [
      'bank',
      'trust',
      'insurance',
      'finance',
      'loan',
      'mortgage',
      'savings',
      'investment',
      'annuity',
      'assurance',
      'attorney',
      'lawyer',
      'blind',
      'handicapped',
      'exchange',
      'school',
      'education',
      'college',
      'university',
      'academy',
      'institute',
      'museum',
      'library',
    ],
    forbidden: ['board of trade', 'chamber of commerce', ...CORPORATE, 'partnership', 'state police', 'state trooper', 'urban development'],
    citation: 'N.Y. LLC Law § 204(a)',
  },
  NC: { designators: withLtdCo(LLC), citation: 'N.C.G.S. § 55D-20(a)' },
  ND: { designators: LLC, citation: 'N.D.C.C. § 10-32.1-11' },
  OH: { designators: [...LLC, 'Limited', 'Ltd.'], approval: ['bank', 'banker', 'banking', 'trust'], citation: 'Ohio Rev. Code § 1706.07' },
  OK: { designators: STANDARD, citation: 'Okla. Stat. tit. 18, § 2008' },
  // ORS 63.094(2) bans other forms' designators outright; (3) the English alphabet only.
  OR: {
    designators: LLC,
    forbidden: ['cooperative', ...CORPORATE, ...LIMITED_PARTNERSHIP, 'LP', 'Ltd.', ...LLP, 'LLP'],
    englishLettersOnly: true,
    citation: 'ORS 63.094(1)',
  },
  // "Company" or "Limited" alone is a designator. The notes add the insurance, college and banking words needing clearance.
  PA: {
    designators: [...LLC, 'Company', 'Co.', 'Limited', 'Ltd.'],
    approval: [
      'bank',
      'trust',
      'trust company',
      'savings bank',
      'insurance',
      'annuity',
      'assurance',
      'surety',
      'title',
      'engineer',
      'architect',
      'surveyor',
      'college',
      'university',
      'seminary',
      'credit union',
      'cooperative',
    ],
    citation: '15 Pa.C.S. § 204',
  },
  RI: { designators: LLC, designatorAtEnd: true, citation: 'R.I. Gen. Laws § 7-16-9(a)(1)' },
  SC: {
    designators: STANDARD,
    approval: ['bank', 'banking', 'trust', 'savings and loan', 'insurance', 'assurance'],
    citation: 'S.C. Code § 33-44-105',
  },
  SD: { designators: STANDARD, approval: ['bank', 'trust'], citation: 'SDCL § 47-34A-105' },
  TN: {
    designators: LLC,
    approval: ['bank', 'insurance', 'trust'],
    forbidden: CORPORATE,
    citation: 'Tenn. Code Ann. § 48-249-106(a)',
  },
  // "Lotto"/"lottery" prohibited outright (§ 5.061); veterans' words need a veterans organization's approval (§ 5.062).
  // "An abbreviation of one of those phrases" is open-ended: only the record's examples are taken.
  TX: {
    designators: [...LLC, ...LC],
    approval: ['veteran', 'legion', 'foreign', 'Spanish', 'disabled', 'war', 'world war'],
    forbidden: ['lotto', 'lottery'],
    citation: 'Tex. Bus. Orgs. Code § 5.056',
  },
  // The notes' bank, Olympic and college lists need written consent; "911" and other entity types' words are barred.
  UT: {
    designators: STANDARD,
    approval: [
      'bank',
      'banker',
      'banking',
      'banc',
      'banque',
      'banco',
      'bancorp',
      'bancorporation',
      'bankcard',
      'bancard',
      'savings association',
      'building association',
      'savings and loan',
      'escrow',
      'university',
      'college',
      'institute',
      'olympic',
      'olympiad',
      'citius altius fortius',
      'trust',
    ],
    forbidden: ['association', ...CORPORATE, 'partnership', ...LIMITED_PARTNERSHIP, '911'],
    citation: 'Utah Code § 48-3a-108(1), (8)(a)',
  },
  VT: { designators: STANDARD, citation: '11 V.S.A. § 4005(a)' },
  // No word implying a corporation, a limited partnership, a registered LLP or a protected series.
  VA: {
    designators: [...LLC, ...LC],
    approval: ['bank', 'trust'],
    forbidden: [...CORPORATE, ...LIMITED_PARTNERSHIP, ...LLP, 'protected series'],
    citation: 'Va. Code § 13.1-1012',
  },
  // Bank words "barred unless the requirements of the statute that protects them are met"; entity words barred outright.
  WA: {
    designators: [...LLC, 'Limited Liability Co.'],
    approval: ['bank', 'banking', 'banker', 'trust'],
    forbidden: ['cooperative', 'partnership', ...CORPORATE, 'Ltd.', 'LP', 'L.P.', 'LLP', 'L.L.P.', 'LLLP', 'L.L.L.P.'],
    citation: 'RCW 23.95.305',
  },
  // Government and charity words are refused unless the filer is a registered nonprofit (SOS guidance).
  WV: {
    designators: STANDARD,
    approval: ['agency', 'commission', 'department', 'bureau', 'division', 'municipal', 'board', 'charities', 'charitable foundation', 'foundation'],
    citation: 'W. Va. Code § 31B-1-105(a)',
  },
  WI: { designators: [...LLC, ...LC], citation: 'Wis. Stat. § 183.0112(1)' },
  // No restricted-word list; § 17-29-108(a) forbids implying organization under the Business Corporation Act.
  WY: {
    designators: [...LLC, ...LC, 'Ltd. Liability Company', 'Ltd. Liability Co.', 'Limited Liability Co.'],
    forbidden: CORPORATE,
    citation: 'W.S. § 17-29-108',
  },
};
