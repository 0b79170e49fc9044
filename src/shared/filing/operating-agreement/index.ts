import { defaultPurpose, isSingleMember, type FilingInput } from '../facts-model';
import { articlesFor, formatAddress, formatShare, membersOf, principalOfficeOf } from '../state-forms';
import { agreementEn } from './clauses.en';
import { agreementEs } from './clauses.es';
import type { AgreementContext, AgreementText } from './types';

/*
 * The Operating Agreement of an order, in English (the governing text) and in Spanish
 * (a courtesy translation), single-member or multi-member, member- or manager-managed. The
 * wording lives in clauses.en.ts and clauses.es.ts; this file gathers what they print.
 */

export type { AgreementClause, AgreementContext, AgreementText } from './types';

export function agreementContext(input: FilingInput): AgreementContext {
  const articles = articlesFor(input);
  const purpose = input.facts.purpose.trim().replace(/\.$/, '') || defaultPurpose;
  return {
    companyName: input.companyName,
    stateName: input.state.name,
    formationDocument: articles.kind === 'articles' ? articles.title.replace(/ \(Form \d+\)$/, '') : null,
    principalOffice: formatAddress(principalOfficeOf(input)),
    agentName: input.agent.name,
    agentAddress: formatAddress(input.agent.address),
    purpose,
    purposeEs: purpose === defaultPurpose ? 'cualquier actividad lícita' : purpose,
    organizerName: input.organizer.name,
    single: isSingleMember(input),
    managerManaged: input.facts.management === 'manager',
    members: membersOf(input).map((member) => ({ name: member.name, share: formatShare(member.share) })),
  };
}

/** The agreement's text in `language`; the same clauses, one for one, in both languages. */
export function operatingAgreement(input: FilingInput, language: 'en' | 'es'): AgreementText {
  const context = agreementContext(input);
  return language === 'es' ? agreementEs(context) : agreementEn(context);
}
