import { Suspense } from 'react';
import { Link } from '@client/lib/router';
import { stateCosts, type StateCosts } from '@shared/compliance';
import { compareFolded } from '@shared/fold-text';
import { usStateCodes, type UsStateCode } from '@shared/geo';
import { stateGuidePath } from '@shared/state-guides';
import { Breadcrumb } from '@client/components/breadcrumb';
import { usePageTitle } from '@client/lib/page-title';
import { useComplianceCopy } from '@client/lib/compliance-copy';
import { anonymous, DatasetCredit, filingFee, incomeTax, linkClasses, YearlyCell } from '@client/components/state-cost-parts';
import { paths } from '@shared/client-paths';

// computed once: the data is part of the bundle
const allCosts: StateCosts[] = usStateCodes.map(stateCosts);

/** The state's name, leading to its guide. */
function GuideLink({ state, name }: { state: UsStateCode; name: string }) {
  return (
    <Link to={stateGuidePath(state)} className={linkClasses}>
      {name}
    </Link>
  );
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
  const rows = allCosts.map((costs) => ({ costs, name: format.state(costs.state) })).sort((a, b) => compareFolded(a.name, b.name));

  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <Breadcrumb
        label={t('page.breadcrumb')}
        trail={[{ name: t('page.home'), path: paths.home() }]}
        current={{ name: t('page.title'), path: paths.stateCosts() }}
      />
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

      {/* phones: a card per state. Each layout hydrates as a boundary of its own, after the page
          around it and in slices the browser can interrupt: 50 states twice in one task blocked
          the main thread for 170 ms on a slow phone (Lighthouse). */}
      <Suspense fallback={null}>
        <ul className="mt-8 space-y-4 md:hidden" data-testid="state-costs-cards">
          {rows.map(({ costs, name }) => (
            <li key={costs.state} className="rounded-xl border border-line bg-surface p-4" data-testid={`state-costs-card-${costs.state}`}>
              <h2 className="text-lg font-bold">
                <GuideLink state={costs.state} name={name} />
              </h2>
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
      </Suspense>

      {/* wider screens: one table */}
      <Suspense fallback={null}>
        <div className="mt-8 hidden md:block">
          <table className="w-full border-collapse text-left text-sm" data-testid="state-costs-table">
            <caption className="sr-only">{t('page.title')}</caption>
            <thead>
              <tr className="border-b-2 border-line align-bottom">
                <th scope="col" className="py-2 pr-4">
                  {t('page.columns.state')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('page.columns.filingFee')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('page.columns.yearly')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('page.columns.incomeTax')}
                </th>
                <th scope="col" className="py-2">
                  {t('page.columns.anonymous')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ costs, name }) => (
                <tr key={costs.state} className="border-b border-line align-top" data-testid={`state-costs-row-${costs.state}`}>
                  <th scope="row" className="py-3 pr-4 font-semibold">
                    <GuideLink state={costs.state} name={name} />
                  </th>
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
      </Suspense>

      <DatasetCredit copy={copy} />
    </article>
  );
}
