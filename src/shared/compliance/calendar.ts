/**
 * A company's compliance calendar: state annual report and franchise tax (from the US LLC State
 * Requirements Dataset, StartupSole LLC, CC BY 4.0: src/shared/state-data/compliance.json),
 * federal returns, the registered agent's renewal. Pure: same input, same output; "today" is an
 * input. Dates are calendar days, YYYY-MM-DD, computed in UTC.
 */
import type { UsStateCode } from '../geo';
import compliance from '../state-data/compliance.json';
import { daysInMonth, parseAnnualReportDue, parseTaxDue, sameDays, type DueRule } from './due-rules';

export type DeadlineKind = 'state-annual-report' | 'state-tax' | 'federal-5472' | 'federal-1065' | 'registered-agent' | 'boi-note';
export const deadlineKinds = ['state-annual-report', 'state-tax', 'federal-5472', 'federal-1065', 'registered-agent'] as const;
export type DoneKind = (typeof deadlineKinds)[number];

export type DeadlineStatus = 'upcoming' | 'due-soon' | 'overdue' | 'done' | 'unknown' | 'info';

/**
 * How the amount is known. `flat`: exactly this. `minimum`: at least this, more depending on the
 * dataset's `basis` (assets, revenue, net worth). `no-fee`: a return with no filing fee.
 */
export type AmountMethod = 'flat' | 'minimum' | 'no-fee';
export interface Amount {
  cents: number;
  method: AmountMethod;
  /** the dataset's basis (hybrid, revenue, net-worth, composite) where the amount varies */
  basis: string | null;
}

export interface Deadline {
  kind: DeadlineKind;
  /** null when the rule is unknown, or for the BOI note */
  dueDate: string | null;
  /** Form 5472: the date Form 7004 extends it to */
  extendedDueDate: string | null;
  /** null: the dataset gives no amount */
  amount: Amount | null;
  /** i18n key in the `compliance` namespace: what it is in plain words */
  descriptionKey: string;
  /** the state's own name for the levy (dataset `taxName`), in English */
  taxName: string | null;
  /** the dataset's wording of the due date, shown beside an unknown or derived date */
  ruleText: string | null;
  /** how the date is set, a key of `compliance:rule` (ruleKey) */
  ruleKey: string;
  everyYears: 1 | 2 | null;
  sourceUrl: string | null;
  /** the dataset record's last verification; null for federal facts, which are not in the dataset */
  lastVerified: string | null;
  status: DeadlineStatus;
}

export interface CalendarInput {
  state: UsStateCode;
  /** YYYY-MM-DD */
  formationDate: string;
  owners: 'us' | 'foreign';
  members: 'single' | 'multi';
  done?: readonly { kind: DoneKind; dueDate: string }[];
  /** YYYY-MM-DD */
  today: string;
}

interface StateRecord {
  formationFeeUsd: number | null;
  annualReport: { feeUsd: number; due: string; sourceUrl: string; lastVerified: string } | null;
  tax: {
    applies: boolean;
    taxName: string | null;
    basis: string | null;
    minimumAnnualUsd: number | null;
    firstYearExemption: boolean | null;
    collectedWithAnnualReport: boolean | null;
    dueDate: string | null;
    sourceUrl: string | null;
    lastVerified: string;
  } | null;
  incomeTax: { passThroughApplies: boolean | null; topRatePercent: number | null } | null;
  anonymous: boolean | null;
}

export const datasetCommit = compliance.datasetCommit;
/** the day the dataset copy was last updated (YYYY-MM-DD) */
export const datasetLastUpdated = compliance.lastUpdated;
/**
 * Bumped with any change to how this file turns the data into dates (calendar.test.ts holds a
 * fingerprint of every state's calendar and fails until it is): the stored schedules of another
 * version are recomputed (ADR 0037).
 */
const rulesRevision = 1;
/** The version of the calendar's rules: the dataset's and this code's. */
export const calendarRulesVersion = `${compliance.datasetCommit.slice(0, 12)}.${compliance.lastUpdated}.r${rulesRevision}`;
export function stateRecord(state: UsStateCode): StateRecord | null {
  return (compliance.states as Partial<Record<string, StateRecord>>)[state] ?? null;
}

const IRS = {
  f5472: 'https://www.irs.gov/forms-pubs/about-form-5472',
  f1065: 'https://www.irs.gov/forms-pubs/about-form-1065',
  boi: 'https://www.fincen.gov/boi',
};
export const DUE_SOON_DAYS = 30;

// --- calendar days ---------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
function iso(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}
function parts(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) throw new RangeError(`not a calendar day: ${date}`);
  return [y, mo, d];
}
/** A valid YYYY-MM-DD calendar day. */
export function isCalendarDay(date: string): boolean {
  try {
    parts(date);
    return true;
  } catch {
    return false;
  }
}
function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** The same day in another year; February 29 becomes February 28 in a common year. */
function sameDayIn(year: number, month: number, day: number): string {
  return iso(year, month, Math.min(day, daysInMonth(year, month)));
}

/**
 * The due dates of a rule, in order, from the first after formation; at most `limit`. A generator:
 * the calendar stops at the first one ahead, so a company's calendar costs its years, not `limit`.
 */
export function* occurrences(rule: DueRule, formationDate: string, limit: number): Generator<string> {
  const [fy, fm, fd] = parts(formationDate);
  if (rule.kind === 'days-after-formation') {
    yield addDays(formationDate, rule.days);
    return;
  }
  if (rule.kind === 'none' || rule.kind === 'unknown') return;
  // The first recurring filing falls in the year after formation (the first anniversary; for a
  // fixed date, the year after the formation year), or two years on for a biennial anniversary filing.
  let year = fy + (rule.kind !== 'fixed-date' && rule.everyYears === 2 ? 2 : 1);
  if (rule.kind === 'fixed-date' && rule.years && (year % 2 === 1) !== (rule.years === 'odd')) year += 1;
  for (let count = 0; count < limit; count++, year += rule.everyYears) {
    switch (rule.kind) {
      case 'fixed-date':
        yield sameDayIn(year, rule.month, rule.day);
        break;
      case 'anniversary-date':
        yield sameDayIn(year, fm, fd);
        break;
      case 'anniversary-month':
        yield rule.day === 'first' ? iso(year, fm, 1) : rule.day === 'last' ? iso(year, fm, daysInMonth(year, fm)) : addDays(iso(year, fm, 1), -1);
        break;
      case 'anniversary-quarter': {
        const quarterEnd = Math.ceil(fm / 3) * 3;
        yield iso(year, quarterEnd, daysInMonth(year, quarterEnd));
        break;
      }
    }
  }
}

/** A key of `compliance:rule`: how a due date is set. */
export type RuleKey =
  | 'afterYearEnd'
  | 'fixedDateOdd'
  | 'fixedDateEven'
  | 'fixedDate'
  | 'anniversaryMonthFirst'
  | 'anniversaryMonthLast'
  | 'anniversaryMonthBeforeFirst'
  | 'anniversaryDate'
  | 'anniversaryQuarter'
  | 'daysAfterFormation'
  | 'none'
  | 'unknown';

/** How the date is set, as a key of `compliance:rule` (e.g. anniversaryMonthFirst). */
export function ruleKey(rule: DueRule): RuleKey {
  switch (rule.kind) {
    case 'fixed-date':
      return rule.afterYearEnd ? 'afterYearEnd' : rule.years === 'odd' ? 'fixedDateOdd' : rule.years === 'even' ? 'fixedDateEven' : 'fixedDate';
    case 'anniversary-month':
      return rule.day === 'first' ? 'anniversaryMonthFirst' : rule.day === 'last' ? 'anniversaryMonthLast' : 'anniversaryMonthBeforeFirst';
    case 'anniversary-date':
      return 'anniversaryDate';
    case 'anniversary-quarter':
      return 'anniversaryQuarter';
    case 'days-after-formation':
      return 'daysAfterFormation';
    case 'none':
      return 'none';
    case 'unknown':
      return 'unknown';
  }
}
const everyYearsOf = (rule: DueRule): 1 | 2 | null => ('everyYears' in rule ? rule.everyYears : null);

const cents = (usd: number) => Math.round(usd * 100);

// --- the obligations of one company -------------------------------------------------------------

interface Obligation {
  kind: DoneKind;
  rule: DueRule;
  amount: Amount | null;
  descriptionKey: string;
  taxName: string | null;
  ruleText: string | null;
  sourceUrl: string | null;
  lastVerified: string | null;
  extension?: { month: number; day: number };
}

const obligationsOf = new Map<UsStateCode, readonly Obligation[]>();
/** The state's recurring filings from the dataset: the annual report (with any tax it collects) and a separate tax. Read once per state. */
export function stateObligations(state: UsStateCode): readonly Obligation[] {
  let known = obligationsOf.get(state);
  if (!known) obligationsOf.set(state, (known = readStateObligations(state)));
  return known;
}

function readStateObligations(state: UsStateCode): Obligation[] {
  const record = stateRecord(state);
  const report = record?.annualReport ?? null;
  const tax = record?.tax?.applies ? record.tax : null;
  const reportRule = parseAnnualReportDue(report?.due);
  const taxRule = tax ? parseTaxDue(tax.dueDate) : null;
  // A tax collected with the annual report, or due on the report's own days, is one filing (the
  // dataset: "Do not add the two"); the report's fee is then the payment, varying as the tax does.
  const merged = tax && (tax.collectedWithAnnualReport || (taxRule && reportRule.kind !== 'unknown' && sameDays(taxRule, reportRule)));
  const out: Obligation[] = [];

  if (!report) {
    out.push({
      kind: 'state-annual-report',
      rule: { kind: 'unknown' },
      amount: null,
      descriptionKey: 'kind.state-annual-report',
      taxName: null,
      ruleText: null,
      sourceUrl: null,
      lastVerified: null,
    });
  } else if (reportRule.kind !== 'none' || merged) {
    const variable = merged && tax.basis !== 'flat';
    out.push({
      kind: 'state-annual-report',
      rule: reportRule.kind === 'none' && taxRule ? taxRule : reportRule,
      amount: { cents: cents(report.feeUsd), method: variable ? 'minimum' : 'flat', basis: variable ? tax.basis : null },
      descriptionKey: merged ? 'kind.state-annual-report-with-tax' : 'kind.state-annual-report',
      taxName: merged ? tax.taxName : null,
      ruleText: report.due,
      sourceUrl: report.sourceUrl,
      lastVerified: report.lastVerified,
    });
  }
  if (tax && !merged) {
    out.push({
      kind: 'state-tax',
      rule: taxRule ?? { kind: 'unknown' },
      amount:
        tax.minimumAnnualUsd == null
          ? null
          : {
              cents: cents(tax.minimumAnnualUsd),
              method: tax.basis === 'flat' ? 'flat' : 'minimum',
              basis: tax.basis === 'flat' ? null : tax.basis,
            },
      descriptionKey: 'kind.state-tax',
      taxName: tax.taxName,
      ruleText: tax.dueDate,
      sourceUrl: tax.sourceUrl,
      lastVerified: tax.lastVerified,
    });
  }
  return out;
}

function federalObligations(input: Pick<CalendarInput, 'owners' | 'members' | 'formationDate'>): Obligation[] {
  const base = { taxName: null, ruleText: null, lastVerified: null, amount: { cents: 0, method: 'no-fee', basis: null } as Amount };
  const out: Obligation[] = [];
  if (input.members === 'multi') {
    out.push({
      ...base,
      kind: 'federal-1065',
      rule: { kind: 'fixed-date', month: 3, day: 15, everyYears: 1 },
      descriptionKey: 'kind.federal-1065',
      sourceUrl: IRS.f1065,
    });
  } else if (input.owners === 'foreign') {
    out.push({
      ...base,
      kind: 'federal-5472',
      rule: { kind: 'fixed-date', month: 4, day: 15, everyYears: 1 },
      descriptionKey: 'kind.federal-5472',
      sourceUrl: IRS.f5472,
      extension: { month: 10, day: 15 },
    });
  }
  // Our price includes the registered agent for the first year (docs/product.md); it renews on the anniversary.
  out.push({
    ...base,
    amount: null,
    kind: 'registered-agent',
    rule: { kind: 'anniversary-date', everyYears: 1 },
    descriptionKey: 'kind.registered-agent',
    sourceUrl: null,
  });
  return out;
}

function statusOf(dueDate: string, today: string, done: boolean): DeadlineStatus {
  if (done) return 'done';
  if (dueDate < today) return 'overdue';
  return dueDate <= addDays(today, DUE_SOON_DAYS) ? 'due-soon' : 'upcoming';
}

/**
 * The company's deadlines: for each obligation, every past occurrence not marked done (overdue),
 * occurrences marked done within the last year, and the next one not done; an obligation whose
 * rule the dataset does not give appears once with status `unknown`. Sorted by date; unknown and
 * the BOI note last.
 */
export function complianceCalendar(input: CalendarInput): Deadline[] {
  parts(input.today);
  parts(input.formationDate);
  const done = new Set((input.done ?? []).map((d) => `${d.kind}|${d.dueDate}`));
  const yearAgo = addDays(input.today, -365);
  const out: Deadline[] = [];

  for (const o of [...stateObligations(input.state), ...federalObligations(input)]) {
    const common = {
      kind: o.kind,
      amount: o.amount,
      descriptionKey: o.descriptionKey,
      taxName: o.taxName,
      ruleText: o.ruleText,
      ruleKey: ruleKey(o.rule),
      everyYears: everyYearsOf(o.rule),
      sourceUrl: o.sourceUrl,
      lastVerified: o.lastVerified,
    };
    if (o.rule.kind === 'unknown') {
      out.push({ ...common, dueDate: null, extendedDueDate: null, status: 'unknown' });
      continue;
    }
    // Bounded: a century of yearly filings is more than any company here will see.
    for (const dueDate of occurrences(o.rule, input.formationDate, 100)) {
      const isDone = done.has(`${o.kind}|${dueDate}`);
      if (isDone && dueDate < yearAgo) continue;
      const [y] = parts(dueDate);
      const extendedDueDate = o.extension ? iso(y, o.extension.month, o.extension.day) : null;
      out.push({ ...common, dueDate, extendedDueDate, status: statusOf(dueDate, input.today, isDone) });
      if (!isDone && dueDate >= input.today) break;
    }
  }
  out.sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'));
  // Not a deadline: said so nobody sells it to a company formed in the US.
  out.push({
    kind: 'boi-note',
    dueDate: null,
    extendedDueDate: null,
    amount: null,
    descriptionKey: 'kind.boi-note',
    taxName: null,
    ruleText: null,
    ruleKey: 'none',
    everyYears: null,
    sourceUrl: IRS.boi,
    lastVerified: null,
    status: 'info',
  });
  return out;
}

/** Whether a (kind, due date) pair is a real occurrence of this company's calendar (for marking done). */
export function isOccurrence(input: Omit<CalendarInput, 'done' | 'today'>, kind: DoneKind, dueDate: string): boolean {
  if (!isCalendarDay(dueDate)) return false;
  const obligation = [...stateObligations(input.state), ...federalObligations(input)].find((o) => o.kind === kind);
  return !!obligation && [...occurrences(obligation.rule, input.formationDate, 200)].includes(dueDate);
}
