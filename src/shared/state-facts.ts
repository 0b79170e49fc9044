import type { UsStateCode } from './geo';
import stateData from './state-data/states.json';

export interface StateFacts {
  formationFeeUsd: number;
  annualReportFeeUsd: number;
}

/**
 * Verified fees from the US LLC State Requirements Dataset (StartupSole LLC, CC BY 4.0): wherever
 * they are shown, the credit line (`order:state.credit`, `quiz:results.credit`) is shown too. DC is not in the dataset:
 * no facts rather than invented ones.
 */
export function stateFacts(code: UsStateCode): StateFacts | null {
  const facts = (stateData.states as Partial<Record<string, StateFacts>>)[code];
  return facts ? { formationFeeUsd: facts.formationFeeUsd, annualReportFeeUsd: facts.annualReportFeeUsd } : null;
}
