/**
 * What a state guide shows, all from the US LLC State Requirements Dataset (StartupSole LLC,
 * CC BY 4.0; credit it wherever this is shown): the costs of the state-costs page (one source of
 * fees and due rules), the filing fee's source, the name rules (extracted in
 * name-rules/states.ts), anonymity and the published processing time. A fact the dataset lacks is
 * null: the page says so instead of guessing.
 */
import { stateCosts, yearlyCostCents, type RecurringCost, type StateCosts } from './compliance';
import type { UsStateCode } from './geo';
import { nameRulesFor, type StateNameRules } from './name-rules';
import { quizStateCodes } from './quiz/states';
import guides from './state-data/guides.json';
import stateData from './state-data/states.json';

/** The guides compare their state with the states the quiz recommends. */
export const comparedStates: readonly UsStateCode[] = quizStateCodes;

export interface Sourced {
  sourceUrl: string;
  /** YYYY-MM-DD */
  lastVerified: string;
}
export interface BusinessDays {
  min: number;
  max: number;
}

export interface StateGuideFacts {
  state: UsStateCode;
  costs: StateCosts;
  /** from year two, as the state-costs page and the wizard's hint say it */
  yearly: { cents: number; atLeast: boolean };
  /** the filing fee's source: null where the dataset has no fee (DC) */
  formation: (Sourced & { cents: number }) | null;
  /** the annual report (alone, or with the tax it collects); null: none, or not in the dataset (`costs.noAnnualReport` tells which) */
  annualReport: RecurringCost | null;
  /** a state tax due apart from the annual report */
  separateTax: RecurringCost | null;
  names: { rules: StateNameRules; source: Sourced | null };
  /** the state's published standard processing time, where it gives business days */
  processing: (Sourced & { online: BusinessDays | null; mail: BusinessDays | null }) | null;
}

interface GuideRecord {
  processing: (Sourced & { onlineBusinessDays: BusinessDays | null; mailBusinessDays: BusinessDays | null }) | null;
  nameRules: Sourced | null;
}
interface FeeRecord {
  formationFeeUsd: number;
  officialLink: string;
  lastVerified: string;
}

export function stateGuideFacts(state: UsStateCode): StateGuideFacts {
  const costs = stateCosts(state);
  const fee = (stateData.states as Partial<Record<string, FeeRecord>>)[state];
  const guide = (guides.states as Partial<Record<string, GuideRecord>>)[state];
  const processing = guide?.processing;
  return {
    state,
    costs,
    yearly: yearlyCostCents(costs),
    formation: fee && costs.formationFeeCents != null ? { cents: costs.formationFeeCents, sourceUrl: fee.officialLink, lastVerified: fee.lastVerified } : null,
    annualReport: costs.recurring.find((r) => r.kind === 'state-annual-report') ?? null,
    separateTax: costs.recurring.find((r) => r.kind === 'state-tax') ?? null,
    names: { rules: nameRulesFor(state), source: guide?.nameRules ?? null },
    processing: processing
      ? { online: processing.onlineBusinessDays, mail: processing.mailBusinessDays, sourceUrl: processing.sourceUrl, lastVerified: processing.lastVerified }
      : null,
  };
}
