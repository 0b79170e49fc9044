/* The Operating Agreement's shapes, apart from index.ts so the clause files import no cycle. */

export interface AgreementClause {
  heading: string;
  paragraphs: string[];
}

export interface AgreementText {
  title: string;
  preamble: string;
  clauses: AgreementClause[];
}

/** What the clauses print, already formatted (shares as "50%", "33.33%"). */
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
  members: { name: string; share: string }[];
}
