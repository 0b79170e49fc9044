/**
 * What a state costs to keep, from the second year (the state-costs page and the wizard's state
 * picker): the recurring filings of the compliance calendar, without dates. From the US LLC State
 * Requirements Dataset (StartupSole LLC, CC BY 4.0): credit it wherever this is shown.
 */
import type { UsStateCode } from '../geo';
import { ruleKey, stateObligations, stateRecord, type Amount, type RuleKey } from './calendar';
import type { DueRule } from './due-rules';

export interface RecurringCost {
  kind: 'state-annual-report' | 'state-tax';
  amount: Amount | null;
  taxName: string | null;
  /** when it is due: the rule, its key in `compliance:rule`, the dataset's wording */
  rule: DueRule;
  ruleKey: RuleKey;
  ruleText: string | null;
  everyYears: 1 | 2 | null;
  sourceUrl: string | null;
  /** the dataset record's last verification */
  lastVerified: string | null;
}

export interface StateCosts {
  state: UsStateCode;
  /** null: the dataset has no formation fee for this jurisdiction (DC) */
  formationFeeCents: number | null;
  recurring: RecurringCost[];
  /** true when the dataset says there is no annual report */
  noAnnualReport: boolean;
  /** the annual report record's source, also where it says there is none */
  annualReportSourceUrl: string | null;
  /** the state taxes a pass-through LLC's owners' income; null: not in the dataset */
  incomeTax: { applies: boolean; topRatePercent: number | null } | null;
  anonymous: boolean | null;
  lastVerified: string | null;
}

export function stateCosts(state: UsStateCode): StateCosts {
  const record = stateRecord(state);
  const recurring = stateObligations(state).map((o) => ({
    kind: o.kind as RecurringCost['kind'],
    amount: o.amount,
    taxName: o.taxName,
    rule: o.rule,
    ruleKey: ruleKey(o.rule),
    ruleText: o.ruleText,
    everyYears: 'everyYears' in o.rule ? o.rule.everyYears : null,
    sourceUrl: o.sourceUrl,
    lastVerified: o.lastVerified,
  }));
  const dates = [record?.annualReport?.lastVerified, record?.tax?.lastVerified].filter((d): d is string => !!d).sort();
  return {
    state,
    formationFeeCents: record?.formationFeeUsd == null ? null : Math.round(record.formationFeeUsd * 100),
    recurring,
    noAnnualReport: !!record?.annualReport && !recurring.some((r) => r.kind === 'state-annual-report'),
    annualReportSourceUrl: record?.annualReport?.sourceUrl ?? null,
    incomeTax:
      record?.incomeTax?.passThroughApplies == null ? null : { applies: record.incomeTax.passThroughApplies, topRatePercent: record.incomeTax.topRatePercent },
    anonymous: record?.anonymous ?? null,
    lastVerified: dates.at(-1) ?? null,
  };
}

/**
 * The known yearly cost from year two, in cents: each filing's amount spread over its period
 * (a $20 biennial report counts $10 a year), `atLeast` when a part varies or is unknown
 * (a filing whose rule is unknown adds nothing).
 */
export function yearlyCostCents(costs: StateCosts): { cents: number; atLeast: boolean } {
  let total = 0;
  let atLeast = false;
  for (const r of costs.recurring) {
    // an amount without a known rule (how often?) is not spread over years: only flagged
    if (!r.amount || r.rule.kind === 'unknown') atLeast = true;
    else {
      total += r.amount.cents / (r.everyYears ?? 1);
      if (r.amount.method === 'minimum') atLeast = true;
    }
  }
  return { cents: Math.round(total), atLeast };
}

/** Some recurring filing has no amount or no due rule in the dataset: its yearly cost is not fully known. */
export function hasUnknownCost(costs: StateCosts): boolean {
  return costs.recurring.some((r) => r.rule.kind === 'unknown' || !r.amount);
}
