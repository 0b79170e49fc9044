/**
 * Reads the dataset's due-date wording ("First day of anniversary month", "Jan 1 - Apr 1 (Biennial,
 * odd years)", "the 15th day of the fourth month following the close of the taxable year") into a
 * rule the calendar can compute. The vocabulary is the dataset's, not a state's: no state code
 * appears here. Wording this grammar does not know becomes `unknown`, never a guess.
 */

export type EveryYears = 1 | 2;

export type DueRule =
  /**
   * e.g. "May 1"; a window "Jan 1 - Apr 1" is due on its last day. `afterYearEnd`: the dataset
   * counts from the close of the tax year ("15th day of the 4th month following…"), read for a
   * calendar tax year, the default of an LLC.
   */
  | { kind: 'fixed-date'; month: number; day: number; everyYears: EveryYears; years?: 'odd' | 'even'; afterYearEnd?: true }
  /** "First day of anniversary month"; "Before first day …" is the day before it. */
  | { kind: 'anniversary-month'; day: 'first' | 'last' | 'before-first'; everyYears: EveryYears }
  /** "Anniversary date": the day and month of formation. */
  | { kind: 'anniversary-date'; everyYears: EveryYears }
  /** "Anniversary quarter": the last day of the calendar quarter holding the anniversary. */
  | { kind: 'anniversary-quarter'; everyYears: EveryYears }
  /** "Within 90 days after formation": once. */
  | { kind: 'days-after-formation'; days: number }
  /** The dataset says there is no such filing ("N/A"). */
  | { kind: 'none' }
  | { kind: 'unknown' };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  tenth: 10,
  fifteenth: 15,
  twentieth: 20,
};

function monthNumber(word: string): number | null {
  const index = MONTHS.indexOf(word.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

/** "4th", "fourth", "15th", "fifteenth" → 4, 4, 15, 15. */
function ordinal(word: string): number | null {
  const digits = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word);
  if (digits) return Number(digits[1]);
  return ORDINALS[word.toLowerCase()] ?? null;
}

/** "May 1", "Sept 30", "June 1st" → month and day. */
function monthDay(text: string): { month: number; day: number } | null {
  const match = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?$/i.exec(text.trim());
  if (!match) return null;
  const month = monthNumber(match[1]!);
  const day = Number(match[2]);
  // a leap year, so that February 29 is a day (it moves to the 28th in common years)
  return month && day >= 1 && day <= daysInMonth(2000, month) ? { month, day } : null;
}

/** The `annual_report_due_date` of states.json. */
export function parseAnnualReportDue(text: string | null | undefined): DueRule {
  if (!text) return { kind: 'unknown' };
  let rest = text.trim();
  if (/^n\/?a$/i.test(rest)) return { kind: 'none' };

  // A trailing qualifier: biennial (with or without the years), or a note that does not move the date.
  let everyYears: EveryYears = 1;
  let years: 'odd' | 'even' | undefined;
  const qualifier = /\s*\(([^)]*)\)\s*$/.exec(rest);
  if (qualifier) {
    rest = rest.slice(0, qualifier.index).trim();
    const q = qualifier[1]!.toLowerCase();
    if (q.includes('biennial')) {
      everyYears = 2;
      if (q.includes('odd years')) years = 'odd';
      else if (q.includes('even years')) years = 'even';
    }
  }
  const lower = rest.toLowerCase();

  const anniversary = /^(?:(first|1st|last) day of|(before) first day of|(end) of)?\s*anniversary (month|date|quarter)(?: window)?$/.exec(lower);
  if (anniversary) {
    const [, firstOrLast, before, end, unit] = anniversary;
    if (unit === 'date') return { kind: 'anniversary-date', everyYears };
    if (unit === 'quarter') return { kind: 'anniversary-quarter', everyYears };
    if (before) return { kind: 'anniversary-month', day: 'before-first', everyYears };
    const day = firstOrLast === 'first' || firstOrLast === '1st' ? 'first' : 'last';
    // "Anniversary month" alone: filed during that month, so due by its last day.
    return { kind: 'anniversary-month', day: end ? 'last' : day, everyYears };
  }

  const days = /^within (\d+) days (?:after|of) formation$/.exec(lower);
  if (days) return { kind: 'days-after-formation', days: Number(days[1]) };

  const months = /^within (\d+) months after (?:fiscal|tax) year end$/.exec(lower);
  if (months) {
    const month = Number(months[1]);
    if (month < 1 || month > 12) return { kind: 'unknown' };
    return { kind: 'fixed-date', month, day: daysInMonth(2001, month), everyYears, afterYearEnd: true };
  }

  // "May 1" or a window "Jan 1 - Apr 1": due on the window's last day.
  const end = monthDay(rest.split(/\s+-\s+/).pop()!);
  if (end) {
    // A biennial fixed date without its years cannot be placed.
    if (everyYears === 2 && !years) return { kind: 'unknown' };
    return { kind: 'fixed-date', ...end, everyYears, ...(years ? { years } : {}) };
  }
  return { kind: 'unknown' };
}

/** The prose `franchiseTax.dueDate` of a tax-rules record. */
export function parseTaxDue(text: string | null | undefined): DueRule {
  if (!text) return { kind: 'unknown' };
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  // Returns filed monthly or quarterly depend on the company's filing frequency.
  if (/\bmonthly\b|\bquarter/.test(lower)) return { kind: 'unknown' };
  if (/first day of the month of organization/.test(lower)) return { kind: 'anniversary-month', day: 'first', everyYears: 1 };
  if (/last day of the anniversary month/.test(lower)) return { kind: 'anniversary-month', day: 'last', everyYears: 1 };

  // "the 15th day of the fourth month following the close of …" (or "… of your taxable year").
  const found = new Set<string>();
  for (const m of lower.matchAll(/(\w+) day of the (\w+) month (?:following|after|of)/g)) {
    const day = ordinal(m[1]!);
    const month = ordinal(m[2]!);
    if (!day || !month) return { kind: 'unknown' };
    found.add(`${month}-${day}`);
  }
  // Several different months (e.g. one for partnerships, another for others): it depends.
  if (found.size > 1) return { kind: 'unknown' };
  if (found.size === 1) {
    const [month, day] = [...found][0]!.split('-').map(Number) as [number, number];
    if (month > 12 || day > daysInMonth(2000, month)) return { kind: 'unknown' };
    return { kind: 'fixed-date', month, day, everyYears: 1, afterYearEnd: true };
  }

  const fixed = /\bdue (?:on or before )?([a-z]+\.? \d{1,2}(?:st|nd|rd|th)?)\b/.exec(lower);
  const date = fixed && monthDay(fixed[1]!);
  if (date) return { kind: 'fixed-date', ...date, everyYears: 1 };
  return { kind: 'unknown' };
}

/** Days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Two rules that put the filing on the same days (TX: the franchise tax report is the annual report). */
export function sameDays(a: DueRule, b: DueRule): boolean {
  const key = (r: DueRule) => {
    const { afterYearEnd: _ignored, ...rest } = r as DueRule & { afterYearEnd?: true };
    return JSON.stringify(rest, Object.keys(rest).sort());
  };
  return key(a) === key(b);
}
