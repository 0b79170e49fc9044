/*
 * The Operating Agreement's shapes and its clause order, apart from index.ts so the clause files
 * import no cycle.
 */

export interface AgreementClause {
  /** "6. Tax classification": the clause's number and title */
  heading: string;
  paragraphs: string[];
}

export interface AgreementText {
  title: string;
  preamble: string;
  clauses: AgreementClause[];
}

/**
 * The clauses in their order, the same in both languages: index.ts numbers them from this list, and
 * a clause that cites another takes its number from `clauseNumber`, so inserting a clause renumbers
 * every heading and every cross-reference at once.
 */
export const clauseKeys = [
  'formation',
  'nameAndOffice',
  'purpose',
  'members',
  'allocations',
  'tax',
  'management',
  'liability',
  'records',
  'admission',
  'transfers',
  'death',
  'dissolution',
  'amendments',
  'severability',
  'governingLaw',
  'entireAgreement',
] as const;
export type ClauseKey = (typeof clauseKeys)[number];

/** The clause's number as its heading prints it (1-based). */
export const clauseNumber = (key: ClauseKey): number => clauseKeys.indexOf(key) + 1;

/** One clause as a language file writes it, before index.ts numbers it. */
export interface ClauseWording {
  title: string;
  paragraphs: string[];
}

/** What a language file returns: every clause, by key (the type makes a missing one an error). */
export interface AgreementWording {
  title: string;
  preamble: string;
  clauses: Record<ClauseKey, ClauseWording>;
}

/** What the clauses print, already formatted in the text's language (shares as "50%", "33.33%"; addresses with the country's name in that language). */
export interface AgreementContext {
  companyName: string;
  stateName: string;
  /** the state's formation document title ("Certificate of Formation"); null without a template */
  formationDocument: string | null;
  principalOffice: string;
  agentName: string;
  agentAddress: string;
  purpose: string;
  purposeEs: string;
  organizerName: string;
  single: boolean;
  managerManaged: boolean;
  /** the organizer first; `address` on one line, its country named in the text's language */
  members: { name: string; share: string; address: string }[];
}
