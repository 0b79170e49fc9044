import { describe, expect, it } from 'vitest';
import stateData from '../state-data/states.json';
import { nameRules } from '../name-rules/states';
import { usStateCodes, type UsStateCode } from '../geo';
import { defaultFacts } from './facts';
import type { CompanyFacts, FilingInput } from './facts-model';
import { articlesFor, DATASET_CREDIT, formatAddress, hasTemplate, NOT_IN_DATASET, templateStates } from './state-forms';

const records = stateData.states as Partial<Record<string, { name: string; formationFeeUsd: number; officialLink: string; lastVerified: string }>>;

const organizerAddress = { line1: 'Av. Reforma 222', city: 'Ciudad de México', region: 'CDMX', zip: '06600', country: 'MX' };
const agentAddress = { line1: '30 N Gould St Ste R', city: 'Sheridan', region: 'WY', zip: '82801', country: 'US' };

function input(state: UsStateCode, facts: Partial<CompanyFacts> = {}, withPartner = false): FilingInput {
  const record = records[state];
  return {
    orderNumber: 'AB12CD34',
    companyName: 'Cañón Ágil LLC',
    llcState: state,
    organizer: { name: 'José Ñúñez Łukasiewicz', email: 'jose@example.com', nationality: 'MX', address: organizerAddress },
    partner: withPartner ? { name: 'Zoë Gonçalves', email: 'zoe@example.com', country: 'BR', address: 'Rua Augusta 100, São Paulo SP 01305-000' } : null,
    facts: { ...defaultFacts(withPartner, '2026-03-05'), activityDescription: 'Software consulting', ...facts },
    agent: { name: 'Acme Registered Agents Inc.', address: { ...agentAddress, region: state }, county: 'Sheridan County', placeholder: false },
    // as packet.ts builds it: a state the dataset lacks keeps its code and no fee
    state: {
      name: record?.name ?? state,
      formationFeeUsd: record?.formationFeeUsd ?? null,
      feeSource: record?.officialLink ?? null,
      feeVerified: record?.lastVerified ?? null,
      nameCitation: nameRules[state].citation,
    },
  };
}

const value = (doc: ReturnType<typeof articlesFor>, pattern: RegExp) =>
  doc.rows
    .filter((row) => pattern.test(row.label))
    .map((row) => row.value)
    .join(' | ');

describe('articlesFor, template states', () => {
  for (const state of templateStates) {
    describe(state, () => {
      it('prints the name, the agent, the organizer and the signature', () => {
        const doc = articlesFor(input(state));
        expect(doc.kind).toBe('articles');
        expect(doc.stateName).toBe(records[state]!.name);
        const all = doc.rows.map((row) => row.value).join('\n');
        expect(doc.rows[0]!.value).toBe('Cañón Ágil LLC');
        expect(all).toContain('Acme Registered Agents Inc.');
        expect(all).toContain(formatAddress({ ...agentAddress, region: state }));
        expect(all).toContain('José Ñúñez Łukasiewicz, Av. Reforma 222, Ciudad de México, CDMX 06600, Mexico');
        expect(doc.rows.at(-1)!.label).toMatch(/sign|Witness/i);
        expect(doc.rows.every((row) => row.value.trim().length > 0)).toBe(true);
      });

      it('takes the fee, its source and date from states.json, the name statute from the dataset, and credits it', () => {
        const doc = articlesFor(input(state));
        expect(doc.fee).toEqual({ usd: records[state]!.formationFeeUsd, source: records[state]!.officialLink, verified: records[state]!.lastVerified });
        expect(doc.feeText).toBe(
          `Filing fee: $${records[state]!.formationFeeUsd} — Source: ${records[state]!.officialLink}, verified ${records[state]!.lastVerified}`,
        );
        expect(doc.statutes[0]).toMatchObject({ citation: nameRules[state].citation, source: 'dataset' });
        expect(doc.statutes.slice(1).every((line) => line.source === 'form')).toBe(true);
        expect(doc.credit).toBe(DATASET_CREDIT);
      });

      it('places the principal office and mailing address by the customer’s choice, where the form asks them', () => {
        const own = articlesFor(input(state, { principalOffice: 'own', mailingAddress: 'agent' }));
        const agent = articlesFor(input(state, { principalOffice: 'agent', mailingAddress: 'own' }));
        const agentText = formatAddress({ ...agentAddress, region: state });
        const ownText = formatAddress(organizerAddress);
        if (state === 'DE') {
          // the certificate asks neither
          expect(value(own, /principal|mailing/i)).toBe('');
          return;
        }
        expect(value(own, /principal/i)).toBe(ownText);
        expect(value(own, /mailing/i)).toBe(agentText);
        expect(value(agent, /principal/i)).toBe(agentText);
        expect(value(agent, /mailing/i)).toBe(ownText);
      });

      it('states the management where the form asks it, and the members or the manager', () => {
        const member = articlesFor(input(state, {}, true));
        const manager = articlesFor(input(state, { management: 'manager' }, true));
        const memberText = member.rows.map((row) => row.value).join('\n');
        const managerText = manager.rows.map((row) => row.value).join('\n');
        if (state === 'DE' || state === 'WY') {
          expect(memberText).toBe(managerText);
          return;
        }
        expect(memberText).not.toBe(managerText);
        if (state === 'NM') {
          expect(value(manager, /management/i)).toMatch(/vested in a manager/);
          return;
        }
        // FL, TX and NV list who manages: every member, or the organizer as manager
        expect(value(member, /manag/i)).toContain('Zoë Gonçalves');
        expect(value(manager, /address of each/i)).toContain('José Ñúñez Łukasiewicz');
        expect(value(manager, /address of each/i)).not.toContain('Zoë Gonçalves');
      });
    });
  }

  it('uses the states’ own titles', () => {
    expect(articlesFor(input('DE')).title).toBe('Certificate of Formation');
    expect(articlesFor(input('WY')).title).toBe('Articles of Organization');
    expect(articlesFor(input('TX')).title).toBe('Certificate of Formation — Limited Liability Company (Form 205)');
    expect(articlesFor(input('NV')).title).toBe('Articles of Organization — Limited-Liability Company');
    expect(value(articlesFor(input('NV', { management: 'manager' })), /managed by/)).toBe('Manager(s)');
    expect(value(articlesFor(input('TX', { management: 'manager' })), /Governing Authority/)).toMatch(/will have managers/);
  });

  it('says so when the dataset has no fee, never a number', () => {
    const base = input('WY');
    const doc = articlesFor({ ...base, state: { ...base.state, formationFeeUsd: null, nameCitation: null } });
    expect(doc.fee).toBeNull();
    expect(doc.feeText).toBe(`Filing fee: ${NOT_IN_DATASET}`);
    expect(doc.statutes[0]!.citation).toBe(nameRules.WY.citation);
  });
});

describe('articlesFor, states without a template', () => {
  it('gives Ohio a filing sheet, every row answered', () => {
    const doc = articlesFor(input('OH', {}, true));
    expect(doc.kind).toBe('filing_sheet');
    expect(doc.title).toBe('Filing sheet — Ohio LLC formation');
    expect(doc.rows.length).toBeGreaterThanOrEqual(12);
    for (const row of doc.rows) expect(row.value.trim(), row.label).not.toBe('');
    expect(value(doc, /Designator/)).toMatch(/^Yes/);
    expect(value(doc, /Contact email/)).toBe('jose@example.com');
    expect(value(doc, /Members/)).toContain('Zoë Gonçalves');
    expect(doc.notes.join(' ')).toContain(records.OH!.officialLink);
    expect(doc.notes.join(' ')).toMatch(/no template/);
    expect(doc.fee?.usd).toBe(records.OH!.formationFeeUsd);
  });

  it('flags a name without a designator', () => {
    const doc = articlesFor({ ...input('OH'), companyName: 'Cañón Ágil' });
    expect(value(doc, /Designator/)).toMatch(/^CHECK/);
  });

  it('covers every state: six templates, the rest filing sheets; a state the dataset lacks says so', () => {
    for (const state of usStateCodes) {
      const doc = articlesFor(input(state));
      expect(doc.kind).toBe(hasTemplate(state) ? 'articles' : 'filing_sheet');
      for (const row of doc.rows) expect(row.value.trim(), `${state} ${row.label}`).not.toBe('');
      if (!records[state]) {
        expect(doc.fee).toBeNull();
        expect(doc.title).toBe('Filing sheet — District of Columbia LLC formation');
        expect(doc.notes.join(' ')).toContain(NOT_IN_DATASET);
      }
    }
  });
});
