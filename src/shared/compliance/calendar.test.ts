import { describe, expect, it } from 'vitest';
import { usStateCodes, type UsStateCode } from '../geo';
import compliance from '../state-data/compliance.json';
import { calendarRulesVersion, complianceCalendar, isOccurrence, type CalendarInput, type Deadline } from './calendar';
import { stateCosts, yearlyCostCents } from './costs';
import { parseAnnualReportDue, parseTaxDue } from './due-rules';

/** The dataset's own records, copied unchanged (src/shared/state-data/tax-rules/). */
const taxRecords = import.meta.glob<{
  franchiseTax: { minimumAnnualUsd: number | null; dueDate: string | null; basis: string | null };
  lastVerified: string;
}>('../state-data/tax-rules/*.json', { eager: true, import: 'default' });
const taxRecord = (slug: string) => taxRecords[`../state-data/tax-rules/${slug}.json`]!;
const report = (code: string) =>
  (compliance.states as Record<string, { annualReport: { feeUsd: number; due: string; lastVerified: string } | null }>)[code]!.annualReport!;

const base: CalendarInput = { state: 'WY', formationDate: '2026-03-15', owners: 'us', members: 'single', today: '2026-03-16' };
const cal = (input: Partial<CalendarInput>) => complianceCalendar({ ...base, ...input });
const first = (deadlines: Deadline[], kind: Deadline['kind']) => deadlines.find((d) => d.kind === kind);
const dates = (deadlines: Deadline[], kind: Deadline['kind']) => deadlines.filter((d) => d.kind === kind).map((d) => d.dueDate);

describe('the dataset copy', () => {
  it('is the dataset the README credits, with every jurisdiction', () => {
    expect(compliance.datasetCommit).toBe('5cb4985efc856d8f0221e22fde84192a7aed7040');
    expect(Object.keys(compliance.states).sort()).toEqual([...usStateCodes].sort());
  });
});

/**
 * Pinned per state against the dataset: [formation date, expected first annual-report due date].
 * The 1st, the 15th, a month's last day and February 29.
 */
const annualReport: Record<string, { fee: number; method: 'flat' | 'minimum'; due: [string, string][] }> = {
  // "First day of anniversary month"; $60 floor of the asset-based license fee
  WY: {
    fee: 6000,
    method: 'minimum',
    due: [
      ['2026-01-01', '2027-01-01'],
      ['2026-03-15', '2027-03-01'],
      ['2026-04-30', '2027-04-01'],
      ['2028-02-29', '2029-02-01'],
    ],
  },
  // "June 1", the $400 annual tax collected with it
  DE: {
    fee: 40000,
    method: 'flat',
    due: [
      ['2026-01-01', '2027-06-01'],
      ['2026-06-15', '2027-06-01'],
      ['2026-12-31', '2027-06-01'],
      ['2028-02-29', '2029-06-01'],
    ],
  },
  // "End of anniversary month"; $350 with the business license (hybrid)
  NV: {
    fee: 35000,
    method: 'minimum',
    due: [
      ['2026-01-01', '2027-01-31'],
      ['2026-03-15', '2027-03-31'],
      ['2026-04-30', '2027-04-30'],
      ['2028-02-29', '2029-02-28'],
    ],
  },
  // "May 1", $138.75
  FL: {
    fee: 13875,
    method: 'flat',
    due: [
      ['2026-05-01', '2027-05-01'],
      ['2026-07-15', '2027-05-01'],
      ['2026-01-31', '2027-05-01'],
      ['2028-02-29', '2029-05-01'],
    ],
  },
  // "May 15": the franchise tax report, no tax under the threshold (revenue-based, $0 minimum)
  TX: {
    fee: 0,
    method: 'minimum',
    due: [
      ['2026-01-01', '2027-05-15'],
      ['2026-05-15', '2027-05-15'],
      ['2026-11-30', '2027-05-15'],
      ['2028-02-29', '2029-05-15'],
    ],
  },
  // "Last day of anniversary month (Biennial)": the Statement of Information, $20 every two years
  CA: {
    fee: 2000,
    method: 'flat',
    due: [
      ['2026-01-01', '2028-01-31'],
      ['2026-02-15', '2028-02-29'],
      ['2026-09-30', '2028-09-30'],
      ['2028-02-29', '2030-02-28'],
    ],
  },
  // "Anniversary month (Biennial)": the biennial statement, $9
  NY: {
    fee: 900,
    method: 'flat',
    due: [
      ['2026-04-01', '2028-04-30'],
      ['2026-04-15', '2028-04-30'],
      ['2026-06-30', '2028-06-30'],
      ['2028-02-29', '2030-02-28'],
    ],
  },
};

describe('state annual report, pinned against the dataset', () => {
  for (const [state, expected] of Object.entries(annualReport)) {
    it.each(expected.due)(`${state}: formed %s, first report due %s`, (formationDate, due) => {
      const d = first(cal({ state: state as UsStateCode, formationDate, today: formationDate }), 'state-annual-report')!;
      expect(d.dueDate).toBe(due);
      expect(d.amount).toMatchObject({ cents: expected.fee, method: expected.method });
      expect(d.amount!.cents).toBe(Math.round(report(state).feeUsd * 100));
      expect(d.lastVerified).toBe(report(state).lastVerified);
      expect(d.ruleText).toBe(report(state).due);
      expect(d.sourceUrl).toMatch(/^https:\/\//);
      expect(d.status).toBe('upcoming');
    });
  }

  it('WY carries the dataset license fee: $60 minimum, asset-based (hybrid), not added to the report fee', () => {
    const wy = taxRecord('wyoming');
    const d = first(cal({ state: 'WY' }), 'state-annual-report')!;
    expect(d.amount).toEqual({ cents: wy.franchiseTax.minimumAnnualUsd! * 100, method: 'minimum', basis: wy.franchiseTax.basis });
    expect(d.taxName).toBe('License Fee');
    expect(first(cal({ state: 'WY' }), 'state-tax')).toBeUndefined();
  });

  it('DE: the $400 annual tax is the June 1 payment, one deadline, not two', () => {
    const de = cal({ state: 'DE' });
    expect(dates(de, 'state-annual-report')).toEqual(['2027-06-01']);
    expect(first(de, 'state-tax')).toBeUndefined();
    expect(taxRecord('delaware').franchiseTax.minimumAnnualUsd).toBe(400);
  });

  it('TX: the franchise tax report is the May 15 report (merged), not a second deadline', () => {
    const tx = cal({ state: 'TX' });
    expect(tx.filter((d) => d.kind.startsWith('state-'))).toHaveLength(1);
    expect(first(tx, 'state-annual-report')!.taxName).toBe('Franchise Tax');
  });

  it('CA: the $800 annual tax every April 15 besides the biennial $20 statement', () => {
    const ca = cal({ state: 'CA', formationDate: '2026-03-15', today: '2026-03-15' });
    const tax = first(ca, 'state-tax')!;
    expect(tax).toMatchObject({ dueDate: '2027-04-15', amount: { cents: 80000, method: 'minimum' }, taxName: 'Annual Tax' });
    expect(tax.amount!.cents).toBe(taxRecord('california').franchiseTax.minimumAnnualUsd! * 100);
    expect(first(ca, 'state-annual-report')!.everyYears).toBe(2);
  });

  it('NY: the IT-204-LL filing fee, 15th day of the third month after the tax year, varies with revenue', () => {
    const tax = first(cal({ state: 'NY' }), 'state-tax')!;
    expect(tax).toMatchObject({ dueDate: '2027-03-15', amount: { cents: 0, method: 'minimum', basis: 'revenue' } });
  });

  it('NM: the dataset says no annual report and no recurring tax, so there is no state deadline', () => {
    expect(report('NM').due).toBe('N/A');
    expect(cal({ state: 'NM' }).filter((d) => d.kind.startsWith('state-'))).toEqual([]);
    expect(stateCosts('NM')).toMatchObject({ noAnnualReport: true, recurring: [], anonymous: true });
  });

  it('biennial odd-year reports (IA) fall only in odd years', () => {
    expect(first(cal({ state: 'IA', formationDate: '2027-05-01', today: '2027-05-01' }), 'state-annual-report')!.dueDate).toBe('2029-04-01');
    expect(first(cal({ state: 'IA', formationDate: '2026-05-01', today: '2026-05-01' }), 'state-annual-report')!.dueDate).toBe('2027-04-01');
  });
});

describe('where the dataset has no rule, the calendar says so', () => {
  it('DC has no annual report record: unknown, no date, no amount', () => {
    const d = first(cal({ state: 'DC' }), 'state-annual-report')!;
    expect(d).toMatchObject({ status: 'unknown', dueDate: null, amount: null });
  });

  it('AK: a biennial Jan 2 report without its years is unknown, not guessed', () => {
    expect(first(cal({ state: 'AK' }), 'state-annual-report')).toMatchObject({ status: 'unknown', dueDate: null, ruleText: 'Jan 2 (Biennial)' });
  });

  it('a tax due "with the federal return" (AL) or per filing frequency (WA) is unknown', () => {
    expect(first(cal({ state: 'AL' }), 'state-tax')).toMatchObject({ status: 'unknown', dueDate: null });
    expect(first(cal({ state: 'WA' }), 'state-tax')).toMatchObject({ status: 'unknown', dueDate: null });
  });

  it('every jurisdiction gets a calendar without throwing, each entry dated or unknown', () => {
    for (const state of usStateCodes) {
      for (const d of cal({ state })) {
        if (d.status === 'unknown' || d.status === 'info') expect(d.dueDate).toBeNull();
        else expect(d.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });
});

describe('due-date wording', () => {
  it.each([
    ['First day of anniversary month', { kind: 'anniversary-month', day: 'first', everyYears: 1 }],
    ['1st day of anniversary month', { kind: 'anniversary-month', day: 'first', everyYears: 1 }],
    ['Before first day of anniversary month', { kind: 'anniversary-month', day: 'before-first', everyYears: 1 }],
    ['Last day of anniversary month (Biennial)', { kind: 'anniversary-month', day: 'last', everyYears: 2 }],
    ['Jan 1 - Apr 1 (Biennial, odd years)', { kind: 'fixed-date', month: 4, day: 1, everyYears: 2, years: 'odd' }],
    ['Sept 30', { kind: 'fixed-date', month: 9, day: 30, everyYears: 1 }],
    ['Within 90 days after formation', { kind: 'days-after-formation', days: 90 }],
    ['N/A', { kind: 'none' }],
    ['Jan 2 (Biennial)', { kind: 'unknown' }],
    ['Whenever the Secretary asks', { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
    ['Feb 30', { kind: 'unknown' }],
  ])('annual report "%s"', (text, rule) => {
    expect(parseAnnualReportDue(text)).toEqual(rule);
  });

  it('reads each tax record the way its text says', () => {
    expect(parseTaxDue(taxRecord('texas').franchiseTax.dueDate)).toEqual({ kind: 'fixed-date', month: 5, day: 15, everyYears: 1 });
    expect(parseTaxDue(taxRecord('tennessee').franchiseTax.dueDate)).toMatchObject({ month: 4, day: 15, afterYearEnd: true });
    expect(parseTaxDue(taxRecord('new-hampshire').franchiseTax.dueDate)).toEqual({ kind: 'unknown' });
  });

  it('the 5-day days-after-formation rule yields one date', () => {
    expect(parseAnnualReportDue('Within 5 days after formation')).toEqual({ kind: 'days-after-formation', days: 5 });
  });
});

describe('federal filings', () => {
  it('foreign-owned single member: Form 5472 with pro-forma 1120, April 15, extended to October 15', () => {
    const d = cal({ owners: 'foreign', members: 'single', formationDate: '2026-12-31', today: '2026-12-31' });
    expect(first(d, 'federal-5472')).toMatchObject({ dueDate: '2027-04-15', extendedDueDate: '2027-10-15', amount: { cents: 0, method: 'no-fee' } });
    expect(first(d, 'federal-1065')).toBeUndefined();
  });

  it('US-owned single member: no 5472, no 1065', () => {
    const d = cal({ owners: 'us', members: 'single' });
    expect(first(d, 'federal-5472')).toBeUndefined();
    expect(first(d, 'federal-1065')).toBeUndefined();
  });

  it.each(['us', 'foreign'] as const)('multi-member (%s owners): Form 1065 March 15, no 5472', (owners) => {
    const d = cal({ owners, members: 'multi', formationDate: '2026-01-01', today: '2026-01-01' });
    expect(first(d, 'federal-1065')!.dueDate).toBe('2027-03-15');
    expect(first(d, 'federal-5472')).toBeUndefined();
  });

  it('states the BOI report is not required, as a note with no date, last', () => {
    const d = cal({});
    expect(d.at(-1)).toMatchObject({ kind: 'boi-note', status: 'info', dueDate: null });
  });

  it('registered agent renews one year after formation; Feb 29 renews Feb 28', () => {
    expect(first(cal({ formationDate: '2026-01-15', today: '2026-01-15' }), 'registered-agent')!.dueDate).toBe('2027-01-15');
    expect(first(cal({ formationDate: '2028-02-29', today: '2028-02-29' }), 'registered-agent')!.dueDate).toBe('2029-02-28');
  });
});

describe('status and done', () => {
  const wy = { state: 'WY' as const, formationDate: '2026-03-15', owners: 'foreign' as const, members: 'single' as const };

  it('upcoming, due soon at 30 days, not at 31, due today, overdue the day after', () => {
    const status = (today: string) => first(complianceCalendar({ ...wy, today }), 'state-annual-report')!.status;
    expect(status('2027-01-29')).toBe('upcoming'); // 31 days before 2027-03-01
    expect(status('2027-01-30')).toBe('due-soon'); // 30 days
    expect(status('2027-03-01')).toBe('due-soon');
    expect(status('2027-03-02')).toBe('overdue');
  });

  it('an overdue deadline stays until done; marked done, the next occurrence appears', () => {
    const late = complianceCalendar({ ...wy, today: '2028-03-05' });
    expect(late.filter((d) => d.kind === 'state-annual-report').map((d) => [d.dueDate, d.status])).toEqual([
      ['2027-03-01', 'overdue'],
      ['2028-03-01', 'overdue'],
      ['2029-03-01', 'upcoming'],
    ]);
    const done = complianceCalendar({ ...wy, today: '2028-03-05', done: [{ kind: 'state-annual-report', dueDate: '2028-03-01' }] });
    expect(done.filter((d) => d.kind === 'state-annual-report').map((d) => [d.dueDate, d.status])).toEqual([
      ['2027-03-01', 'overdue'],
      ['2028-03-01', 'done'],
      ['2029-03-01', 'upcoming'],
    ]);
    // marking the future one done brings the one after it
    const ahead = complianceCalendar({ ...wy, today: '2026-04-01', done: [{ kind: 'federal-5472', dueDate: '2027-04-15' }] });
    expect(dates(ahead, 'federal-5472')).toEqual(['2027-04-15', '2028-04-15']);
  });

  it('done for one kind does not mark another kind on the same day', () => {
    const d = complianceCalendar({ ...wy, formationDate: '2026-04-15', today: '2026-04-16', done: [{ kind: 'registered-agent', dueDate: '2027-04-15' }] });
    expect(d.find((x) => x.kind === 'federal-5472' && x.dueDate === '2027-04-15')!.status).toBe('upcoming');
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => complianceCalendar({ ...wy, today: '2026-02-30' })).toThrow(RangeError);
    expect(() => complianceCalendar({ ...wy, today: '2026-1-1' })).toThrow(RangeError);
    expect(() => complianceCalendar({ ...wy, formationDate: '', today: '2026-01-01' })).toThrow(RangeError);
  });

  it('isOccurrence accepts only real due dates of the company', () => {
    expect(isOccurrence(wy, 'state-annual-report', '2027-03-01')).toBe(true);
    expect(isOccurrence(wy, 'state-annual-report', '2027-03-02')).toBe(false);
    expect(isOccurrence(wy, 'federal-1065', '2027-03-15')).toBe(false); // single member
    expect(isOccurrence(wy, 'state-tax', '2027-03-01')).toBe(false); // WY has none apart
    expect(isOccurrence(wy, 'federal-5472', 'garbage')).toBe(false);
  });
});

describe('yearly cost from year two', () => {
  it.each([
    ['WY', 6000, true],
    ['DE', 40000, false],
    ['FL', 13875, false],
    ['CA', 81000, true], // $800 tax + $20 every two years
    ['NM', 0, false],
    ['TX', 0, true],
  ] as const)('%s', (state, cents, atLeast) => {
    expect(yearlyCostCents(stateCosts(state))).toEqual({ cents, atLeast });
  });

  it('formation fees come from the dataset; DC has none', () => {
    expect(stateCosts('WY').formationFeeCents).toBe(10000);
    expect(stateCosts('DC').formationFeeCents).toBeNull();
  });
});

describe('the rules version the stored schedules were computed with (ADR 0037)', () => {
  // Every state's calendar for each kind of company and a few formation dates. If this fingerprint
  // changes, the rules changed: bump `rulesRevision` in calendar.ts (stored schedules of the old
  // version are then recomputed by the reminder job), then record the new pair here.
  const fingerprint = () => {
    const lines: string[] = [];
    for (const state of usStateCodes) {
      for (const owners of ['us', 'foreign'] as const) {
        for (const members of ['single', 'multi'] as const) {
          for (const formationDate of ['2024-02-29', '2025-01-01', '2025-07-15', '2025-12-31']) {
            for (const d of complianceCalendar({ state, formationDate, owners, members, today: '2027-06-01' })) {
              lines.push([state, owners, members, formationDate, d.kind, d.dueDate, d.status, d.amount?.cents, d.amount?.method].join(' '));
            }
          }
        }
      }
    }
    // FNV-1a over the lines (this folder runs in both halves: no node:crypto), with their count
    let hash = 0x811c9dc5;
    for (const char of lines.join('\n')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    return `${lines.length}.${hash.toString(16)}`;
  };

  it('changes only with a new revision', () => {
    expect(`${calendarRulesVersion} ${fingerprint()}`).toBe('5cb4985efc85.2026-08-07.r1 7489.c1330861');
  });
});
