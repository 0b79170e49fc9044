import { countryName, usCountryCode } from '../../countries';
import { foldText } from '../../fold-text';
import type { Language } from '../../languages';
import { defaultPurpose, isSingleMember, type FilingInput, type PostalAddress } from '../facts-model';
import { articlesFor, formatAddress, formatShare, membersOf, principalOfficeOf } from '../state-forms';
import { agreementEn } from './clauses.en';
import { agreementEs } from './clauses.es';
import { clauseKeys, type AgreementContext, type AgreementText, type AgreementWording } from './types';

/*
 * The Operating Agreement of an order, in English (the governing text) and in Spanish
 * (a courtesy translation), single-member or multi-member, member- or manager-managed. The
 * wording lives in clauses.en.ts and clauses.es.ts; this file gathers what they print, in the
 * text's language, and numbers the clauses in `clauseKeys`' order.
 */

export type { AgreementClause, AgreementContext, AgreementText, ClauseKey } from './types';
export { clauseKeys, clauseNumber } from './types';

/**
 * An address on one line as the state forms print it (`formatAddress`: a US address without its
 * country), the country named in `language`: "…, CDMX 06600, México" in the Spanish text.
 */
export function addressIn(address: PostalAddress, language: Language): string {
  if (address.country === usCountryCode) return formatAddress(address);
  return [formatAddress({ ...address, country: usCountryCode }), countryName(address.country, language)].filter(Boolean).join(', ');
}

/**
 * The partner's address, the wizard's free text, with its country named in `language`: a text
 * that already ends with the country's name (in either language, accents and case aside) has that
 * name replaced rather than repeated ("São Paulo, Brasil" → "São Paulo, Brazil" in English).
 */
export function partnerAddressIn(partner: NonNullable<FilingInput['partner']>, language: Language): string {
  let text = partner.address.trim();
  const names = new Set([countryName(partner.country, 'en'), countryName(partner.country, 'es')].map(foldText));
  for (let length = 1; length <= text.length; length++) {
    const tail = text.slice(text.length - length);
    const before = text.slice(0, text.length - length);
    if (names.has(foldText(tail)) && !/\p{L}$/u.test(before)) {
      text = before.replace(/[\s,]+$/u, '');
      break;
    }
  }
  return [text, countryName(partner.country, language)].filter(Boolean).join(', ');
}

export function agreementContext(input: FilingInput, language: Language): AgreementContext {
  const articles = articlesFor(input);
  const purpose = input.facts.purpose.trim().replace(/\.$/, '') || defaultPurpose;
  return {
    companyName: input.companyName,
    stateName: input.state.name,
    formationDocument: articles.kind === 'articles' ? articles.title.replace(/ \(Form \d+\)$/, '') : null,
    principalOffice: addressIn(principalOfficeOf(input), language),
    agentName: input.agent.name,
    agentAddress: addressIn(input.agent.address, language),
    purpose,
    purposeEs: purpose === defaultPurpose ? 'cualquier actividad lícita' : purpose,
    organizerName: input.organizer.name,
    single: isSingleMember(input),
    managerManaged: input.facts.management === 'manager',
    members: membersOf(input).map((member) => ({
      name: member.name,
      share: formatShare(member.share),
      address: member.role === 'partner' && input.partner ? partnerAddressIn(input.partner, language) : addressIn(input.organizer.address, language),
    })),
  };
}

const numbered = (wording: AgreementWording): AgreementText => ({
  title: wording.title,
  preamble: wording.preamble,
  clauses: clauseKeys.map((key, index) => ({ heading: `${index + 1}. ${wording.clauses[key].title}`, paragraphs: wording.clauses[key].paragraphs })),
});

/** The agreement's text in `language`; the same clauses, one for one and in one order, in both languages. */
export function operatingAgreement(input: FilingInput, language: Language): AgreementText {
  const context = agreementContext(input, language);
  return numbered(language === 'es' ? agreementEs(context) : agreementEn(context));
}
