import { describe, expect, it } from 'vitest';
import type { FilingInput } from '../facts-model';
import { sampleFilingInput, sampleFilingPair } from '../../testing/filing-input';
import { operatingAgreement } from './index';

const base: FilingInput = {
  ...sampleFilingInput,
  llcState: 'DE',
  facts: { ...sampleFilingInput.facts, principalOffice: 'own', mailingAddress: 'agent' },
  agent: { ...sampleFilingInput.agent, address: { line1: '8 The Green', city: 'Dover', region: 'DE', zip: '19901', country: 'US' }, county: 'Kent County' },
  state: { name: 'Delaware', formationFeeUsd: 110, feeSource: 'https://corp.delaware.gov/fee/', feeVerified: '2026-08-07', nameCitation: '6 Del. C. § 18-102' },
};

const pair: FilingInput = { ...base, partner: sampleFilingPair.partner, facts: { ...base.facts, organizerShare: 6_667, partnerShare: 3_333 } };

const variants: [string, FilingInput][] = [
  ['single member, member-managed', base],
  ['single member, manager-managed', { ...base, facts: { ...base.facts, management: 'manager' } }],
  ['two members, member-managed', pair],
  ['two members, manager-managed', { ...pair, facts: { ...pair.facts, management: 'manager' } }],
  ['a state without a template', { ...pair, llcState: 'OH', state: { ...pair.state, name: 'Ohio' } }],
];

const text = (agreement: ReturnType<typeof operatingAgreement>) =>
  [agreement.title, agreement.preamble, ...agreement.clauses.flatMap((clause) => [clause.heading, ...clause.paragraphs])].join('\n');

describe('operatingAgreement', () => {
  for (const [name, input] of variants) {
    it(`${name}: the same clauses in English and Spanish`, () => {
      const en = operatingAgreement(input, 'en');
      const es = operatingAgreement(input, 'es');
      expect(en.clauses).toHaveLength(10);
      expect(es.clauses).toHaveLength(en.clauses.length);
      en.clauses.forEach((clause, index) => {
        expect(es.clauses[index]!.heading.split('.')[0]).toBe(clause.heading.split('.')[0]);
        expect(es.clauses[index]!.paragraphs).toHaveLength(clause.paragraphs.length);
      });
      for (const agreement of [en, es])
        for (const clause of agreement.clauses) for (const paragraph of clause.paragraphs) expect(paragraph).not.toMatch(/undefined|null|\.\./);
    });
  }

  it('a single member holds 100%', () => {
    expect(text(operatingAgreement(base, 'en'))).toContain('José Ñúñez Łukasiewicz, who holds 100% of the membership interest');
    expect(text(operatingAgreement(base, 'es'))).toContain('José Ñúñez Łukasiewicz, titular del 100% de la participación');
    expect(text(operatingAgreement(base, 'en'))).toMatch(/sole member/);
    expect(text(operatingAgreement(base, 'en'))).not.toMatch(/the Members/);
  });

  it('two members: each share, with a decimal point and no space, in both languages', () => {
    for (const language of ['en', 'es'] as const) {
      const members = operatingAgreement(pair, language).clauses[3]!.paragraphs;
      expect(members).toContain('José Ñúñez Łukasiewicz — 66.67%');
      expect(members).toContain('Zoë Gonçalves — 33.33%');
    }
    expect(text(operatingAgreement(pair, 'en'))).toMatch(/pro rata to their Percentage Interests/);
    expect(text(operatingAgreement(pair, 'en'))).toMatch(/written consent of the other Members/);
    expect(text(operatingAgreement(pair, 'es'))).toMatch(/consentimiento por escrito de los demás Miembros/);
  });

  it('names the governing law’s state and says the English text governs', () => {
    const en = operatingAgreement(pair, 'en');
    const es = operatingAgreement(pair, 'es');
    expect(en.clauses[8]!.paragraphs[0]).toBe('This Agreement is governed by the laws of the State of Delaware.');
    expect(es.clauses[8]!.paragraphs[0]).toBe('Este Acuerdo se rige por las leyes del Estado de Delaware.');
    expect(en.clauses[9]!.paragraphs[0]).toBe(
      'This Agreement is executed in English; the Spanish text is a courtesy translation and the English version governs.',
    );
    expect(es.clauses[9]!.paragraphs[0]).toBe(
      'Este Acuerdo se celebra en inglés; el texto en español es una traducción de cortesía y prevalece la versión en inglés.',
    );
    expect(en.clauses[0]!.paragraphs[0]).toContain('Certificate of Formation');
    expect(es.title).toBe('Acuerdo Operativo de Cañón Ágil LLC');
    expect(text(es)).toContain('sociedad de responsabilidad limitada (LLC)');
  });

  it('manager-managed: the organizer is the manager', () => {
    const input = { ...pair, facts: { ...pair.facts, management: 'manager' as const } };
    expect(operatingAgreement(input, 'en').clauses[5]!.paragraphs[0]).toContain('The Manager is José Ñúñez Łukasiewicz');
    expect(operatingAgreement(input, 'es').clauses[5]!.paragraphs[0]).toContain('El Gerente es José Ñúñez Łukasiewicz');
    expect(operatingAgreement(pair, 'en').clauses[5]!.paragraphs[0]).toMatch(/majority of the Percentage Interests/);
  });
});
