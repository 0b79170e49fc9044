/*
 * The Operating Agreement's clauses in English, the governing text (clause 10). Each clause has a
 * single-member and a multi-member wording; clauses.es.ts mirrors them one for one (its test
 * checks the count). Only data and wording: index.ts builds the context.
 */
import type { AgreementContext, AgreementText } from './types';

export function agreementEn(c: AgreementContext): AgreementText {
  const one = c.single;
  const members = one ? 'the Member' : 'the Members';
  const majority = one ? 'the Member' : 'Members holding a majority of the Percentage Interests';
  return {
    title: `Operating Agreement of ${c.companyName}`,
    preamble: one
      ? `This Operating Agreement (the “Agreement”) of ${c.companyName}, a ${c.stateName} limited liability company (the “Company”), is made by its sole member, ${c.members[0]!.name} (the “Member”), effective as of the date the Company was formed.`
      : `This Operating Agreement (the “Agreement”) of ${c.companyName}, a ${c.stateName} limited liability company (the “Company”), is made by its members, ${c.members.map((m) => m.name).join(' and ')} (each a “Member” and together the “Members”), effective as of the date the Company was formed.`,
    clauses: [
      {
        heading: '1. Formation',
        paragraphs: [
          `The Company was formed as a limited liability company under the laws of the State of ${c.stateName} by filing its ${c.formationDocument ?? 'formation document'} with the State of ${c.stateName}.`,
          `The rights and duties of ${members} are those set out in this Agreement and, where it is silent, in the law of the State of ${c.stateName}.`,
        ],
      },
      {
        heading: '2. Name and principal office',
        paragraphs: [
          `The name of the Company is ${c.companyName}. Its principal office is at ${c.principalOffice}, or at any other place ${one ? 'the Member decides' : 'the Members decide'}.`,
          `Its registered agent in the State of ${c.stateName} is ${c.agentName}, at ${c.agentAddress}.`,
        ],
      },
      {
        heading: '3. Purpose',
        paragraphs: [`The purpose of the Company is: ${c.purpose}. The Company may do anything lawful that furthers that purpose.`],
      },
      {
        heading: '4. Members and capital contributions',
        paragraphs: one
          ? [
              `The sole Member of the Company is ${c.members[0]!.name}, who holds ${c.members[0]!.share} of the membership interest (the “Percentage Interest”).`,
              'The Member may contribute capital as the Member decides. No additional capital contribution is required, and no interest is paid on capital contributions.',
            ]
          : [
              'The Members of the Company and their membership interests (each a “Percentage Interest”) are:',
              ...c.members.map((m) => `${m.name} — ${m.share}`),
              'Each Member makes the capital contributions agreed among the Members. No Member is required to make an additional capital contribution, and no interest is paid on capital contributions.',
            ],
      },
      {
        heading: '5. Allocations and distributions',
        paragraphs: one
          ? [
              'All profits and losses of the Company are allocated to the Member. Distributions are made to the Member at the times and in the amounts the Member decides.',
            ]
          : [
              'Profits and losses of the Company are allocated among the Members pro rata to their Percentage Interests.',
              'Distributions are made at the times and in the amounts the Members decide, to all Members at once and pro rata to their Percentage Interests.',
            ],
      },
      {
        heading: '6. Management',
        paragraphs: c.managerManaged
          ? [
              `The Company is managed by a manager (the “Manager”). The Manager is ${c.organizerName}, who has authority to act for and bind the Company in the ordinary course of its business.`,
              `The Manager may be removed or replaced at any time by ${majority}.`,
            ]
          : one
            ? ['The Company is managed by the Member, who has authority to act for and bind the Company.']
            : [
                'The Company is managed by its Members. Decisions are made by Members holding a majority of the Percentage Interests.',
                'Any Member may act for the Company in the ordinary course of its business within the decisions so made.',
              ],
      },
      {
        heading: '7. Transfers of interest',
        paragraphs: one
          ? ['The Member may transfer all or part of the Member’s interest. A transferee becomes a member when admitted in writing by the Member.']
          : [
              'No Member may sell, assign, pledge or otherwise transfer all or part of the Member’s interest without the written consent of the other Members.',
              'A transferee admitted with that consent becomes a Member; a transfer made without it gives no right to take part in management.',
            ],
      },
      {
        heading: '8. Dissolution',
        paragraphs: [
          `The Company is dissolved when ${one ? 'the Member decides' : 'Members holding a majority of the Percentage Interests decide'} to dissolve it, or when the law of the State of ${c.stateName} requires it.`,
          one
            ? 'On dissolution, the Company’s affairs are wound up, its debts are paid, and whatever remains is distributed to the Member.'
            : 'On dissolution, the Company’s affairs are wound up, its debts are paid, and whatever remains is distributed to the Members pro rata to their Percentage Interests.',
        ],
      },
      {
        heading: '9. Governing law',
        paragraphs: [`This Agreement is governed by the laws of the State of ${c.stateName}.`],
      },
      {
        heading: '10. Governing language',
        paragraphs: ['This Agreement is executed in English; the Spanish text is a courtesy translation and the English version governs.'],
      },
    ],
  };
}
