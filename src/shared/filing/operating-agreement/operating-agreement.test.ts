import { describe, expect, it } from 'vitest';
import { spanishStyleProblems } from '../../glossary';
import { agreementTexts, roleLabel } from '../document-texts';
import type { FilingInput, PostalAddress } from '../facts-model';
import { formatAddress } from '../state-forms';
import { sampleFilingInput, sampleFilingPair } from '../../testing/filing-input';
import { addressIn, agreementContext, operatingAgreement, partnerAddressIn, type AgreementText } from './index';

const base: FilingInput = {
  ...sampleFilingInput,
  llcState: 'DE',
  facts: { ...sampleFilingInput.facts, principalOffice: 'own', mailingAddress: 'agent' },
  agent: { ...sampleFilingInput.agent, address: { line1: '8 The Green', city: 'Dover', region: 'DE', zip: '19901', country: 'US' }, county: 'Kent County' },
  state: { name: 'Delaware', formationFeeUsd: 110, feeSource: 'https://corp.delaware.gov/fee/', feeVerified: '2026-08-07', nameCitation: '6 Del. C. § 18-102' },
};

const pair: FilingInput = { ...base, partner: sampleFilingPair.partner, facts: { ...base.facts, organizerShare: 6_667, partnerShare: 3_333 } };
const managed = (input: FilingInput): FilingInput => ({ ...input, facts: { ...input.facts, management: 'manager' } });

const variants: [string, FilingInput][] = [
  ['single member, member-managed', base],
  ['single member, manager-managed', managed(base)],
  ['two members, member-managed', pair],
  ['two members, manager-managed', managed(pair)],
  ['a state without a template', { ...pair, llcState: 'OH', state: { ...pair.state, name: 'Ohio' } }],
];

/** The clauses, in order, in both languages: the stable markers of each one. */
const headings = {
  en: [
    'Formation',
    'Name and principal office',
    'Purpose',
    'Members and capital contributions',
    'Allocations and distributions',
    'Tax classification',
    'Management',
    'Limited liability and indemnification',
    'Books, records and bank accounts',
    'Admission of new members',
    'Transfers and withdrawal',
    'Death, incapacity or bankruptcy of a member',
    'Dissolution',
    'Amendments',
    'Severability',
    'Governing law',
    'Entire agreement and governing language',
  ],
  es: [
    'Constitución',
    'Denominación y oficina principal',
    'Objeto',
    'Miembros y aportaciones de capital',
    'Asignación de resultados y distribuciones',
    'Clasificación fiscal',
    'Administración',
    'Responsabilidad limitada e indemnización',
    'Libros, registros y cuentas bancarias',
    'Admisión de nuevos miembros',
    'Transferencias y retiro',
    'Fallecimiento, incapacidad o quiebra de un miembro',
    'Disolución',
    'Modificaciones',
    'Divisibilidad',
    'Ley aplicable',
    'Totalidad del acuerdo e idioma que rige',
  ],
};

const text = (agreement: AgreementText) =>
  [agreement.title, agreement.preamble, ...agreement.clauses.flatMap((clause) => [clause.heading, ...clause.paragraphs])].join('\n');

/** The clause whose heading is "N. title" (title as in `headings`), in either language. */
function clause(agreement: AgreementText, title: string): string {
  const found = agreement.clauses.find((item) => item.heading.replace(/^\d+\. /, '') === title);
  expect(found, `no clause "${title}"`).toBeDefined();
  return found!.paragraphs.join('\n');
}

describe('operatingAgreement', () => {
  for (const [name, input] of variants) {
    describe(name, () => {
      const en = operatingAgreement(input, 'en');
      const es = operatingAgreement(input, 'es');

      it('has every clause, numbered in one order, in English and Spanish', () => {
        expect(en.clauses.map((item) => item.heading)).toEqual(headings.en.map((title, index) => `${index + 1}. ${title}`));
        expect(es.clauses.map((item) => item.heading)).toEqual(headings.es.map((title, index) => `${index + 1}. ${title}`));
        expect(es.clauses).toHaveLength(en.clauses.length);
        en.clauses.forEach((item, index) => expect(es.clauses[index]!.paragraphs, item.heading).toHaveLength(item.paragraphs.length));
        for (const agreement of [en, es])
          for (const item of agreement.clauses) for (const paragraph of item.paragraphs) expect(paragraph).not.toMatch(/undefined|null|\.\.|\s$|^\s/);
      });

      it('cites clauses that exist, by the right number', () => {
        for (const [agreement, word] of [
          [en, 'clause'],
          [es, 'cláusula'],
        ] as const) {
          const cited = [...text(agreement).matchAll(new RegExp(`${word} (\\d+)`, 'g'))].map((match) => Number(match[1]));
          expect(cited.length).toBeGreaterThan(0);
          for (const number of cited) expect(number).toBeLessThanOrEqual(agreement.clauses.length);
        }
        expect(clause(en, 'Tax classification')).toContain('(clause 8)');
        expect(en.clauses[7]!.heading).toBe('8. Limited liability and indemnification');
        expect(clause(es, 'Clasificación fiscal')).toContain('(cláusula 8)');
        expect(clause(en, 'Dissolution')).toContain('(clause 12)');
        expect(en.clauses[11]!.heading).toBe('12. Death, incapacity or bankruptcy of a member');
      });

      it('keeps the Spanish text Spanish: no English heading, gender-neutral roles, the house style', () => {
        const spanish = text(es);
        for (const item of es.clauses) for (const title of headings.en) expect(item.heading.toLowerCase(), item.heading).not.toContain(title.toLowerCase());
        for (const item of en.clauses) expect(spanish).not.toContain(item.heading);
        for (const title of headings.en.filter((title) => title.includes(' '))) expect(spanish).not.toContain(title);
        expect(spanish).not.toMatch(/\borganizador(es)?\b/i);
        expect(spanish).not.toMatch(/\bel Gerente\b|\bGerente\b/);
        expect(spanish).not.toMatch(/\baportes?\b/i);
        expect(spanish).not.toMatch(/[«»"]/);
        // the house style's detector, on the copy without the addresses (a ZIP code is five digits)
        const context = agreementContext(input, 'es');
        const addresses = [context.principalOffice, context.agentAddress, ...context.members.map((member) => member.address)];
        const copy = addresses.reduce((rest, address) => rest.split(address).join('(domicilio)'), spanish);
        expect(spanishStyleProblems(copy)).toEqual([]);
      });

      it('writes no dollar sign before a figure', () => {
        expect(text(en)).not.toMatch(/\$\s?\d/);
        expect(text(es)).not.toMatch(/\$\s?\d/);
      });

      it('classifies the company for tax: disregarded with one member, a partnership with two; another classification only with consent (Form 8832)', () => {
        const taxEn = clause(en, 'Tax classification');
        const taxEs = clause(es, 'Clasificación fiscal');
        expect(taxEn).toContain('Form 8832');
        expect(taxEs).toContain('Formulario 8832');
        expect(taxEn).toMatch(/In plain words/);
        expect(taxEs).toMatch(/En palabras sencillas/);
        expect(taxEn).toMatch(/corporation pays federal income tax on its own profits/);
        if (input.partner === null) {
          expect(taxEn).toContain('disregarded entity');
          expect(taxEn).toContain('Form 5472, together with a pro forma Form 1120, for each tax year in which it has reportable transactions');
          expect(taxEn).toContain('only with the written consent of the Member');
          expect(taxEn).not.toMatch(/partnership|1065|K-1/);
          expect(taxEs).toContain('entidad no considerada (disregarded entity)');
          expect(taxEs).toContain('Formulario 5472, junto con un Formulario 1120 pro forma');
          expect(taxEs).not.toMatch(/partnership|1065|K-1/);
        } else {
          expect(taxEn).toContain('classified for US federal income tax purposes as a partnership');
          expect(taxEn).toContain('Form 1065');
          expect(taxEn).toContain('Schedule K-1');
          expect(taxEn).toContain('only with the written consent of all Members');
          expect(taxEn).not.toMatch(/disregarded|5472/);
          expect(taxEs).toContain('como una sociedad (partnership)');
          expect(taxEs).toContain('Formulario 1065');
          expect(taxEs).toContain('Anexo K-1 (Schedule K-1)');
          expect(taxEs).not.toMatch(/no considerada|5472/);
        }
        expect(taxEn).not.toMatch(/\d{4}-\d{2}-\d{2}|April|March|deadline|penalt/i);
      });

      it('admits new members and transfers interests only with written consent; an assignee gets only the economic rights', () => {
        const consent = input.partner === null ? 'the written consent of the Member' : 'the written consent of all Members';
        expect(clause(en, 'Admission of new members')).toContain(`admitted only with ${consent}`);
        expect(clause(en, 'Transfers and withdrawal')).toMatch(/holds only the economic rights of that interest/);
        expect(clause(es, 'Transferencias y retiro')).toMatch(/tiene solo los derechos económicos de esa participación/);
        expect(clause(en, 'Transfers and withdrawal')).toMatch(/may withdraw from the Company only/);
      });

      it('continues the company on a member’s death, incapacity or bankruptcy', () => {
        const death = clause(en, 'Death, incapacity or bankruptcy of a member');
        const muerte = clause(es, 'Fallecimiento, incapacidad o quiebra de un miembro');
        expect(death).toMatch(/does not dissolve the Company/);
        expect(muerte).toMatch(/no disuelven la Sociedad/);
        if (input.partner === null) {
          expect(death).toContain('is admitted as a member of the Company in the Member’s place');
          expect(death).toContain('the Company continues and is not dissolved');
          expect(muerte).toContain('es admitida como miembro de la Sociedad en lugar del Miembro');
        } else {
          expect(death).toContain('the remaining Member or Members may continue the Company');
          expect(death).toContain('holds only the economic rights of that interest (clause 11) until admitted as a Member');
          expect(muerte).toContain('tiene solo los derechos económicos de esa participación (cláusula 11) hasta que sea admitida como Miembro');
        }
      });

      it('keeps books at the principal office, open to the members, and the money in the company’s own accounts', () => {
        const records = clause(en, 'Books, records and bank accounts');
        expect(records).toContain('at its principal office');
        expect(records).toMatch(/may inspect and copy the books and records/);
        expect(records).toContain('accounts in the Company’s name');
        expect(records).toContain('never commingled with the funds of any Member');
        expect(clause(es, 'Libros, registros y cuentas bancarias')).toContain('Nunca se mezclan con los fondos de ningún Miembro');
      });

      it('limits the members’ (and the manager’s) liability and indemnifies good-faith acts, except fraud, gross negligence or wilful misconduct', () => {
        const liability = clause(en, 'Limited liability and indemnification');
        expect(liability).toMatch(/personally liable for any debt, obligation or liability of the Company/);
        expect(liability).toContain('solely by reason of being');
        expect(liability).toContain('in good faith');
        expect(liability).toContain('except one involving fraud, gross negligence or wilful misconduct');
        expect(clause(es, 'Responsabilidad limitada e indemnización')).toContain('fraude, negligencia grave o conducta dolosa');
        if (input.facts.management === 'manager') {
          expect(liability).toContain('Manager');
          expect(clause(es, 'Responsabilidad limitada e indemnización')).toContain('Persona Administradora');
        } else expect(liability).not.toContain('Manager');
      });

      it('amends only in writing signed by every member, severs an invalid provision, supersedes prior understandings; English governs', () => {
        expect(clause(en, 'Amendments')).toBe(
          `This Agreement may be amended only by a written document signed by ${input.partner === null ? 'the Member' : 'all Members'}.`,
        );
        expect(clause(en, 'Severability')).toContain('the rest of this Agreement remains in full force and effect');
        const entire = clause(en, 'Entire agreement and governing language');
        expect(entire).toContain('supersedes all prior agreements and understandings');
        expect(entire).toContain('the Spanish text is a courtesy translation and the English version governs');
        expect(clause(es, 'Totalidad del acuerdo e idioma que rige')).toContain('prevalece la versión en inglés');
      });
    });
  }

  it('a single member holds 100%', () => {
    expect(text(operatingAgreement(base, 'en'))).toContain('The Member holds 100% of the membership interest');
    expect(text(operatingAgreement(base, 'es'))).toContain('El Miembro es titular del 100% de la participación');
    expect(text(operatingAgreement(base, 'en'))).toMatch(/sole member/);
    expect(text(operatingAgreement(base, 'en'))).not.toMatch(/the Members|Members’/);
  });

  it('two members: each share, with a decimal point and no space, and each address, in both languages', () => {
    for (const language of ['en', 'es'] as const) {
      const members = operatingAgreement(pair, language).clauses[3]!.paragraphs;
      expect(members.some((line) => line.startsWith('José Ñúñez Łukasiewicz — 66.67% — Av. Reforma 222'))).toBe(true);
      expect(members.some((line) => line.startsWith('Zoë Gonçalves — 33.33% — Rua Augusta 100, São Paulo'))).toBe(true);
    }
    expect(text(operatingAgreement(pair, 'en'))).toMatch(/pro rata to their Percentage Interests/);
    expect(text(operatingAgreement(pair, 'en'))).toMatch(/written consent of the other Members/);
    expect(text(operatingAgreement(pair, 'es'))).toMatch(/consentimiento por escrito de los demás Miembros/);
  });

  it('names the countries of the addresses in the text’s language: Mexico / México', () => {
    const en = text(operatingAgreement(pair, 'en'));
    const es = text(operatingAgreement(pair, 'es'));
    // the principal office (the organizer's own) and the members' addresses
    expect(en).toContain('principal office is at Av. Reforma 222, Ciudad de México, CDMX 06600, Mexico');
    expect(es).toContain('oficina principal está en Av. Reforma 222, Ciudad de México, CDMX 06600, México');
    expect(en).toContain('Zoë Gonçalves — 33.33% — Rua Augusta 100, São Paulo, Brazil');
    expect(es).toContain('Zoë Gonçalves — 33.33% — Rua Augusta 100, São Paulo, Brasil');
    expect(es).not.toMatch(/Mexico(?!\p{L})|Brazil/u);
    expect(en).not.toMatch(/México(?=[.\n]|$)|Brasil/u);
    expect(text(operatingAgreement(base, 'en'))).toContain('whose address is Av. Reforma 222, Ciudad de México, CDMX 06600, Mexico.');
    expect(text(operatingAgreement(base, 'es'))).toContain('con domicilio en Av. Reforma 222, Ciudad de México, CDMX 06600, México.');
    // the registered agent's US address prints no country, as on the state forms
    expect(es).toContain('en 8 The Green, Dover, DE 19901.');
  });

  it('formats an address as the state forms do, with the country in the language', () => {
    const lima: PostalAddress = { line1: 'Jr. Huallaga 320', city: 'Lima', region: 'Lima', zip: '15001', country: 'PE' };
    const toronto: PostalAddress = { line1: '100 Queen St W', city: 'Toronto', region: 'ON', zip: 'M5H 2N2', country: 'CA' };
    for (const address of [lima, toronto, base.agent.address, base.organizer.address]) expect(addressIn(address, 'en')).toBe(formatAddress(address));
    expect(addressIn(lima, 'es')).toBe('Jr. Huallaga 320, Lima, Lima 15001, Perú');
    expect(addressIn(toronto, 'es')).toBe('100 Queen St W, Toronto, ON M5H 2N2, Canadá');
    expect(addressIn(base.agent.address, 'es')).toBe('8 The Green, Dover, DE 19901');
    // the second line (a colonia, a floor) follows the first
    const reforma: PostalAddress = { ...base.organizer.address, line1: 'Av. Paseo de la Reforma 2620', line2: 'Piso 14, Col. Lomas Altas' };
    expect(addressIn(reforma, 'es')).toBe('Av. Paseo de la Reforma 2620, Piso 14, Col. Lomas Altas, Ciudad de México, CDMX 06600, México');
    expect(text(operatingAgreement({ ...base, organizer: { ...base.organizer, address: reforma } }, 'en'))).toContain(
      'Av. Paseo de la Reforma 2620, Piso 14, Col. Lomas Altas, Ciudad de México, CDMX 06600, Mexico',
    );
  });

  it('names the partner’s country once, in the language, whatever language the partner typed it in', () => {
    const partner = { name: 'Ana Pérez', email: 'ana@example.com', country: 'PE', address: 'Av. Arequipa 100, Lima, Perú' };
    expect(partnerAddressIn(partner, 'en')).toBe('Av. Arequipa 100, Lima, Peru');
    expect(partnerAddressIn(partner, 'es')).toBe('Av. Arequipa 100, Lima, Perú');
    expect(partnerAddressIn({ ...partner, address: 'Av. Arequipa 100, Lima, peru' }, 'es')).toBe('Av. Arequipa 100, Lima, Perú');
    expect(partnerAddressIn({ ...partner, address: 'Av. Arequipa 100, Lima' }, 'es')).toBe('Av. Arequipa 100, Lima, Perú');
    expect(partnerAddressIn({ ...partner, country: 'US', address: '1 Main St, Austin, TX 78701' }, 'es')).toBe('1 Main St, Austin, TX 78701, Estados Unidos');
    // a country's name inside a longer word is not the country
    expect(partnerAddressIn({ ...partner, country: 'NE', address: 'Lagos, Nigeria' }, 'en')).toBe('Lagos, Nigeria, Niger');
  });

  it('names the governing law’s state and says the English text governs', () => {
    const en = operatingAgreement(pair, 'en');
    const es = operatingAgreement(pair, 'es');
    expect(clause(en, 'Governing law')).toBe('This Agreement is governed by the laws of the State of Delaware.');
    expect(clause(es, 'Ley aplicable')).toBe('Este Acuerdo se rige por las leyes del Estado de Delaware.');
    expect(clause(en, 'Entire agreement and governing language')).toContain(
      'This Agreement is executed in English; the Spanish text is a courtesy translation and the English version governs.',
    );
    expect(clause(es, 'Totalidad del acuerdo e idioma que rige')).toContain(
      'Este Acuerdo se celebra en inglés; el texto en español es una traducción de cortesía y prevalece la versión en inglés.',
    );
    expect(en.clauses[0]!.paragraphs[0]).toContain('Certificate of Formation');
    expect(es.title).toBe('Acuerdo Operativo de Cañón Ágil LLC');
    expect(text(es)).toContain('sociedad de responsabilidad limitada (LLC)');
  });

  it('manager-managed: the organizer is the manager, a gender-neutral “Persona Administradora” in Spanish', () => {
    expect(clause(operatingAgreement(managed(pair), 'en'), 'Management')).toContain('The Manager is José Ñúñez Łukasiewicz');
    expect(clause(operatingAgreement(managed(pair), 'es'), 'Administración')).toContain('La Persona Administradora es José Ñúñez Łukasiewicz');
    expect(clause(operatingAgreement(pair, 'en'), 'Management')).toMatch(/majority of the Percentage Interests/);
  });
});

describe('the agreement’s bilingual labels', () => {
  it('names the signers’ roles without a gender in Spanish', () => {
    expect(roleLabel).toEqual({ organizer: 'Organizer / Persona organizadora', partner: 'Partner / Persona socia' });
    const { partEnglish, partSpanish, ...bilingual } = agreementTexts;
    expect(partEnglish).toContain('English');
    const texts = Object.values(bilingual).map((text) => (typeof text === 'function' ? text('2026-12-04') : text));
    for (const label of [...Object.values(roleLabel), ...texts, ` / ${partSpanish}`]) {
      const spanish = label.split(' / ').slice(1).join(' / ');
      expect(spanish, label).not.toBe('');
      expect(spanish).not.toMatch(/\bOrganizador\b|\bSocio\b/);
      expect(spanishStyleProblems(spanish)).toEqual([]);
    }
  });
});
