import { describe, expect, it } from 'vitest';
import { usStateCodes, type UsStateCode } from '../geo';
import { checkCompanyName, citation, designatorsFor, duplicateChoices, nameKey, nameRulesFor, restrictedWordsFor, type NameIssue } from './index';
import { nameRules } from './states';

const codes = (name: string, state: UsStateCode) => checkCompanyName(name, state).map((issue) => issue.code);
const only = (name: string, state: UsStateCode): NameIssue => {
  const issues = checkCompanyName(name, state);
  expect(issues).toHaveLength(1);
  return issues[0] as NameIssue;
};

describe('every state', () => {
  it('has rules and a citation for each of the 50 states and DC', () => {
    expect(Object.keys(nameRules).sort()).toEqual([...usStateCodes].sort());
    for (const state of usStateCodes) {
      expect(designatorsFor(state).length).toBeGreaterThan(0);
      expect(citation(state)).not.toBe('');
    }
  });

  it.each(usStateCodes)('%s refuses a name without a designator and suggests one that passes', (state) => {
    const issue = only('Acme Widgets', state);
    expect(issue).toMatchObject({ code: 'designatorMissing', severity: 'error', fix: 'Acme Widgets LLC' });
    expect(checkCompanyName(issue.fix ?? '', state)).toEqual([]);
  });

  it('accepts every designator a state lists, and no state bars its own designator', () => {
    for (const state of usStateCodes) {
      for (const designator of designatorsFor(state)) expect(checkCompanyName(`Acme ${designator}`, state), `${state} ${designator}`).toEqual([]);
    }
  });

  it.each(usStateCodes)('%s refuses emoji, other scripts and control characters', (state) => {
    expect(only('Acme 😀 LLC', state)).toEqual({ code: 'characters', severity: 'error', chars: '😀' });
    expect(only('東京 LLC', state)).toMatchObject({ code: 'characters', chars: '東京' });
    expect(only('Acme\u0007 LLC', state)).toMatchObject({ code: 'characters', chars: '\u0007', fix: 'Acme LLC' });
  });

  it('returns nothing for an empty name (the required rule is elsewhere)', () => {
    expect(checkCompanyName('', 'WY')).toEqual([]);
    expect(checkCompanyName('   ', 'NY')).toEqual([]);
  });
});

describe('the dataset', () => {
  // The dataset's own files (copied verbatim into src/shared/state-data/name-rules/), read as they are.
  const records = Object.values(
    import.meta.glob<{ stateAbbr: UsStateCode; entitySuffixCitation: string | null; distinguishabilityCitation: string; restrictedWords: string[] }>(
      '../state-data/name-rules/*.json',
      { eager: true, import: 'default' },
    ),
  );

  it('has one record per state, as the module does', () => {
    expect(records.map((record) => record.stateAbbr).sort()).toEqual([...usStateCodes].sort());
  });

  it.each(records.map((record) => [record.stateAbbr, record] as const))(
    '%s: every restricted word of the record is in the rules and caught',
    (state, record) => {
      const words = restrictedWordsFor(state).map(({ word }) => word.toLowerCase());
      for (const word of record.restrictedWords) {
        expect(words).toContain(word.toLowerCase());
        const name = `Acme ${word} ${designatorsFor(state)[0]}`;
        const caught = checkCompanyName(name, state).filter((issue) => issue.code === 'forbiddenWord' || issue.code === 'restrictedWord');
        expect(
          caught.map((issue) => issue.word),
          name,
        ).toContain(word);
      }
    },
  );

  it.each(records.map((record) => [record.stateAbbr, record] as const))('%s: the citation is the record’s', (state, record) => {
    // Georgia's record has no entitySuffixCitation; its naming rule is the distinguishability citation.
    expect(citation(state)).toBe(record.entitySuffixCitation ?? record.distinguishabilityCitation);
  });
});

describe('designators', () => {
  it('ignores case and punctuation but matches whole words only', () => {
    for (const name of ['Acme L.L.C.', 'Acme llc', 'Acme LLC.', 'ACME, L.L.C', 'Acme L. L. C.', 'Acme-LLC', 'Plan B L.L.C.'])
      expect([name, codes(name, 'DE')]).toEqual([name, []]);
    expect(codes('Acmellc', 'DE')).toEqual(['designatorMissing']);
    expect(codes('Acme LLCs', 'DE')).toEqual(['designatorMissing']);
  });

  it('WY accepts limited company and the Ltd./Co. forms its statute lists', () => {
    for (const name of ['Acme L.C.', 'Acme LC', 'Acme Limited Company', 'Acme Ltd. Liability Co.', 'Acme Limited Liability Co.', 'Acme LLC'])
      expect([name, codes(name, 'WY')]).toEqual([name, []]);
    expect(codes('Acme Ltd.', 'WY')).toEqual(['designatorMissing']);
  });

  it('DE takes only LLC, L.L.C. and Limited Liability Company', () => {
    expect(designatorsFor('DE')).toEqual(['LLC', 'L.L.C.', 'Limited Liability Company']);
    expect(only('Acme LC', 'DE')).toMatchObject({ code: 'designatorMissing', fix: 'Acme LLC' });
    expect(codes('Acme Limited Company', 'DE')).toEqual(['designatorMissing']);
    expect(codes('Acme Ltd. Liability Co.', 'DE')).toEqual(['designatorMissing']);
  });

  it('NV, CO and OH accept "Limited" or "Ltd." alone; PA also "Company" and "Co."', () => {
    for (const state of ['NV', 'CO', 'OH', 'PA'] as const) {
      expect(codes('Acme Ltd.', state)).toEqual([]);
      expect(codes('Acme Limited', state)).toEqual([]);
    }
    expect(codes('Acme Limited-Liability Company', 'NV')).toEqual([]);
    expect(codes('Acme Company', 'PA')).toEqual([]);
    expect(codes('Acme Co.', 'PA')).toEqual([]);
    expect(codes('Acme Company', 'NV')).toEqual(['designatorMissing']);
  });

  it('NY refuses LC and Limited Company, and suggests LLC in place of LC', () => {
    expect(only('Acme LC', 'NY')).toMatchObject({ code: 'designatorMissing', fix: 'Acme LLC' });
    expect(only('Acme L.C.', 'NY')).toMatchObject({ code: 'designatorMissing', fix: 'Acme LLC' });
    expect(codes('Acme Limited Company', 'NY')).toEqual(['designatorMissing']);
    expect(codes('Acme Limited Liability Company', 'NY')).toEqual([]);
  });

  it('NM and TX accept limited company; NM also the Ltd./Co. forms, TX only the forms its record lists', () => {
    expect(codes('Acme Ltd. Co.', 'NM')).toEqual([]);
    expect(codes('Acme LC', 'TX')).toEqual([]);
    expect(codes('Acme Limited Company', 'TX')).toEqual([]);
    expect(codes('Acme', 'TX')).toEqual(['designatorMissing']);
  });

  it('FL requires LLC, L.L.C. or Limited Liability Company', () => {
    expect(codes('Acme LLC', 'FL')).toEqual([]);
    expect(codes('Acme Company', 'FL')).toEqual(['designatorMissing']);
    expect(codes('Acme LC', 'FL')).toEqual(['designatorMissing']);
  });

  it('KY and RI want the designator at the end, and the fix moves it there', () => {
    expect(only('Acme LLC Holdings', 'KY')).toEqual({ code: 'designatorNotAtEnd', severity: 'error', fix: 'Acme Holdings LLC' });
    expect(only('L.L.C. Acme', 'RI')).toMatchObject({ code: 'designatorNotAtEnd', fix: 'Acme L.L.C.' });
    expect(codes('Acme Holdings, LLC', 'KY')).toEqual([]);
    expect(codes('Acme Ltd. Co.', 'KY')).toEqual([]);
    expect(codes('Acme l.l.c.', 'RI')).toEqual([]);
    expect(codes('Acme L.C.', 'RI')).toEqual(['designatorMissing']);
    // Other states take it anywhere.
    expect(codes('Acme LLC Holdings', 'WY')).toEqual([]);
  });
});

describe('restricted words', () => {
  it('NY: approval words are a warning, in any case and plural; other entity types an error', () => {
    expect(only('Acme Bank LLC', 'NY')).toEqual({ code: 'restrictedWord', severity: 'warning', word: 'Bank' });
    expect(only('ACME BANKS LLC', 'NY')).toMatchObject({ code: 'restrictedWord', word: 'BANKS' });
    expect(only('Acme Chamber of Commerce LLC', 'NY')).toMatchObject({
      code: 'forbiddenWord',
      severity: 'error',
      word: 'Chamber of Commerce',
      fix: 'Acme LLC',
    });
    expect(only('Acme Inc LLC', 'NY')).toMatchObject({ code: 'forbiddenWord', word: 'Inc' });
  });

  it('matches whole words: "Trustworthy" is not "trust"', () => {
    expect(checkCompanyName('Trustworthy LLC', 'NY')).toEqual([]);
    expect(checkCompanyName('Bankside Partners LLC', 'NY')).toEqual([]);
  });

  it('CA: corporate, banking and insurer words are barred outright, with a fix that drops them', () => {
    expect(only('Acme Corporation LLC', 'CA')).toEqual({ code: 'forbiddenWord', severity: 'error', word: 'Corporation', fix: 'Acme LLC' });
    expect(only('Acme Bank LLC', 'CA')).toMatchObject({ code: 'forbiddenWord', word: 'Bank' });
    // once, not also as "Insurance" to confirm (every state's regulated words)
    expect(only('Acme Insurance Company LLC', 'CA')).toMatchObject({ code: 'forbiddenWord', word: 'Insurance Company' });
    expect(checkCompanyName('Acme, Inc.', 'CA').map((issue) => [issue.code, issue.fix])).toEqual([
      ['designatorMissing', 'Acme LLC'],
      ['forbiddenWord', 'Acme LLC'],
    ]);
    expect(checkCompanyName('Acme Ltd. Liability Co.', 'CA')).toEqual([]);
  });

  it('NV: bank needs the Commissioner, not a refusal', () => {
    expect(only('Acme Bank Ltd.', 'NV')).toMatchObject({ code: 'restrictedWord', severity: 'warning', word: 'Bank' });
  });

  it('TX: lottery is barred, veterans words need approval', () => {
    expect(only('Acme Lottery LLC', 'TX')).toMatchObject({ code: 'forbiddenWord', word: 'Lottery' });
    expect(only('Acme Veterans LLC', 'TX')).toMatchObject({ code: 'restrictedWord', word: 'Veterans' });
    expect(only('Acme World War LLC', 'TX')).toMatchObject({ code: 'restrictedWord', word: 'World War' });
  });

  it('IL bars "Ltd." and "Co." and suggests LLC instead', () => {
    const issues = checkCompanyName('Acme Ltd.', 'IL');
    expect(issues.map((issue) => issue.code)).toEqual(['designatorMissing', 'forbiddenWord']);
    expect(issues[1]?.word).toBe('Ltd.');
    expect(checkCompanyName(issues[0]?.fix ?? '', 'IL')).toEqual([]);
    expect(only('Acme Co. LLC', 'IL')).toMatchObject({ code: 'forbiddenWord', word: 'Co.' });
    expect(only('Acme Trust LLC', 'IL')).toMatchObject({ code: 'restrictedWord', word: 'Trust' });
  });

  it('OR bars other entity types, abbreviations with or without periods', () => {
    expect(only('Acme LP LLC', 'OR')).toMatchObject({ code: 'forbiddenWord', word: 'LP' });
    expect(only('Acme L.L.P. LLC', 'OR')).toMatchObject({ code: 'forbiddenWord', word: 'L.L.P.' });
    expect(only('Acme Cooperative LLC', 'OR')).toMatchObject({ code: 'forbiddenWord', word: 'Cooperative' });
  });

  it('KY bars "cooperative"; LA bars "doing business as" however it is written', () => {
    expect(only('Acme Cooperative LLC', 'KY')).toMatchObject({ code: 'forbiddenWord', fix: 'Acme LLC' });
    for (const dba of ['d/b/a', 'DBA', 'd.b.a.', 'Doing Business As'])
      expect(only(`Acme ${dba} Widgets L.L.C.`, 'LA')).toMatchObject({ code: 'forbiddenWord', word: dba, fix: 'Acme Widgets L.L.C.' });
  });

  it('PA: a designator word inside a regulated phrase still counts as the designator', () => {
    expect(only('Acme Insurance Company', 'PA')).toMatchObject({ code: 'restrictedWord', word: 'Insurance' });
    expect(only('Acme Trust Company', 'PA')).toMatchObject({ code: 'restrictedWord', word: 'Trust Company' });
  });

  it('GA: banking words need approval, corporate words are refused', () => {
    expect(only('Acme Bank LLC', 'GA')).toMatchObject({ code: 'restrictedWord' });
    expect(only('Acme Savings and Loan LLC', 'GA')).toMatchObject({ code: 'restrictedWord', word: 'Savings and Loan' });
    expect(only('Acme Corporation LLC', 'GA')).toMatchObject({ code: 'forbiddenWord' });
  });
});

describe('banking, insurance and trust words, in every state', () => {
  const regulated = (word: string): NameIssue => ({ code: 'restrictedWord', severity: 'warning', word, nationwide: true });

  it('WY and DE list no such words, yet "Acme Bank LLC" is a warning to confirm, saying why', () => {
    expect(checkCompanyName('Acme Bank LLC', 'WY')).toEqual([regulated('Bank')]);
    expect(checkCompanyName('Acme Bank LLC', 'DE')).toEqual([regulated('Bank')]);
    expect(checkCompanyName('Águila Bank LLC', 'WY')).toEqual([regulated('Bank')]);
    expect(checkCompanyName('Acme Trust Insurance LLC', 'WY')).toEqual([regulated('Trust'), regulated('Insurance')]);
  });

  it.each(usStateCodes)('%s warns about "bank", or refuses it where its own list does', (state) => {
    const issues = checkCompanyName(`Acme Bank ${designatorsFor(state)[0]}`, state);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.word).toBe('Bank');
    expect(issues[0]?.code).toBe(state === 'CA' || state === 'MS' ? 'forbiddenWord' : 'restrictedWord');
  });

  it('takes every English word, whole, in any case and plural', () => {
    for (const [name, word] of [
      ['Acme Banking LLC', 'Banking'],
      ['ACME BANKS LLC', 'BANKS'],
      ['Andes Trusts LLC', 'Trusts'],
      ['Acme Insurer LLC', 'Insurer'],
      ['Andes Credit Union LLC', 'Credit Union'],
      ['Andes Credit Unions LLC', 'Credit Unions'],
      ['Federal Imports LLC', 'Federal'],
      ['National Widgets LLC', 'National'],
      ['Gold Reserve LLC', 'Reserve'],
    ] as const)
      expect(checkCompanyName(name, 'WY'), name).toEqual([regulated(word)]);
  });

  it('takes their Spanish forms, accents or none', () => {
    for (const [name, word] of [
      ['Banco Andino LLC', 'Banco'],
      ['Bancos del Sur LLC', 'Bancos'],
      ['Servicios Bancarios Andes LLC', 'Bancarios'],
      ['Asesoría Bancaria LLC', 'Bancaria'],
      ['Fideicomiso Familiar LLC', 'Fideicomiso'],
      ['Seguros Andes LLC', 'Seguros'],
      ['Aseguradora del Pacífico LLC', 'Aseguradora'],
      ['Cooperativa de Crédito Andina LLC', 'Cooperativa de Crédito'],
      ['Cooperativa de Credito Andina LLC', 'Cooperativa de Credito'],
      ['Unión de Crédito del Valle LLC', 'Unión de Crédito'],
      ['Distribuidora Nacional LLC', 'Nacional'],
      ['Reserva Andina LLC', 'Reserva'],
    ] as const)
      expect(checkCompanyName(name, 'DE'), name).toEqual([regulated(word)]);
  });

  // whole words only: a word that merely begins with "bank" or "trust" is another word
  it('does not take "Bankside", "Trustworthy" or "International"', () => {
    for (const name of [
      'Bankside Ventures LLC',
      'Trustworthy LLC',
      'International Imports LLC',
      'Nationwide Movers LLC',
      'Reserved Seating LLC',
      'Bancroft Partners LLC',
    ])
      expect(checkCompanyName(name, 'WY'), name).toEqual([]);
  });

  it("keeps a state's own kind: CA and MS still refuse bank and trust, NY's own list gives its reason", () => {
    expect(only('Acme Bank LLC', 'CA')).toMatchObject({ code: 'forbiddenWord', severity: 'error', word: 'Bank', fix: 'Acme LLC' });
    expect(only('Acme Trust LLC', 'MS')).toMatchObject({ code: 'forbiddenWord', word: 'Trust' });
    expect(only('Acme Bank LLC', 'NY')).toEqual({ code: 'restrictedWord', severity: 'warning', word: 'Bank' });
    // NY lists bank, not "national": one word from each source
    expect(checkCompanyName('National Bank LLC', 'NY')).toEqual([regulated('National'), { code: 'restrictedWord', severity: 'warning', word: 'Bank' }]);
  });

  it('a name the state refuses for another reason still says so first', () => {
    expect(checkCompanyName('Acme Bank', 'WY').map((issue) => issue.code)).toEqual(['designatorMissing', 'restrictedWord']);
  });
});

describe('characters', () => {
  it('HI, IL and OR want English letters: accents are refused with the unaccented name as the fix', () => {
    for (const state of ['HI', 'IL', 'OR'] as const) {
      expect(only('Núñez LLC', state)).toEqual({ code: 'characters', severity: 'error', chars: 'úñ', fix: 'Nunez LLC' });
      expect(checkCompanyName('Nunez LLC', state)).toEqual([]);
    }
    expect(only('Großmann Æther LLC', 'HI')).toMatchObject({ fix: 'Grossmann AEther LLC' });
  });

  it('other states take accented Latin letters', () => {
    for (const state of ['FL', 'WY', 'NY', 'CA'] as const) expect(checkCompanyName('Café Olé Núñez LLC', state)).toEqual([]);
  });

  it('keeps ordinary punctuation and typographic quotes', () => {
    expect(checkCompanyName('O’Brien & Sons (Tampa) #1 LLC', 'FL')).toEqual([]);
    expect(checkCompanyName("O'Brien-Smith, LLC", 'IL')).toEqual([]);
  });
});

describe('length', () => {
  it('GA allows 80 characters including spaces and punctuation', () => {
    const at80 = `${'A'.repeat(76)} LLC`;
    expect(checkCompanyName(at80, 'GA')).toEqual([]);
    expect(only(`${'A'.repeat(77)} LLC`, 'GA')).toEqual({ code: 'tooLong', severity: 'error', max: 80 });
    expect(nameRulesFor('GA').maxLength).toBe(80);
    expect(checkCompanyName(`${'A'.repeat(77)} LLC`, 'WY')).toEqual([]);
  });
});

describe('distinct choices', () => {
  it('gives one key to the same name in any designator, case, accent or punctuation', () => {
    const keys = ['Acme LLC', 'ACME, L.L.C.', 'Acmé Limited Liability Company', '  acme   llc. '].map((name) => nameKey(name, 'WY'));
    expect(new Set(keys)).toEqual(new Set(['acme']));
    expect(nameKey('Smith & Sons LLC', 'WY')).toBe(nameKey('Smith and Sons, L.L.C.', 'WY'));
    expect(nameKey('A.B.C. Plumbing LLC', 'WY')).toBe(nameKey('ABC Plumbing LLC', 'WY'));
    expect(nameKey('Acme LLC', 'WY')).not.toBe(nameKey('Acme Widgets LLC', 'WY'));
  });

  it('flags later choices that repeat an earlier one, ignoring empty ones', () => {
    expect(duplicateChoices(['Acme LLC', 'ACME, L.L.C.', 'Acmé Limited Liability Company'], 'WY')).toEqual([1, 2]);
    expect(duplicateChoices(['Acme LLC', 'Beta LLC', 'beta l.l.c.'], 'DE')).toEqual([2]);
    expect(duplicateChoices(['', 'Acme', 'acme llc'], 'NY')).toEqual([2]);
    expect(duplicateChoices(['Acme LLC', '', ''], 'NY')).toEqual([]);
    expect(duplicateChoices(['Acme LLC', 'Acme Widgets LLC', 'Acme Holdings LLC'], 'NY')).toEqual([]);
  });

  it('uses the state’s designators: in NV "Acme Ltd." is "Acme", in NY it is another name', () => {
    expect(duplicateChoices(['Acme LLC', 'Acme Ltd.', 'Beta LLC'], 'NV')).toEqual([1]);
    expect(duplicateChoices(['Acme LLC', 'Acme Ltd.', 'Beta LLC'], 'NY')).toEqual([]);
  });
});

describe('explaining the rule', () => {
  it('gives the citation and the accepted forms, LLC first', () => {
    expect(citation('WY')).toBe('W.S. § 17-29-108');
    expect(citation('GA')).toBe('Ga. Comp. R. & Regs. 590-7-20');
    expect(designatorsFor('NV')).toContain('Ltd.');
    for (const state of usStateCodes.filter((code) => code !== 'LA')) expect(designatorsFor(state)[0]).toBe('LLC');
    expect(nameRulesFor('KY').designatorAtEnd).toBe(true);
    expect(restrictedWordsFor('NY')).toContainEqual({ word: 'bank', kind: 'approval' });
    expect(restrictedWordsFor('CA')).toContainEqual({ word: 'corporation', kind: 'forbidden' });
  });
});
