import { ExternalLink } from 'lucide-react';
import { datasetLastUpdated, stateCosts, yearlyCostCents, type RecurringCost, type StateCosts } from '@shared/compliance';
import { usStateCodes } from '@shared/geo';
import { clientPaths } from '@shared/routes';
import { Breadcrumb } from '@client/components/breadcrumb';
import { usePageTitle } from '@client/lib/page-title';
import { datasetUrl, useComplianceCopy } from '@client/lib/compliance-copy';

const linkClasses = 'text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300';
// computed once: the data is part of the bundle
const allCosts: StateCosts[] = usStateCodes.map(stateCosts);

type Copy = ReturnType<typeof useComplianceCopy>;

function SourceLink({ href, label, state, copy }: { href: string | null; label: string; state: string; copy: Copy }) {
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
    item.kind === 'state-tax' ? copy.t('page.item.tax', { taxName: item.taxName })
    : item.taxName ? copy.t('page.item.annualReportWithTax', { taxName: item.taxName })
    : copy.t('page.item.annualReport');
  return (
    <li className="space-y-0.5">
      <SourceLink href={item.sourceUrl} label={label} state={state} copy={copy} />
      <p>{copy.amount(item.amount)}</p>
      <p className="text-muted">{copy.due(item.rule, item.ruleKey)}</p>
    </li>
  );
}

function YearlyCell({ costs, state, copy }: { costs: StateCosts; state: string; copy: Copy }) {
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

function filingFee(costs: StateCosts, copy: Copy) {
  if (costs.formationFeeCents == null) return copy.t('page.notInData');
  return copy.format.usd(costs.formationFeeCents);
}
function incomeTax(costs: StateCosts, copy: Copy) {
  if (!costs.incomeTax) return copy.t('page.notInData');
  if (!costs.incomeTax.applies) return copy.t('page.incomeTaxNone');
  if (costs.incomeTax.topRatePercent == null) return copy.t('page.incomeTaxYes');
  const rate = new Intl.NumberFormat(copy.format.locale, { style: 'percent', maximumFractionDigits: 2 }).format(costs.incomeTax.topRatePercent / 100);
  return copy.t('page.incomeTaxRate', { rate });
}
function anonymous(costs: StateCosts, copy: Copy) {
  return costs.anonymous == null ? copy.t('page.notInData') : copy.t(costs.anonymous ? 'page.yes' : 'page.no');
}

/**
 * /state-costs (prerendered, both languages): every state's filing fee, yearly fees and when they
 * are due, income tax and anonymity, from the US LLC State Requirements Dataset (credited).
 * A table from md up; one card per state on phones.
 */
export function StateCostsPage() {
  const copy = useComplianceCopy();
  const { t, format } = copy;
  usePageTitle(t('meta.title'), t('meta.description'));
  const rows = allCosts
    .map((costs) => ({ costs, name: format.state(costs.state) }))
    .sort((a, b) => a.name.localeCompare(b.name, format.locale));

  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <Breadcrumb label={t('page.breadcrumb')} trail={[{ name: t('page.home'), path: '/' }]} current={{ name: t('page.title'), path: clientPaths.stateCosts }} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">{t('page.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg">{t('page.intro')}</p>
      <section aria-labelledby="state-costs-legend" className="mt-6 max-w-3xl rounded-xl border border-line bg-surface-muted p-4 text-sm">
        <h2 id="state-costs-legend" className="font-semibold">
          {t('page.legendTitle')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t('page.legendAtLeast')}</li>
          <li>{t('page.legendUnknown')}</li>
        </ul>
      </section>

      {/* phones: a card per state */}
      <ul className="mt-8 space-y-4 md:hidden" data-testid="state-costs-cards">
        {rows.map(({ costs, name }) => (
          <li key={costs.state} className="rounded-xl border border-line bg-surface p-4" data-testid={`state-costs-card-${costs.state}`}>
            <h2 className="text-lg font-bold">{name}</h2>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
              <div className="col-span-2">
                <dt className="font-semibold">{t('page.columns.filingFee')}</dt>
                <dd>
                  {filingFee(costs, copy)} <span className="text-muted">· {t('page.included')}</span>
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="font-semibold">{t('page.columns.yearly')}</dt>
                <dd className="mt-1">
                  <YearlyCell costs={costs} state={name} copy={copy} />
                </dd>
              </div>
              <div>
                <dt className="font-semibold">{t('page.columns.incomeTax')}</dt>
                <dd>{incomeTax(costs, copy)}</dd>
              </div>
              <div>
                <dt className="font-semibold">{t('page.columns.anonymous')}</dt>
                <dd>{anonymous(costs, copy)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>

      {/* wider screens: one table */}
      <div className="mt-8 hidden md:block">
        <table className="w-full border-collapse text-left text-sm" data-testid="state-costs-table">
          <caption className="sr-only">{t('page.title')}</caption>
          <thead>
            <tr className="border-b-2 border-line align-bottom">
              <th scope="col" className="py-2 pr-4">{t('page.columns.state')}</th>
              <th scope="col" className="py-2 pr-4">{t('page.columns.filingFee')}</th>
              <th scope="col" className="py-2 pr-4">{t('page.columns.yearly')}</th>
              <th scope="col" className="py-2 pr-4">{t('page.columns.incomeTax')}</th>
              <th scope="col" className="py-2">{t('page.columns.anonymous')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ costs, name }) => (
              <tr key={costs.state} className="border-b border-line align-top" data-testid={`state-costs-row-${costs.state}`}>
                <th scope="row" className="py-3 pr-4 font-semibold">{name}</th>
                <td className="py-3 pr-4">
                  <p>{filingFee(costs, copy)}</p>
                  <p className="text-muted">{t('page.included')}</p>
                </td>
                <td className="py-3 pr-4">
                  <YearlyCell costs={costs} state={name} copy={copy} />
                </td>
                <td className="py-3 pr-4">{incomeTax(costs, copy)}</td>
                <td className="py-3">{anonymous(costs, copy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <footer className="mt-8 space-y-2 text-sm text-muted">
        <p>
          {t('page.creditLine')} ·{' '}
          <a href={datasetUrl} target="_blank" rel="noreferrer" className={linkClasses}>
            {t('page.datasetLink')}
          </a>
        </p>
        <p>{t('page.lastVerified', { date: format.day(datasetLastUpdated) })}</p>
        <p>{t('page.notAdvice')}</p>
      </footer>
    </article>
  );
}
