import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pdfText } from '@server/test/pdf-text';
import { consentSentence, type FilingInput, type SignatureEvidence } from '@shared/filing/facts-model';
import { operatingAgreement } from '@shared/filing/operating-agreement';
import { DATASET_CREDIT } from '@shared/filing/state-forms';
import { sampleFilingPair } from '@shared/testing/filing-input';
import { registeredAgent } from './packet';
import { renderArticles, renderOperatingAgreement, renderSs4Authorization, renderSs4Worksheet } from './pdfs';

const createdAt = new Date('2026-03-05T15:00:00Z');

const input: FilingInput = {
  ...sampleFilingPair,
  organizer: { ...sampleFilingPair.organizer, address: { ...sampleFilingPair.organizer.address, line1: 'Calle Őrség 5' } },
  partner: { ...sampleFilingPair.partner!, address: 'Rua Nguyễn 100, São Paulo' },
};

const sha = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex');
const count = (text: string, part: string) => text.split(part).length - 1;

describe('renderArticles', () => {
  it('prints the names with every accent, the state, the agent, the fee with its source and the credit', async () => {
    const text = await pdfText(await renderArticles(input, { createdAt }));
    for (const expected of [
      'Articles of Organization',
      'Cañón Ágil LLC',
      'José Ñúñez Łukasiewicz',
      'Calle Őrség 5',
      'Wyoming',
      'Acme Registered Agents Inc.',
      '30 N Gould St Ste R, Sheridan, WY 82801',
      'W.S. § 17-29-108',
      'Filing fee: $100 — Source: https://sos.wyo.gov/Business/docs/BusinessFees.pdf, verified 2026-07-17',
      DATASET_CREDIT,
      'order AB12CD34 — page 1 of',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives a state without a template a filing sheet', async () => {
    const text = await pdfText(
      await renderArticles({ ...input, llcState: 'OH', state: { ...input.state, name: 'Ohio', nameCitation: 'Ohio Rev. Code § 1706.07' } }, { createdAt }),
    );
    expect(text).toContain('Filing sheet — Ohio LLC formation');
    expect(text).toContain('Zoë Gonçalves');
    expect(text).toContain(DATASET_CREDIT);
  });

  it('renders byte-identical files for the same input', async () => {
    const [first, second] = await Promise.all([renderArticles(input, { createdAt }), renderArticles(input, { createdAt })]);
    expect(first.equals(second)).toBe(true);
    const later = await renderArticles(input, { createdAt: new Date('2026-03-06T15:00:00Z') });
    expect(later.equals(first)).toBe(false);
  });
});

describe('renderSs4Worksheet (the team’s)', () => {
  it('prints the answers, the call script and the fax cover from our business, and no customer page', async () => {
    const text = await pdfText(await renderSs4Worksheet({ ...input, designee: 'Frontera LLC Formation' }, { createdAt }));
    for (const expected of [
      'Cañón Ágil LLC',
      'José Ñúñez Łukasiewicz',
      'Foreign — none',
      'Partnership',
      'Sheridan County, Wyoming',
      'Call script',
      '267-941-1099',
      'Fax cover',
      '855-215-1627',
      '304-707-9471',
      'Frontera LLC Formation (third-party designee)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Our company');
    expect(text).not.toContain('Qué enviamos');
  });

  it('renders byte-identical files for the same input', async () => {
    const first = await renderSs4Worksheet(input, { createdAt });
    const second = await renderSs4Worksheet(input, { createdAt });
    expect(sha(first)).toBe(sha(second));
  });
});

describe('renderSs4Authorization (what the responsible party signs)', () => {
  it('says what she authorizes before she signs, in Spanish pages then English ones, with the answers and no worksheet text', async () => {
    const pdf = await renderSs4Authorization({ ...input, designee: 'Frontera LLC Formation' }, { createdAt });
    const text = await pdfText(pdf);
    const [spanish, english] = text.split('Authorization to apply for the EIN of Cañón Ágil LLC (Form SS-4)');
    expect(english).toBeDefined();
    expect(spanish).toContain('Autorización para solicitar el EIN de Cañón Ágil LLC');
    expect(spanish).toContain('Con su firma, usted, José Ñúñez Łukasiewicz');
    expect(spanish).toContain('autoriza a Frontera LLC Formation');
    expect(spanish).toContain('Bajo pena de perjurio');
    expect(spanish).toContain('Línea 7b — SSN, ITIN o EIN de la persona responsable');
    expect(spanish).toMatch(/página 1 de \d/);
    // the Spanish pages carry no English line of ours (the answers are as the IRS gets them)
    expect(spanish).not.toMatch(/\bpage \d+ of\b|\bLine \d|firmó la autorización/);
    expect(english).toContain('Under penalties of perjury, I declare');
    for (const worksheet of ['Call script', 'Fax cover', 'Return fax', 'PLACEHOLDER']) expect(text).not.toContain(worksheet);
    expect(sha(await renderSs4Authorization({ ...input, designee: 'Frontera LLC Formation' }, { createdAt }))).toBe(sha(pdf));
  });
});

describe('renderOperatingAgreement', () => {
  it('prints both parts with the same clauses, the members and their shares, and signature lines', async () => {
    const text = await pdfText(await renderOperatingAgreement(input, null, { createdAt }));
    const en = operatingAgreement(input, 'en');
    const es = operatingAgreement(input, 'es');
    const [partOne, partTwo] = text.split('Parte II — Traducción de cortesía al español');
    expect(partTwo).toBeDefined();
    const englishHeadings = en.clauses.filter((clause) => partOne!.includes(clause.heading)).length;
    const spanishHeadings = es.clauses.filter((clause) => partTwo!.includes(clause.heading)).length;
    expect(englishHeadings).toBe(en.clauses.length);
    expect(spanishHeadings).toBe(englishHeadings);
    // every page of the Spanish part is in Spanish, its footer too
    const spanishPart = partTwo!.split('Signatures / Firmas')[0]!;
    expect(spanishPart).toMatch(/página \d+ de \d+/);
    expect(spanishPart).not.toMatch(/\bpage \d+ of\b|\border [0-9A-F]{8}\b|Operating Agreement —/);
    for (const heading of ['Clasificación fiscal', 'Fallecimiento, incapacidad o quiebra', 'Libros, registros y cuentas bancarias', 'Divisibilidad']) {
      expect(spanishPart).toContain(heading);
    }
    expect(text).toContain('Persona organizadora');
    expect(text).not.toMatch(/Organizador\b/);
    for (const expected of [
      'Operating Agreement of Cañón Ágil LLC',
      'Acuerdo Operativo de Cañón Ágil LLC',
      'José Ñúñez Łukasiewicz — 66.67%',
      'Zoë Gonçalves — 33.33%',
      'State of Wyoming',
      'Estado de Wyoming',
      'the English version governs',
    ]) {
      expect(text).toContain(expected);
    }
    expect(count(text, 'Zoë Gonçalves — 33.33%')).toBe(2);
    expect(text).toContain('Signatures / Firmas');
    expect(text).not.toContain('Electronic signature record');
  });

  it('adds the signature record: hash, time, IP, account and consent of each signer', async () => {
    const unsigned = await renderOperatingAgreement(input, null, { createdAt });
    const signatures: SignatureEvidence[] = [
      {
        role: 'organizer',
        adoptedName: 'José Ñúñez Łukasiewicz',
        typedName: 'jose nunez lukasiewicz',
        consent: consentSentence.en,
        sha256: sha(unsigned),
        signedAt: new Date('2026-03-06T10:11:12Z'),
        ipAddress: '203.0.113.7',
        account: 'jose@example.com',
      },
      {
        role: 'partner',
        adoptedName: 'Zoë Gonçalves',
        typedName: 'Zoë Gonçalves',
        consent: consentSentence.es,
        sha256: sha(unsigned),
        signedAt: new Date('2026-03-07T08:09:10Z'),
        ipAddress: '2001:db8::1',
        account: 'zoe@example.com',
      },
    ];
    const signed = await renderOperatingAgreement(input, signatures, { createdAt });
    const text = await pdfText(signed);
    for (const expected of [
      'Electronic signature record / Registro de firma electrónica',
      'Signature adopted / Firma adoptada',
      // the members' lines carry the adopted signatures, not blanks
      '/s/ José Ñúñez Łukasiewicz',
      '/s/ Zoë Gonçalves',
      'Signed electronically on 2026-03-06',
      'José Ñúñez Łukasiewicz',
      'jose nunez lukasiewicz',
      sha(unsigned),
      '2026-03-06T10:11:12.000Z',
      '2026-03-07T08:09:10.000Z',
      '203.0.113.7',
      '2001:db8::1',
      'jose@example.com',
      consentSentence.en,
      consentSentence.es,
    ]) {
      expect(text).toContain(expected);
    }
    const again = await renderOperatingAgreement(input, signatures, { createdAt });
    expect(again.equals(signed)).toBe(true);
    expect((await renderOperatingAgreement(input, null, { createdAt })).equals(unsigned)).toBe(true);
  });
});

describe('the customer’s copies before the agent is configured', () => {
  it('hold none of the team’s words: no placeholder warning, no configuration name, no operator note', async () => {
    const unconfigured = { ...input, agent: registeredAgent({}, 'WY') };
    const agreement = await pdfText(await renderOperatingAgreement(unconfigured, null, { createdAt }));
    for (const text of [agreement, await pdfText(await renderSs4Authorization(unconfigured, { createdAt }))]) {
      for (const worksheet of ['PLACEHOLDER', 'REGISTERED_AGENTS', 'Do not file', 'Not configured', 'Re-read', 'the dataset', 'Call script', 'Fax cover']) {
        expect(text).not.toContain(worksheet);
      }
    }
    expect(agreement).toContain('Registered agent to be assigned before filing');
    // the team's worksheet says it plainly
    expect(await pdfText(await renderArticles(unconfigured, { createdAt }))).toContain('Do not file');
  });
});
