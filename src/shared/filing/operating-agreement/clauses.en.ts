/*
 * The Operating Agreement's clauses in English, the governing text (clause “Entire agreement and
 * governing language”). Each clause has a wording for one member and for two, member- or
 * manager-managed; clauses.es.ts mirrors them one for one, paragraph for paragraph (the type asks
 * for every clause of `clauseKeys`; the test compares the paragraphs). Only data and wording:
 * index.ts builds the context and numbers the clauses. No fee, date or statute is cited here.
 */
import { clauseNumber, type AgreementContext, type AgreementWording } from './types';

export function agreementEn(c: AgreementContext): AgreementWording {
  const one = c.single;
  const manager = c.managerManaged;
  const members = one ? 'the Member' : 'the Members';
  const majority = one ? 'the Member' : 'Members holding a majority of the Percentage Interests';
  const allConsent = one ? 'the written consent of the Member' : 'the written consent of all Members';
  const clause = (key: Parameters<typeof clauseNumber>[0]) => `clause ${clauseNumber(key)}`;
  const successor =
    'whoever, under the applicable law, represents the Member or the Member’s estate, guardianship or bankruptcy estate, or is entitled to receive the Member’s interest by inheritance, bequest or otherwise';
  const corporation = 'A corporation pays federal income tax on its own profits, and its owners are taxed again on the dividends it pays them.';
  return {
    title: `Operating Agreement of ${c.companyName}`,
    preamble: one
      ? `This Operating Agreement (the “Agreement”) of ${c.companyName}, a ${c.stateName} limited liability company (the “Company”), is made by its sole member, ${c.members[0]!.name} (the “Member”), effective as of the date the Company was formed.`
      : `This Operating Agreement (the “Agreement”) of ${c.companyName}, a ${c.stateName} limited liability company (the “Company”), is made by its members, ${c.members.map((m) => m.name).join(' and ')} (each a “Member” and together the “Members”), effective as of the date the Company was formed.`,
    clauses: {
      formation: {
        title: 'Formation',
        paragraphs: [
          `The Company was formed as a limited liability company under the laws of the State of ${c.stateName} by filing its ${c.formationDocument ?? 'formation document'} with the State of ${c.stateName}.`,
          `The rights and duties of ${members} are those set out in this Agreement and, where it is silent, in the law of the State of ${c.stateName}.`,
        ],
      },
      nameAndOffice: {
        title: 'Name and principal office',
        paragraphs: [
          `The name of the Company is ${c.companyName}. Its principal office is at ${c.principalOffice}, or at any other place ${one ? 'the Member decides' : 'the Members decide'}.`,
          `Its registered agent in the State of ${c.stateName} is ${c.agentName}, at ${c.agentAddress}.`,
        ],
      },
      purpose: {
        title: 'Purpose',
        paragraphs: [`The purpose of the Company is: ${c.purpose}. The Company may do anything lawful that furthers that purpose.`],
      },
      members: {
        title: 'Members and capital contributions',
        paragraphs: one
          ? [
              `The sole Member of the Company is ${c.members[0]!.name}, whose address is ${c.members[0]!.address}. The Member holds ${c.members[0]!.share} of the membership interest in the Company (the “Percentage Interest”).`,
              'The Member may contribute capital as the Member decides. No additional capital contribution is required, and no interest is paid on capital contributions.',
            ]
          : [
              'The Members of the Company, their membership interests (each a “Percentage Interest”) and their addresses are:',
              ...c.members.map((m) => `${m.name} — ${m.share} — ${m.address}`),
              'Each Member makes the capital contributions agreed among the Members. No Member is required to make an additional capital contribution, and no interest is paid on capital contributions.',
            ],
      },
      allocations: {
        title: 'Allocations and distributions',
        paragraphs: one
          ? [
              'All profits and losses of the Company are allocated to the Member. Distributions are made to the Member at the times and in the amounts the Member decides.',
            ]
          : [
              'Profits and losses of the Company are allocated among the Members pro rata to their Percentage Interests.',
              'Distributions are made at the times and in the amounts the Members decide, to all Members at once and pro rata to their Percentage Interests.',
            ],
      },
      tax: {
        title: 'Tax classification',
        paragraphs: one
          ? [
              `Unless it elects otherwise as this clause allows, the Company, having a single member, is classified for US federal income tax purposes as a disregarded entity: an entity that is not treated as separate from its owner. In plain words, the Company does not pay federal income tax itself; its income, gains, losses, deductions and credits are treated as the Member’s own, and the Member reports them as US tax law requires.`,
              'If the Member is a foreign person (an individual who is neither a US citizen nor a US resident, or a foreign entity), the Company is a foreign-owned disregarded entity: it files Form 5472, together with a pro forma Form 1120, for each tax year in which it has reportable transactions.',
              `This classification concerns taxes only: it does not change the Member’s limited liability (${clause('liability')}). The Company may elect a different classification, such as being taxed as a corporation by filing Form 8832 with the IRS, only with ${allConsent}. ${corporation}`,
            ]
          : [
              `Unless it elects otherwise as this clause allows, the Company, having two or more members, is classified for US federal income tax purposes as a partnership. In plain words, the Company does not pay federal income tax itself; each year it files an information return (Form 1065) and gives each Member a Schedule K-1 showing that Member’s share of the Company’s income, gains, losses, deductions and credits, which each Member reports as US tax law requires.`,
              `This classification concerns taxes only: it does not make the Company a general partnership under state law, and it does not change the Members’ limited liability (${clause('liability')}).`,
              `The Company may elect a different classification, such as being taxed as a corporation by filing Form 8832 with the IRS, only with ${allConsent}. ${corporation}`,
            ],
      },
      management: {
        title: 'Management',
        paragraphs: manager
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
      liability: {
        title: 'Limited liability and indemnification',
        paragraphs: [
          `${
            one ? (manager ? 'Neither the Member nor the Manager is' : 'The Member is not') : manager ? 'No Member and no Manager is' : 'No Member is'
          } personally liable for any debt, obligation or liability of the Company, whether arising in contract, in tort or otherwise, solely by reason of being ${
            manager ? 'a member or the manager' : 'a member'
          } of the Company. The failure of the Company to observe formalities is not a ground for imposing personal liability on ${
            one ? (manager ? 'the Member or the Manager' : 'the Member') : manager ? 'any Member or the Manager' : 'any Member'
          }.`,
          `The Company indemnifies and holds harmless ${
            one ? (manager ? 'the Member and the Manager' : 'the Member') : manager ? 'each Member and the Manager' : 'each Member'
          } against any loss, damage, claim or expense (including reasonable attorneys’ fees) incurred because of an act or omission made in good faith on behalf of the Company and within the authority this Agreement gives, except one involving fraud, gross negligence or wilful misconduct. Indemnification is paid only from the Company’s assets; no Member is required to contribute to it personally.`,
        ],
      },
      records: {
        title: 'Books, records and bank accounts',
        paragraphs: [
          `The Company keeps complete and accurate books and records of its business at its principal office, including this Agreement and every amendment to it, its ${c.formationDocument ?? 'formation document'}, its tax returns and financial statements, and a current record of each member’s name, address and Percentage Interest.`,
          one
            ? 'The Member may inspect and copy the books and records at any time.'
            : 'Each Member may inspect and copy the books and records, in person or through an agent, at any reasonable time and at the Member’s own cost.',
          `The Company’s funds are kept in one or more accounts in the Company’s name, with banks or other financial institutions chosen by ${
            manager ? 'the Manager' : members
          }. They are never commingled with the funds of any Member${manager ? ', of the Manager' : ''} or of any other person, and are used only for the Company’s business.`,
        ],
      },
      admission: {
        title: 'Admission of new members',
        paragraphs: [
          `A new ${one ? 'member' : 'Member'} may be admitted only with ${allConsent}, on the terms (including any capital contribution and Percentage Interest) set out in that consent. To be admitted, the new member must agree in writing to be bound by this Agreement.`,
          one
            ? `If a second member is admitted, this Agreement must be amended to set out the members’ rights, and the Company becomes, by default, a partnership for US federal income tax purposes (${clause('tax')}).`
            : `The Percentage Interests of the existing Members are adjusted as that consent provides, and this Agreement is amended accordingly (${clause('amendments')}).`,
        ],
      },
      transfers: {
        title: 'Transfers and withdrawal',
        paragraphs: one
          ? [
              `The Member may sell, assign or otherwise transfer all or part of the Member’s interest in the Company. A transferee becomes a member only when the Member consents in writing to the transferee’s admission (where the whole interest is transferred, the document of transfer may give that consent), under ${clause('admission')}.`,
              'A person who acquires an interest in the Company, by transfer or by operation of law, without being admitted as a member holds only the economic rights of that interest: the right to share in the profits, losses and distributions it carries. That person has no right to vote, to take part in management or to act for the Company.',
              'The Member may withdraw from the Company only after transferring the Member’s whole interest to a person admitted as a member, so that the Company always has at least one member.',
            ]
          : [
              'No Member may sell, assign, pledge or otherwise transfer all or part of the Member’s interest without the written consent of the other Members.',
              `A transferee becomes a Member only when admitted with the written consent of all Members (${clause('admission')}). A person who acquires an interest in the Company, by transfer or by operation of law, without being admitted as a Member holds only the economic rights of that interest: the right to share, in proportion to it, in the profits, losses and distributions of the Company. That person has no right to vote, to take part in management or to act for the Company.`,
              'A Member may withdraw from the Company only with the written consent of the other Members, on the terms then agreed in writing (including any payment for the Member’s interest).',
            ],
      },
      death: {
        title: 'Death, incapacity or bankruptcy of a member',
        paragraphs: one
          ? [
              'The death, incapacity (as declared by a court or other competent authority) or bankruptcy of the Member does not dissolve the Company.',
              `On any of those events, the Member’s successor — ${successor} — is admitted as a member of the Company in the Member’s place, with the Member’s rights, so that the Company continues and is not dissolved. The Member consents to that admission now.`,
            ]
          : [
              'The death, incapacity (as declared by a court or other competent authority) or bankruptcy of a Member does not dissolve the Company: the remaining Member or Members may continue the Company and its business.',
              `The affected Member’s successor — ${successor} — holds only the economic rights of that interest (${clause('transfers')}) until admitted as a Member with the written consent of the remaining Members.`,
            ],
      },
      dissolution: {
        title: 'Dissolution',
        paragraphs: [
          `The Company is dissolved when ${one ? 'the Member decides' : 'Members holding a majority of the Percentage Interests decide'} to dissolve it, or when the law of the State of ${c.stateName} requires it. The death, incapacity or bankruptcy of ${one ? 'the Member' : 'a Member'} does not by itself dissolve the Company (${clause('death')}).`,
          one
            ? 'On dissolution, the Company’s affairs are wound up, its debts are paid, and whatever remains is distributed to the Member.'
            : 'On dissolution, the Company’s affairs are wound up, its debts are paid, and whatever remains is distributed to the Members pro rata to their Percentage Interests.',
        ],
      },
      amendments: {
        title: 'Amendments',
        paragraphs: [`This Agreement may be amended only by a written document signed by ${one ? 'the Member' : 'all Members'}.`],
      },
      severability: {
        title: 'Severability',
        paragraphs: [
          'If any provision of this Agreement is held invalid or unenforceable, that provision is enforced to the fullest extent the law permits, and the rest of this Agreement remains in full force and effect.',
        ],
      },
      governingLaw: {
        title: 'Governing law',
        paragraphs: [`This Agreement is governed by the laws of the State of ${c.stateName}.`],
      },
      entireAgreement: {
        title: 'Entire agreement and governing language',
        paragraphs: [
          'This Agreement is the entire agreement on the affairs of the Company and supersedes all prior agreements and understandings on them, written or oral.',
          'This Agreement is executed in English; the Spanish text is a courtesy translation and the English version governs.',
        ],
      },
    },
  };
}
