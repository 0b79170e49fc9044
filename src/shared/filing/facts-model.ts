import type { UsStateCode } from '../geo';

/*
 * The company facts the filings ask for that the order does not hold, zod-free (the
 * dashboard and the PDFs read them; facts.ts validates them). Shares are basis points
 * (10,000 = 100 %), so 33.33 % + 66.67 % add up exactly.
 */

export const managementKinds = ['member', 'manager'] as const;
export type Management = (typeof managementKinds)[number];

/** Where an address of the company is: the customer's own (the order's address) or our registered agent's. */
export const addressChoices = ['own', 'agent'] as const;
export type AddressChoice = (typeof addressChoices)[number];

/** SS-4 line 10, the reasons that fit a new LLC. */
export const applyReasons = ['started_new_business', 'banking_purpose'] as const;
export type ApplyReason = (typeof applyReasons)[number];

/** SS-4 line 16, in the form's order. */
export const principalActivities = [
  'construction',
  'rental_leasing',
  'transportation_warehousing',
  'health_care',
  'accommodation_food',
  'wholesale_broker',
  'wholesale_trade',
  'retail',
  'real_estate',
  'manufacturing',
  'finance_insurance',
  'other',
] as const;
export type PrincipalActivity = (typeof principalActivities)[number];

export const fullShare = 10_000;
export const defaultPurpose = 'Any lawful purpose';

/** The facts as stored and as the documents read them. */
export interface CompanyFacts {
  purpose: string;
  management: Management;
  principalOffice: AddressChoice;
  mailingAddress: AddressChoice;
  /** basis points of the organizer; the partner (if any) holds the rest */
  organizerShare: number;
  /** basis points; null without a partner */
  partnerShare: number | null;
  /** optional "doing business as" name (SS-4 line 2) */
  tradeName: string | null;
  /** 1-12 (SS-4 line 12); December by default */
  fiscalYearEndMonth: number;
  reason: ApplyReason;
  /** YYYY-MM-DD (SS-4 line 11) */
  startDate: string;
  /** highest number of employees expected in the next 12 months (SS-4 line 13); 0: none */
  employeesExpected: number;
  /** YYYY-MM-DD wages first paid (SS-4 line 15); null without employees */
  firstWagesDate: string | null;
  principalActivity: PrincipalActivity;
  /** SS-4 line 17: what the company sells or does, in English */
  activityDescription: string;
}

/** A mailing address as the documents print it. */
export interface PostalAddress {
  line1: string;
  /** the optional second line (colonia, floor, suite); absent or '' when none */
  line2?: string;
  city: string;
  /** state, province or region as typed (a US state code for US addresses) */
  region: string;
  zip: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

/** Our registered agent in a state (REGISTERED_AGENTS); `placeholder` when none is configured. */
export interface RegisteredAgent {
  name: string;
  address: PostalAddress;
  /** county of the agent's address (SS-4 line 6) */
  county: string;
  placeholder: boolean;
}

/** One signer of a document, as the signature page prints the evidence. */
export interface SignatureEvidence {
  role: 'organizer' | 'partner';
  /** the signature: the signer's legal name as the order records it (accents and case), which they adopted */
  adoptedName: string;
  /** what they typed to adopt it, kept as evidence */
  typedName: string;
  consent: string;
  sha256: string;
  signedAt: Date;
  ipAddress: string;
  /** the account or email the signer was known by */
  account: string;
}

/** Everything a filing document is made from: the order, the facts, the agent and the state's data. */
export interface FilingInput {
  /** the order number (8 characters) */
  orderNumber: string;
  companyName: string;
  llcState: UsStateCode;
  organizer: { name: string; email: string; nationality: string; address: PostalAddress };
  /** the order's optional partner; `address` is the free text the wizard took */
  partner: { name: string; email: string; country: string; address: string } | null;
  facts: CompanyFacts;
  agent: RegisteredAgent;
  /** who applies for the EIN as the third-party designee the SS-4 authorization names (BUSINESS_NAME); absent in older snapshots */
  designee?: string;
  /** from src/shared/state-data (US LLC State Requirements Dataset, CC BY 4.0); null when the dataset has no record */
  state: { name: string; formationFeeUsd: number | null; feeSource: string | null; feeVerified: string | null; nameCitation: string | null };
}

export const isSingleMember = (input: Pick<FilingInput, 'partner'>) => input.partner === null;

/**
 * The consent a signer gives with their typed name (ESIGN § 7001(c), UETA § 7): intent to sign,
 * and consent to electronic records. Recorded word for word with each signature.
 */
export const consentSentence = {
  en: 'I agree to use an electronic record and signature for this document, and I adopt the name shown, which I typed, as my legal signature on it.',
  es: 'Acepto usar un registro y una firma electrónicos para este documento, y adopto el nombre indicado, que escribí, como mi firma legal en él.',
} as const;
