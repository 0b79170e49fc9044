import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { datasetLastUpdated, yearlyCostCents, type RecurringCost, type StateCosts } from '@shared/compliance';
import { datasetUrl, type useComplianceCopy } from '@client/lib/compliance-copy';
import { formatPercent } from '@shared/formats';

/*
 * The parts of the state-costs page that the state guides show too: the same
 * words for the same facts, from the same dataset.
 */
export const linkClasses = 'text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300';
export type Copy = ReturnType<typeof useComplianceCopy>;

export function SourceLink({ href, label, state, copy }: { href: string | null; label: ReactNode; state: string; copy: Copy }) {
  if (!href) return <span className="font-medium">{label}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer" className={`${linkClasses} font-medium`}>
      {label}
      <span className="sr-only"> ({copy.t('page.item.sourceOf', { state })})</span>
      <ExternalLink className="ml-1 inline size-3.5 align-baseline" aria-hidden />
    </a>
  );
}

/** One recurring filing: its name linked to the dataset's source, the amount, when it is due. */
function Recurring({ item, state, copy }: { item: RecurringCost; state: string; copy: Copy }) {
  const label =
    item.kind === 'state-tax'
      ? copy.t('page.item.tax', { taxName: copy.taxName(item.taxName ?? '') })
      : item.taxName
        ? copy.t('page.item.annualReportWithTax', { taxName: copy.taxName(item.taxName) })
        : copy.t('page.item.annualReport');
  return (
    <li className="space-y-0.5">
      <SourceLink href={item.sourceUrl} label={label} state={state} copy={copy} />
      <p>{copy.amount(item.amount)}</p>
      <p className="text-muted">{copy.due(item.rule, item.ruleKey)}</p>
    </li>
  );
}

export function YearlyCell({ costs, state, copy }: { costs: StateCosts; state: string; copy: Copy }) {
  const yearly = yearlyCostCents(costs);
  // a total only where it adds something: several filings, or one every two years
  const showTotal = yearly.cents > 0 && (costs.recurring.length > 1 || costs.recurring.some((r) => r.everyYears === 2));
  return (
    <div className="space-y-3 text-sm">
      {costs.recurring.length === 0 ? (
        <p className="font-medium">{copy.t('page.noYearly')}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {costs.recurring.map((item) => (
              <Recurring key={item.kind} item={item} state={state} copy={copy} />
            ))}
          </ul>
          {showTotal && (
            <p className="font-semibold">{copy.t(yearly.atLeast ? 'page.perYearAtLeast' : 'page.perYear', { amount: copy.format.usd(yearly.cents) })}</p>
          )}
        </>
      )}
      {costs.noAnnualReport && (
        <p>
          <SourceLink href={costs.annualReportSourceUrl} label={copy.t('page.noAnnualReport')} state={state} copy={copy} />
        </p>
      )}
    </div>
  );
}

export function filingFee(costs: StateCosts, copy: Copy) {
  if (costs.formationFeeCents == null) return copy.t('page.notInData');
  return copy.format.usd(costs.formationFeeCents);
}
export function incomeTax(costs: StateCosts, copy: Copy) {
  if (!costs.incomeTax) return copy.t('page.notInData');
  if (!costs.incomeTax.applies) return copy.t('page.incomeTaxNone');
  if (costs.incomeTax.topRatePercent == null) return copy.t('page.incomeTaxYes');
  return copy.t('page.incomeTaxRate', { rate: formatPercent(costs.incomeTax.topRatePercent, copy.format.language) });
}
export function anonymous(costs: StateCosts, copy: Copy) {
  return costs.anonymous == null ? copy.t('page.notInData') : copy.t(costs.anonymous ? 'page.yes' : 'page.no');
}

/** The dataset's credit line (CC BY 4.0), the day it was last checked, and the not-advice note. */
export function DatasetCredit({ copy }: { copy: Copy }) {
  const { t, format } = copy;
  return (
    <footer className="mt-8 space-y-2 text-sm text-muted">
      <p>
        {t('page.creditLine')} ·{' '}
        <a href={datasetUrl} target="_blank" rel="noreferrer" className={linkClasses}>
          {t('page.datasetLink')}
        </a>
      </p>
      <p>{t('page.lastVerified', { date: format.longDay(datasetLastUpdated) })}</p>
      <p>{t('page.notAdvice')}</p>
    </footer>
  );
}
